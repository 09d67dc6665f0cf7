import { randomUUID } from 'node:crypto';
import type { DailyLimitView } from '../../common/bridge-contract.ts';
import type { PaymentDraft, PaymentIntent } from '../../common/payment.ts';
import { FOLLOWED_STATES, isFinal } from '../../common/payment-status.ts';
import { newRequestId, sendsEnded } from '../../common/request-id.ts';
import { DAY_MS, gmtDay } from '../../common/time.ts';
import { WalletError } from '../wallet-error.ts';
import { AwaitingOutcome } from './awaiting-outcome.ts';
import { DraftChecks, type PaymentCheck } from './payment-checks.ts';
import { PaymentSender } from './payment-sender.ts';
import { restorePayments } from './payment-restore.ts';
import type { PaymentServiceOptions } from './payment-service-options.ts';
import { PaymentWrites, requireOwn } from './payment-writes.ts';
import type { StoreIntegrity } from './store/store-contract.ts';
import type { StoreReader } from './store/store-ops.ts';

export type { PaymentServiceOptions };

/**
 * Payments that never go through twice. An intent gets its X-Request-ID when the customer confirms, and that id is
 * on disk before the first byte is sent; every retry, automatic or the customer's "check again", sends the same id,
 * so the bank processes it at most once. After the bank's 24-hour window the app stops sending and says so.
 */
export class PaymentService {
  readonly #options: PaymentServiceOptions;
  /** One send per intent at a time: a second caller gets the first one's promise. */
  readonly #inFlight = new Map<string, Promise<PaymentIntent>>();
  /**
   * Confirmations one after another: the second of two presses of Pay (a double click, two windows) is checked
   * only once the first is on disk, so it sees the first as a duplicate instead of both getting a request id.
   */
  #confirming: Promise<unknown> = Promise.resolve();
  /** Payments the customer asked to stop trying to send ("Stop trying") while a send of them was under way. */
  readonly #stopRequested = new Set<string>();
  /** Payments whose run under way (`#inFlight`) writes the customer's note, not a send (see `submit`). */
  readonly #noting = new Set<string>();
  /** The draft checks (payment-checks.ts): `confirm` makes them again before it writes anything. */
  readonly #checks: DraftChecks;
  /** The one reader of this customer's payments (store-ops.ts's questions that change nothing): all read through it. */
  readonly reader: StoreReader;
  /** How a change is written (payment-writes.ts), and the send state machine (payment-sender.ts). */
  readonly #writes: PaymentWrites;
  readonly #sender: PaymentSender;
  /** The payments the follow-up asks about, kept as they are written (awaiting-outcome.ts). */
  readonly #awaiting: AwaitingOutcome;
  constructor(options: PaymentServiceOptions) {
    this.#options = options;
    this.#checks = new DraftChecks(options);
    this.reader = options.store;
    this.#awaiting = new AwaitingOutcome(() => {
      const now = this.#now();
      return this.reader.inStatesOnDays(FOLLOWED_STATES, [gmtDay(now - DAY_MS), gmtDay(now)]);
    });
    this.#writes = new PaymentWrites({
      ...options,
      onChange: (intent) => {
        this.#awaiting.heard(intent);
        options.onChange?.(intent);
      },
      onUncertain: () => this.#awaiting.forget(),
    });
    this.#sender = new PaymentSender(options, this.#writes, (id) => this.#stopRequested.has(id));
  }

  #now(): number {
    return this.#options.clock.now();
  }

  /** At start: an intent that was being sent when the app stopped may or may not have reached the bank. */
  async recover(): Promise<void> {
    for (const intent of await this.#options.store.inState('sending')) {
      await this.#writes.update(intent, {
        state: 'unknown',
        error: {
          name: 'Interrupted',
          code: 'INTERRUPTED',
          message: 'The app stopped while the payment was being sent',
        },
      });
    }
  }

  /** The customer pressed "Pay": the intent and its request id are on disk when this resolves. */
  confirm(draft: PaymentDraft, options: { acknowledgeDuplicate?: string } = {}): Promise<PaymentIntent> {
    const run = this.#confirming.then(() => this.#confirmNow(draft, options));
    this.#confirming = run.catch(() => undefined);
    return run;
  }

  async #confirmNow(draft: PaymentDraft, options: { acknowledgeDuplicate?: string }): Promise<PaymentIntent> {
    // Every row read first (issue 38): a row moved away from today is seen, and flags the store, before a confirmation.
    const { check, duplicate } = await this.#checks.validate(draft, { complete: true });
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
    return this.#writes.create(intent);
  }

  /** Sends a confirmed intent; also "check again" for one whose outcome is unknown. Never two sends at once. */
  submit(id: string): Promise<PaymentIntent> {
    const running = this.#inFlight.get(id);
    // A note being written is no send: the send waits for it, then goes as it would have.
    if (running && this.#noting.has(id)) return running.catch(() => undefined).then(() => this.submit(id));
    if (running) return running;
    const run = this.#sender.send(id).finally(() => this.#inFlight.delete(id));
    this.#inFlight.set(id, run);
    return run;
  }

  /**
   * "Don't send": a payment confirmed and never sent goes for good (`dropped`), and its share of today's limit with
   * it. Refused while it is being sent, for one that was ever sent (that may be at the bank already), and while the
   * history is not trusted (it may have been sent after the copy on disk was made).
   */
  async drop(id: string): Promise<PaymentIntent> {
    const intent = await this.#writes.readIntact(id);
    requireOwn(intent, this.#options.customer);
    if (intent.state === 'dropped') return intent;
    if (this.#inFlight.has(id) || intent.state !== 'confirmed' || intent.firstSentAt !== undefined) {
      throw new WalletError('PAYMENT_ALREADY_SENT', 'This payment has been sent: it can no longer be dropped');
    }
    // A history put back from an older copy, or missing records (issue 38): a payment it shows as never sent may have
    // been sent since. Dropping it, and paying again, could pay twice: the customer checks their online banking first.
    if (!(await this.reader.integrity()).trusted) {
      throw new WalletError(
        'HISTORY_NOT_TRUSTED',
        'The history on this computer is older than the app last wrote: this payment may have been sent',
      );
    }
    // While the record is written, a send of the same payment gets this instead: it finds the payment dropped.
    return this.#exclusive(id, () => this.#writes.update(intent, { state: 'dropped', error: undefined }));
  }

  /**
   * The customer's word on a payment whose outcome stayed unknown and that the app no longer sends (the request id's
   * 24 hours are over, the customer stopped it, or it came from a backup): what their online banking shows. Recorded as theirs (`declaredPaid`, `declaredNotPaid`),
   * never as the bank's, and may be changed. Refused while the app can still ask, and for any other state.
   */
  async declareOutcome(id: string, outcome: 'paid' | 'notPaid'): Promise<PaymentIntent> {
    const intent = await this.#writes.readIntact(id);
    requireOwn(intent, this.#options.customer);
    const state = outcome === 'paid' ? 'declaredPaid' : 'declaredNotPaid';
    if (intent.state === state) return intent;
    const askable = intent.state === 'unknown' && !sendsEnded(intent, this.#now());
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
    return this.#exclusive(id, () => this.#writes.update(intent, { state }));
  }

  /**
   * "Stop trying" (issue 38): a payment whose outcome is unknown, which the app would otherwise send again by itself
   * with the same request id until its 24 hours end, is sent no more, by the follow-up or by any press. A send under
   * way makes no further attempt and is waited for. The outcome stays unknown (it counts against the limit as
   * uncertain) until the customer says what their online banking shows. A payment whose outcome became known
   * meanwhile, or that the app would not send anyway, is answered as it is.
   */
  async stopTrying(id: string): Promise<PaymentIntent> {
    // Heard at once: a send waiting to retry makes no further attempt, whenever this press's reads answer.
    this.#stopRequested.add(id);
    try {
      requireOwn(await this.#writes.read(id), this.#options.customer);
      // Each send or question under way ends first (a send makes no further attempt); then, with nothing between the
      // last look and the write's start, whatever asks next (the follow-up, a press of Send) waits and finds it stopped.
      for (let running = this.#inFlight.get(id); running; running = this.#inFlight.get(id)) {
        await running.catch(() => undefined);
      }
      return await this.#exclusive(id, async () => {
        const intent = await this.#writes.readIntact(id);
        if (intent.state !== 'unknown' || sendsEnded(intent, this.#now())) return intent;
        return this.#writes.update(intent, { sendsStopped: { at: this.#now(), by: 'customer' } });
      });
    } finally {
      this.#stopRequested.delete(id);
    }
  }

  /**
   * The customer's private note on a payment (issue 42): kept on this computer, sealed with the payment, never sent
   * to the bank. Written once nothing else of the payment is under way (a send's later writes would carry the note
   * it read); a send asked for meanwhile waits for it. An empty note removes it.
   */
  async setNote(id: string, text: string): Promise<PaymentIntent> {
    requireOwn(await this.#writes.read(id), this.#options.customer);
    const note = text.trim();
    for (let running = this.#inFlight.get(id); running; running = this.#inFlight.get(id)) {
      await running.catch(() => undefined);
    }
    return this.#exclusive(
      id,
      async () => {
        const intent = await this.#writes.readIntact(id);
        if ((intent.note ?? '') === note) return intent;
        return this.#writes.note(intent, note || undefined);
      },
      { note: true },
    );
  }

  /** One change of a payment at a time: a send that comes while it runs gets its promise (see `submit`). */
  #exclusive(id: string, change: () => Promise<PaymentIntent>, kind: { note?: boolean } = {}): Promise<PaymentIntent> {
    // Both at once: nothing in between sees the run gone from one and not the other.
    const run = change().finally(() => {
      this.#inFlight.delete(id);
      this.#noting.delete(id);
    });
    this.#inFlight.set(id, run);
    if (kind.note) this.#noting.add(id);
    return run;
  }

  async checkAgain(id: string): Promise<PaymentIntent> {
    const intent = await this.#writes.readIntact(id);
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
    const intent = await this.#writes.readIntact(id);
    if (!intent.initiationId || isFinal(intent.state)) return intent;
    return this.#sender.refresh(intent);
  }

  /** Payments from a backup of this customer (main/backup, issue 38): shown, never sent (see `restorePayments`). */
  async restore(intents: readonly PaymentIntent[]): Promise<{ added: number; updated: number }> {
    try {
      return await restorePayments(intents, {
        kennitala: this.#options.customer().kennitala,
        profileId: this.#options.profileId,
        now: this.#now(),
        reader: this.reader,
        writes: this.#writes,
        busy: (id) => this.#inFlight.has(id),
      });
    } finally {
      // Its payments are told to nobody: the follow-up's are read again (the bank's status of one it took is asked).
      this.#awaiting.forget();
    }
  }

  /** The draft checks (payment-checks.ts): today's limit, and a draft checked as the pay form types it. */
  dailyLimit(): Promise<DailyLimitView> {
    return this.#checks.dailyLimit();
  }
  validate(draft: PaymentDraft): Promise<PaymentCheck> {
    return this.#checks.validate(draft);
  }

  /**
   * Payments the bank may still be deciding on (`awaitsOutcome`, the follow-up's): those of the last two GMT days,
   * read once, then kept as this service writes them (awaiting-outcome.ts).
   */
  awaitingOutcome(): Promise<PaymentIntent[]> {
    return this.#awaiting.at(this.#now());
  }

  /** Links a payment to the due occurrence it was confirmed for, in the payment store (synced). */
  linkDue(intentId: string, occurrence: { id: string; date: string }): Promise<void> {
    return this.#options.store.linkDue({ dueId: occurrence.id, date: occurrence.date, intentId });
  }

  /** The customer checked their online banking: the history as it is now is the app's from here on. */
  acceptHistory(): Promise<StoreIntegrity> {
    return this.#options.store.accept();
  }
}
