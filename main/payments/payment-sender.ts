import type { PaymentFailure, PaymentIntent } from '../../common/payment.ts';
import { isFinal, TAKEN_STATES } from '../../common/payment-status.ts';
import { REQUEST_ID_WINDOW_MS, windowClosed } from '../../common/request-id.ts';
import { gmtDay } from '../../common/time.ts';
import { BankError } from '../bank/bank-error.ts';
import { matchesInitiation, SETTLED_STATUS } from '../bank/initiation.ts';
import { WalletError } from '../wallet-error.ts';
import type { PaymentServiceOptions } from './payment-service-options.ts';
import { requireOwn, type PaymentWrites } from './payment-writes.ts';

const DEFAULT_RETRY_DELAYS_MS = [500, 2_000, 5_000];

/**
 * Refusals that come before the bank checks the X-Request-ID (authentication, then the header itself). Any later
 * refusal means an earlier send with the same id was not processed, or the bank would have replayed it.
 */
const REFUSED_BEFORE_IDEMPOTENCY = new Set<string>(['Unauthorized', 'RequestIdHeaderMissing', 'InvalidRequestHeader']);

/** Why a payment the app sends no more (`sendsStopped`) is not sent now. */
export function sendsStoppedError(intent: PaymentIntent): WalletError {
  return intent.sendsStopped?.by === 'restore'
    ? new WalletError(
        'RESTORED_NOT_SENT',
        'This payment came from a backup: the app never sends it. Check your online banking, then say what it shows',
      )
    : new WalletError(
        'SENDING_STOPPED',
        'You stopped the app from trying to send this payment: check your online banking, then say what it shows',
      );
}

const failureOf = (error: BankError): PaymentFailure => ({
  name: error.name,
  code: error.code,
  message: error.message,
  ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
});

/**
 * The send state machine: a payment's way to the bank and back, with its request id, its retries, its 24-hour
 * window and its status query. The service (payment-service.ts) runs one of these at a time per payment.
 */
export class PaymentSender {
  readonly #options: PaymentServiceOptions;
  readonly #writes: PaymentWrites;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #retryDelays: readonly number[];
  /** The customer pressed "Stop trying" on this payment while it was being sent: no further attempt is made. */
  readonly #stopRequested: (id: string) => boolean;

  constructor(options: PaymentServiceOptions, writes: PaymentWrites, stopRequested: (id: string) => boolean) {
    this.#options = options;
    this.#writes = writes;
    this.#stopRequested = stopRequested;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  /**
   * Sends a confirmed payment, or one whose outcome is unknown again (same request id). Decided from the payment as
   * this service last wrote or read it, if it is one of the last few: the store refuses the first write below if it
   * no longer holds that very version, and the send starts again from what it holds (`reads`: how often it was read
   * afresh for this send already). So a send asks the store once before the POST, not twice.
   */
  async send(id: string, reads = 0): Promise<PaymentIntent> {
    const known = reads > 0 ? undefined : this.#writes.known(id);
    let intent = known ?? (await this.#writes.readIntact(id));
    const { kennitala } = requireOwn(intent, this.#options.customer);
    // Final, dropped, or the customer's word: nothing is sent or asked.
    if (isFinal(intent.state)) return intent;
    if (intent.state === 'accepted') return this.refresh(intent);
    // Stopped by the customer, or brought in by a backup: never sent again, whoever asks.
    if (intent.sendsStopped) throw sendsStoppedError(intent);

    const first = intent.firstSentAt === undefined;
    if (first) {
      // Never sent, and its request id's 24 hours are over: the app does not send it now (see the window below).
      if (windowClosed(intent, this.#now())) {
        throw new WalletError(
          'TOO_LATE_TO_SEND',
          'This payment was confirmed more than 24 hours ago and never sent: make a new payment instead',
        );
      }
      this.#options.beforeFirstSend?.(intent);
    }

    // The bank remembers a request id for 24 hours from its first use; a send after that could pay a second time.
    // The window is counted from the confirmation, which is never later than the first send: so it holds even if
    // a power cut lost the record of when the first send happened.
    const windowEnds = intent.createdAt + REQUEST_ID_WINDOW_MS;
    for (let attempt = 0; ; attempt += 1) {
      const now = this.#now();
      if (now >= windowEnds) {
        return this.#writes.update(intent, {
          state: 'unknown',
          error: {
            name: 'WindowExpired',
            code: 'REQUEST_ID_EXPIRED',
            message: 'More than 24 hours since the payment was confirmed',
          },
        });
      }
      if (attempt > 0 && this.#stopRequested(intent.id)) {
        return this.#writes.update(intent, { state: 'unknown', sendsStopped: { at: now, by: 'customer' } });
      }
      const firstSentAt = intent.firstSentAt ?? now;
      const sending = { state: 'sending' as const, firstSentAt, attempts: intent.attempts + 1 };
      if (attempt === 0) {
        // Not synced: the request id is on disk since the confirmation, and the window does not depend on this.
        // Time may have passed since the customer confirmed: before the first send the store checks the limit
        // again, with this write.
        const begun = await this.#writes.beginSend(
          intent,
          sending,
          first ? { day: gmtDay(now), kennitala } : undefined,
        );
        if (begun === 'stale') {
          // Changed since it was read (a change made meanwhile, such as "don't send"): read again, a few times.
          if (reads >= 2) throw new WalletError('STORE_FAILED', 'The payment store answered out of turn');
          return this.send(id, reads + 1);
        }
        if (begun === 'overLimit') {
          return this.#writes.update(intent, {
            state: 'rejected',
            error: {
              name: 'OverDailyAmount',
              code: 'LOCAL_DAILY_LIMIT',
              message: 'Refused by the app: over the daily limit',
            },
          });
        }
        intent = begun;
      } else {
        intent = await this.#writes.update(intent, sending, { sync: false });
      }
      try {
        const { order, requestId } = intent;
        const created = await this.#options.bank.createCreditTransfer(order, requestId, { paymentId: intent.id });
        // One write for "accepted" and its status: should the app stop in between, the intent reads as being sent,
        // and checking again replays the same request id, so nothing is lost by not writing "accepted" first.
        return await this.refresh(intent, created.initiationId);
      } catch (error) {
        const failure =
          error instanceof BankError
            ? error
            : new BankError({
                name: 'NetworkError',
                code: 'UNEXPECTED',
                message: 'The send failed unexpectedly',
                retryable: true,
              });
        if (!failure.retryable) {
          // Only the bank's own, catalogued refusal ends a payment as rejected; a redirect or an answer without a
          // known code says nothing certain about whether it was processed.
          if (!failure.refusal) return this.#writes.update(intent, { state: 'unknown', error: failureOf(failure) });
          // Refused before the bank looked at the request id: an earlier, unanswered send may still have gone through.
          if (intent.attempts > 1 && REFUSED_BEFORE_IDEMPOTENCY.has(failure.name)) {
            return this.#writes.update(intent, { state: 'unknown', error: failureOf(failure) });
          }
          if (failure.name === 'OverDailyAmount') {
            await this.#options.store.markBankLimitReached(kennitala, gmtDay(firstSentAt));
          }
          return this.#writes.update(intent, { state: 'rejected', error: failureOf(failure) });
        }
        const delay = this.#retryDelays[attempt];
        const wait = Math.max(delay ?? 0, failure.retryAfterMs ?? 0);
        if (delay === undefined || this.#now() + wait >= windowEnds) {
          return this.#writes.update(intent, { state: 'unknown', error: failureOf(failure) });
        }
        await this.#sleep(wait);
      }
    }
  }

  /** Asks the bank for the status of a payment it accepted (`initiationId`), and writes what it says. */
  async refresh(intent: PaymentIntent, initiationId = intent.initiationId): Promise<PaymentIntent> {
    if (!initiationId) return intent;
    const accepted = { initiationId, error: undefined };
    try {
      const initiation = await this.#options.bank.getCreditTransfer(initiationId, { paymentId: intent.id });
      const { debtorKennitala, debtorAccount, amount } = intent.order;
      if (!matchesInitiation(initiation, { initiationId, debtorKennitala, debtorAccount, amount })) {
        // Another initiation than ours (a bank's static sample, a mix-up): accepted, but its status is not ours.
        return this.#keepAccepted(intent, initiationId);
      }
      // Not synced to disk, nor waited for when it answers this send (`answered`): were a power cut or a crash to
      // lose it, the intent would read as being sent, and checking again would replay the same request id and learn
      // this again. Everything before the send is synced.
      return await this.#writes.answered(intent, {
        ...accepted,
        state: initiation.status === SETTLED_STATUS ? 'settled' : 'accepted',
        bankStatus: initiation.status,
        ...(initiation.paymentDate ? { paymentDate: initiation.paymentDate } : {}),
      });
    } catch (error) {
      // The payment is accepted whatever the status query says; the status can be asked again later.
      if (!(error instanceof BankError)) throw error;
      return this.#keepAccepted(intent, initiationId);
    }
  }

  /** The bank took the payment; what is already known of it (accepted, or settled) is not taken back. */
  async #keepAccepted(intent: PaymentIntent, initiationId: string): Promise<PaymentIntent> {
    const known = TAKEN_STATES.includes(intent.state) && intent.initiationId === initiationId;
    return known ? intent : this.#writes.update(intent, { initiationId, error: undefined, state: 'accepted' });
  }
}
