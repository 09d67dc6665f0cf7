import { randomUUID } from 'node:crypto';
import type { DailyLimitView, DuplicateWarning } from '../../common/bridge-contract.ts';
import {
  checkDraft,
  type DraftCheck,
  type PaymentDraft,
  type PaymentFailure,
  type PaymentIntent,
  type PaymentOrder,
} from '../../common/payment.ts';
import { newRequestId, REQUEST_ID_WINDOW_MS, windowClosed } from '../../common/request-id.ts';
import { DAY_MS, gmtDay, type Clock } from '../../common/time.ts';
import type { BankClient } from '../bank/bank-client.ts';
import { BankError } from '../bank/bank-error.ts';
import { matchesInitiation, SETTLED_STATUS } from '../bank/initiation.ts';
import { duplicateKind, UNTRUSTED_HISTORY } from '../../common/payment-status.ts';
import { WalletError } from '../wallet-error.ts';
import { dailyLimit } from './daily-ledger.ts';
import type { HistoryFilter } from '../../common/payment.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PayeeOf, PaymentStore, StoreIntegrity } from './store/store-contract.ts';

/**
 * Payments that never go through twice. An intent gets its X-Request-ID when the customer confirms, and that id is
 * on disk before the first byte is sent; every retry, automatic or the customer's "check again", sends the same id,
 * so the bank processes it at most once. After the bank's 24-hour window the app stops sending and says so.
 */
export interface PaymentServiceOptions {
  profileId: string;
  store: PaymentStore;
  bank: BankClient;
  clock: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** The signed-in customer; throws a WalletError when there is none or the grant has ended. */
  customer: () => { kennitala: string };
  /** Waits before the automatic retries on network errors, timeouts and 5xx; one retry per entry. */
  retryDelaysMs?: readonly number[];
  newId?: () => string;
  newRequestId?: () => string;
  onChange?: (intent: PaymentIntent) => void;
  /**
   * Before a payment is first sent, whichever call sends it (submit, or check again on one never sent): throws to
   * keep it unsent. The app lock asks here that the passcode was entered just before (LockService.takePresence).
   */
  beforeFirstSend?: (intent: PaymentIntent) => void;
}

/** A draft checked against the rules, today's limit and the last 24 hours (the handler makes the view of it). */
export interface PaymentCheck {
  check: DraftCheck;
  duplicate: DuplicateWarning | undefined;
  limit: DailyLimitView;
}

const DEFAULT_RETRY_DELAYS_MS = [500, 2_000, 5_000];

/**
 * Refusals that come before the bank checks the X-Request-ID (authentication, then the header itself). Any later
 * refusal means an earlier send with the same id was not processed, or the bank would have replayed it.
 */
const REFUSED_BEFORE_IDEMPOTENCY = new Set<string>(['Unauthorized', 'RequestIdHeaderMissing', 'InvalidRequestHeader']);

/**
 * A payment the bank may still be deciding on, within its request id's 24 hours: accepted without a final status, or
 * sent with no answer (the follow-up's, see `awaitingOutcome`).
 */
export const awaitsOutcome = (intent: PaymentIntent, now: number): boolean =>
  (intent.state === 'accepted' || intent.state === 'unknown') &&
  intent.firstSentAt !== undefined &&
  !windowClosed(intent, now);

/** States in which nothing is sent or asked about a payment again. */
const CLOSED: ReadonlySet<PaymentIntent['state']> = new Set([
  'settled',
  'rejected',
  'dropped',
  'declaredPaid',
  'declaredNotPaid',
]);

const failureOf = (error: BankError): PaymentFailure => ({
  name: error.name,
  code: error.code,
  message: error.message,
  ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
});

export class PaymentService {
  readonly #options: PaymentServiceOptions;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #retryDelays: readonly number[];
  /** One send per intent at a time: a second caller gets the first one's promise. */
  readonly #inFlight = new Map<string, Promise<PaymentIntent>>();
  /**
   * Confirmations one after another: the second of two presses of Pay (a double click, two windows) is checked
   * only once the first is on disk, so it sees the first as a duplicate instead of both getting a request id.
   */
  #confirming: Promise<unknown> = Promise.resolve();

  constructor(options: PaymentServiceOptions) {
    this.#options = options;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  get #store(): PaymentStore {
    return this.#options.store;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  /** At start: an intent that was being sent when the app stopped may or may not have reached the bank. */
  async recover(): Promise<void> {
    for (const intent of await this.#store.inState('sending')) {
      await this.#update(intent, {
        state: 'unknown',
        error: {
          name: 'Interrupted',
          code: 'INTERRUPTED',
          message: 'The app stopped while the payment was being sent',
        },
      });
    }
  }

  dailyLimit(): Promise<DailyLimitView> {
    return dailyLimit(this.#store, this.#options.customer().kennitala, this.#now());
  }

  async validate(draft: PaymentDraft): Promise<PaymentCheck> {
    const { kennitala } = this.#options.customer();
    const limit = await dailyLimit(this.#store, kennitala, this.#now());
    const check = checkDraft(draft, { kennitala, remainingToday: limit.remaining });
    return { check, limit, duplicate: check.ok ? await this.#findDuplicate(check.order) : undefined };
  }

  /**
   * An earlier payment like this one, or, where the history is not the one the app last wrote (an older copy put
   * back, records removed), the warning that one may have been made: every payment meets it until the customer has
   * checked at their bank (`acceptHistory`).
   */
  async #findDuplicate(order: PaymentOrder): Promise<DuplicateWarning | undefined> {
    const [known, integrity] = await Promise.all([this.#findEarlier(order), this.#store.integrity()]);
    if (known || integrity.trusted) return known;
    return { intentId: UNTRUSTED_HISTORY, createdAt: this.#now(), amount: order.amount, kind: 'untrusted' };
  }

  /**
   * The same payee and amount within the last 24 hours, that may have gone or may still go: not refused by the bank,
   * not dropped, not said by the customer to have failed (common/payment-status.ts's `duplicate`).
   */
  async #findEarlier(order: PaymentOrder): Promise<DuplicateWarning | undefined> {
    const now = this.#now();
    const match = await this.#store.newestLike(order, [gmtDay(now - DAY_MS), gmtDay(now)], now - DAY_MS);
    const kind = match && duplicateKind(match.state);
    return match && kind && { intentId: match.id, createdAt: match.createdAt, amount: match.order.amount, kind };
  }

  /** The customer pressed "Pay": the intent and its request id are on disk when this resolves. */
  confirm(draft: PaymentDraft, options: { acknowledgeDuplicate?: string } = {}): Promise<PaymentIntent> {
    const run = this.#confirming.then(() => this.#confirmNow(draft, options));
    this.#confirming = run.catch(() => undefined);
    return run;
  }

  async #confirmNow(draft: PaymentDraft, options: { acknowledgeDuplicate?: string }): Promise<PaymentIntent> {
    const { check, duplicate } = await this.validate(draft);
    if (!check.ok)
      throw new WalletError('INVALID_PAYMENT', `The payment has errors: ${Object.keys(check.errors).join(', ')}`);
    if (duplicate && duplicate.intentId !== options.acknowledgeDuplicate) {
      throw new WalletError('DUPLICATE_NOT_ACKNOWLEDGED', 'A payment like this one was made in the last 24 hours');
    }
    const now = this.#now();
    const intent: PaymentIntent = {
      id: (this.#options.newId ?? randomUUID)(),
      profileId: this.#options.profileId,
      order: check.order,
      requestId: (this.#options.newRequestId ?? newRequestId)(),
      state: 'confirmed',
      stateTimes: { confirmed: now },
      createdAt: now,
      updatedAt: now,
      attempts: 0,
      ...(duplicate ? { acknowledgedDuplicateOf: duplicate.intentId } : {}),
    };
    const saved = { ...intent, version: await this.#store.save(intent) };
    this.#options.onChange?.(saved);
    return saved;
  }

  /** Sends a confirmed intent; also "check again" for one whose outcome is unknown. Never two sends at once. */
  submit(id: string): Promise<PaymentIntent> {
    const running = this.#inFlight.get(id);
    if (running) return running;
    const run = this.#send(id).finally(() => this.#inFlight.delete(id));
    this.#inFlight.set(id, run);
    return run;
  }

  /**
   * "Don't send": a payment confirmed and never sent goes for good (`dropped`), and its share of today's limit with
   * it. Refused while it is being sent, and for one that was ever sent: that may be at the bank already.
   */
  async drop(id: string): Promise<PaymentIntent> {
    const intent = await this.#requireIntact(id);
    this.#requireOwn(intent);
    if (intent.state === 'dropped') return intent;
    if (this.#inFlight.has(id) || intent.state !== 'confirmed' || intent.firstSentAt !== undefined) {
      throw new WalletError('PAYMENT_ALREADY_SENT', 'This payment has been sent: it can no longer be dropped');
    }
    // While the record is written, a send of the same payment gets this instead: it finds the payment dropped.
    return this.#exclusive(id, () => this.#update(intent, { state: 'dropped', error: undefined }));
  }

  /**
   * The customer's word on a payment whose outcome stayed unknown past the request id's 24 hours (the app can no
   * longer ask the bank): what their online banking shows. Recorded as theirs (`declaredPaid`, `declaredNotPaid`),
   * never as the bank's, and may be changed. Refused while the app can still ask, and for any other state.
   */
  async declareOutcome(id: string, outcome: 'paid' | 'notPaid'): Promise<PaymentIntent> {
    const intent = await this.#requireIntact(id);
    this.#requireOwn(intent);
    const state = outcome === 'paid' ? 'declaredPaid' : 'declaredNotPaid';
    if (intent.state === state) return intent;
    const askable = intent.state === 'unknown' && !windowClosed(intent, this.#now());
    const declarable =
      (intent.state === 'unknown' && !askable) || intent.state === 'declaredPaid' || intent.state === 'declaredNotPaid';
    if (this.#inFlight.has(id) || !declarable) {
      throw new WalletError(
        askable ? 'OUTCOME_STILL_ASKABLE' : 'OUTCOME_NOT_DECLARABLE',
        askable
          ? 'The app can still ask the bank about this payment: check again instead'
          : 'Only a payment whose outcome the app can no longer learn takes your word',
      );
    }
    return this.#exclusive(id, () => this.#update(intent, { state }));
  }

  /** One change of a payment at a time: a send that comes while it runs gets its promise (see `submit`). */
  #exclusive(id: string, change: () => Promise<PaymentIntent>): Promise<PaymentIntent> {
    const run = change().finally(() => this.#inFlight.delete(id));
    this.#inFlight.set(id, run);
    return run;
  }

  #requireOwn(intent: PaymentIntent): void {
    if (intent.order.debtorKennitala !== this.#options.customer().kennitala) {
      throw new WalletError('WRONG_CUSTOMER', 'This payment belongs to another customer');
    }
  }

  async checkAgain(id: string): Promise<PaymentIntent> {
    const intent = await this.#requireIntact(id);
    if (intent.state === 'accepted') return this.refreshStatus(id);
    return this.submit(id);
  }

  /**
   * Asks the bank for the status of an accepted payment. A settled or refused one is final: nothing is asked or
   * written again.
   */
  refreshStatus(id: string): Promise<PaymentIntent> {
    // A send or another question about it under way (the follow-up's, a second window's): its answer is this one's.
    const running = this.#inFlight.get(id);
    if (running) return running;
    return this.#exclusive(id, () => this.#refreshNow(id));
  }

  async #refreshNow(id: string): Promise<PaymentIntent> {
    const intent = await this.#requireIntact(id);
    if (!intent.initiationId || CLOSED.has(intent.state)) return intent;
    return this.#refresh(intent);
  }

  /**
   * Payments the bank may still be deciding on, within their request id's 24 hours: accepted without a final status,
   * or sent with no answer. Only the last two GMT days can hold them (a payment counts on the day it was first sent,
   * never before it was confirmed), so this reads two days of the index, not the history.
   */
  async awaitingOutcome(): Promise<PaymentIntent[]> {
    const now = this.#now();
    const recent = await this.#store.inStatesOnDays(['accepted', 'unknown'], [gmtDay(now - DAY_MS), gmtDay(now)]);
    return recent.filter((intent) => awaitsOutcome(intent, now));
  }

  /** A payment by id. */
  find(id: string): Promise<PaymentIntent | undefined> {
    return this.#store.get(id);
  }

  /** One page of the history, newest first, filtered where a filter is given (read in the store's worker). */
  historyPage(
    page: { offset: number; limit: number },
    filter?: HistoryFilter,
  ): Promise<{ total: number; items: PaymentIntent[] }> {
    return this.#store.page(page, filter);
  }

  /** The history, filtered, as CSV in the customer's language (made in the store's worker). */
  historyCsv(filter: HistoryFilter, locale: AppLocale): Promise<{ csv: string; count: number }> {
    return this.#store.csv(filter, locale);
  }

  /** Whether the customer has paid this kennitala and account before (a payment the bank accepted). */
  paidBefore(order: PayeeOf): Promise<boolean> {
    return this.#store.paidBefore(order);
  }

  /** Whether the store is the one the app last wrote, whole (see store-contract.ts). */
  integrity(): Promise<StoreIntegrity> {
    return this.#store.integrity();
  }

  /** The customer checked their online banking: the history as it is now is the app's from here on. */
  acceptHistory(): Promise<StoreIntegrity> {
    return this.#store.accept();
  }

  async #require(id: string): Promise<PaymentIntent> {
    const intent = await this.#store.get(id);
    if (!intent) throw new WalletError('PAYMENT_NOT_FOUND', 'No such payment');
    return intent;
  }

  /** A payment whose record failed its integrity check is never sent or asked about on the app's own. */
  async #requireIntact(id: string): Promise<PaymentIntent> {
    const intent = await this.#require(id);
    if (intent.state === 'damaged') {
      throw new WalletError(
        'RECORD_DAMAGED',
        "This payment's record is damaged: check your online banking before paying again",
      );
    }
    return intent;
  }

  async #update(
    intent: PaymentIntent,
    change: Partial<PaymentIntent>,
    options: { sync?: boolean } = {},
  ): Promise<PaymentIntent> {
    const now = this.#now();
    const next: PaymentIntent = { ...intent, ...change, updatedAt: now };
    if (change.state && change.state !== intent.state) {
      // Settled implies accepted, even when both were learnt in one step.
      const implied = change.state === 'settled' && intent.stateTimes.accepted === undefined ? { accepted: now } : {};
      next.stateTimes = { ...intent.stateTimes, ...implied, [change.state]: now };
    }
    if ('error' in change && change.error === undefined) delete next.error;
    next.version = await this.#store.save(next, options);
    this.#options.onChange?.(next);
    return next;
  }

  async #send(id: string): Promise<PaymentIntent> {
    // The payment and what is left of today's limit besides it, asked of the store together (one wait, not two);
    // the limit is used only if this is the first send.
    let signedIn: string | undefined;
    try {
      signedIn = this.#options.customer().kennitala;
    } catch {
      // Nobody signed in: said below, once the payment is known to exist.
    }
    const [found, limitNow] = await Promise.all([
      this.#requireIntact(id),
      signedIn === undefined ? undefined : dailyLimit(this.#store, signedIn, this.#now(), id),
    ]);
    let intent = found;
    this.#requireOwn(intent);
    const { kennitala } = this.#options.customer();
    // Final, dropped, or the customer's word: nothing is sent or asked.
    if (CLOSED.has(intent.state)) return intent;
    if (intent.state === 'accepted') return this.#refresh(intent);

    if (intent.firstSentAt === undefined) {
      // Never sent, and its request id's 24 hours are over: the app does not send it now (see the window below).
      if (windowClosed(intent, this.#now())) {
        throw new WalletError(
          'TOO_LATE_TO_SEND',
          'This payment was confirmed more than 24 hours ago and never sent: make a new payment instead',
        );
      }
      this.#options.beforeFirstSend?.(intent);
      // Time may have passed since the customer confirmed: the limit is checked again before the first send.
      const limit = limitNow ?? (await dailyLimit(this.#store, kennitala, this.#now(), intent.id));
      if (intent.order.amount > limit.remaining) {
        return this.#update(intent, {
          state: 'rejected',
          error: {
            name: 'OverDailyAmount',
            code: 'LOCAL_DAILY_LIMIT',
            message: 'Refused by the app: over the daily limit',
          },
        });
      }
    }

    // The bank remembers a request id for 24 hours from its first use; a send after that could pay a second time.
    // The window is counted from the confirmation, which is never later than the first send: so it holds even if
    // a power cut lost the record of when the first send happened.
    const windowEnds = intent.createdAt + REQUEST_ID_WINDOW_MS;
    for (let attempt = 0; ; attempt += 1) {
      const now = this.#now();
      if (now >= windowEnds) {
        return this.#update(intent, {
          state: 'unknown',
          error: {
            name: 'WindowExpired',
            code: 'REQUEST_ID_EXPIRED',
            message: 'More than 24 hours since the payment was confirmed',
          },
        });
      }
      const firstSentAt = intent.firstSentAt ?? now;
      // Not synced: the request id is on disk since the confirmation, and the window does not depend on this.
      intent = await this.#update(
        intent,
        { state: 'sending', firstSentAt, attempts: intent.attempts + 1 },
        { sync: false },
      );
      try {
        const created = await this.#options.bank.createCreditTransfer(intent.order, intent.requestId);
        // One write for "accepted" and its status: should the app stop in between, the intent reads as being sent,
        // and checking again replays the same request id, so nothing is lost by not writing "accepted" first.
        return await this.#refresh(intent, created.initiationId);
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
          if (!failure.refusal) return this.#update(intent, { state: 'unknown', error: failureOf(failure) });
          // Refused before the bank looked at the request id: an earlier, unanswered send may still have gone through.
          if (intent.attempts > 1 && REFUSED_BEFORE_IDEMPOTENCY.has(failure.name)) {
            return this.#update(intent, { state: 'unknown', error: failureOf(failure) });
          }
          if (failure.name === 'OverDailyAmount') {
            await this.#store.markBankLimitReached(kennitala, gmtDay(firstSentAt));
          }
          return this.#update(intent, { state: 'rejected', error: failureOf(failure) });
        }
        const delay = this.#retryDelays[attempt];
        const wait = Math.max(delay ?? 0, failure.retryAfterMs ?? 0);
        if (delay === undefined || this.#now() + wait >= windowEnds) {
          return this.#update(intent, { state: 'unknown', error: failureOf(failure) });
        }
        await this.#sleep(wait);
      }
    }
  }

  async #refresh(intent: PaymentIntent, initiationId = intent.initiationId): Promise<PaymentIntent> {
    if (!initiationId) return intent;
    const accepted = { initiationId, error: undefined };
    try {
      const initiation = await this.#options.bank.getCreditTransfer(initiationId);
      const { debtorKennitala, debtorAccount, amount } = intent.order;
      if (!matchesInitiation(initiation, { initiationId, debtorKennitala, debtorAccount, amount })) {
        // Another initiation than ours (a bank's static sample, a mix-up): accepted, but its status is not ours.
        return this.#keepAccepted(intent, initiationId);
      }
      // Not synced to disk: were a power cut to lose it, the intent would read as being sent, and checking again
      // would replay the same request id and learn this again. Everything before the send is synced.
      return await this.#update(
        intent,
        {
          ...accepted,
          state: initiation.status === SETTLED_STATUS ? 'settled' : 'accepted',
          bankStatus: initiation.status,
          ...(initiation.paymentDate ? { paymentDate: initiation.paymentDate } : {}),
        },
        { sync: false },
      );
    } catch (error) {
      // The payment is accepted whatever the status query says; the status can be asked again later.
      if (!(error instanceof BankError)) throw error;
      return this.#keepAccepted(intent, initiationId);
    }
  }

  /** The bank took the payment; what is already known of it (accepted, or settled) is not taken back. */
  async #keepAccepted(intent: PaymentIntent, initiationId: string): Promise<PaymentIntent> {
    const known = (intent.state === 'accepted' || intent.state === 'settled') && intent.initiationId === initiationId;
    return known ? intent : this.#update(intent, { initiationId, error: undefined, state: 'accepted' });
  }
}
