import type { DailyLimitView, DuplicateWarning } from '../../common/bridge-contract.ts';
import { checkDraft, type DraftCheck, type PaymentDraft, type PaymentOrder } from '../../common/payment.ts';
import { duplicateKind, UNTRUSTED_HISTORY } from '../../common/payment-status.ts';
import { DAY_MS, gmtDay, type Clock } from '../../common/time.ts';
import { dailyLimit } from './daily-ledger.ts';
import type { PaymentStore } from './store/store-ops.ts';

/** A draft checked against the rules, today's limit and the last 24 hours (the handler makes the view of it). */
export interface PaymentCheck {
  check: DraftCheck;
  duplicate: DuplicateWarning | undefined;
  limit: DailyLimitView;
}

/** What the draft checks read: the payments, the time, and who is signed in. */
export interface DraftChecksOptions {
  store: PaymentStore;
  clock: Clock;
  /** The signed-in customer; throws a WalletError when there is none or the grant has ended. */
  customer: () => { kennitala: string };
}

/**
 * A draft checked before the customer confirms it, and again when they do (PaymentService.confirm): the payment
 * rules, what is left of today's limit, and whether a payment like it was made in the last 24 hours. Nothing is
 * written.
 */
export class DraftChecks {
  readonly #options: DraftChecksOptions;

  constructor(options: DraftChecksOptions) {
    this.#options = options;
  }

  get #store(): PaymentStore {
    return this.#options.store;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  dailyLimit(): Promise<DailyLimitView> {
    return dailyLimit(this.#store, this.#options.customer().kennitala, this.#now());
  }

  /**
   * `complete`: for a confirmation, the store's trust is asked once every row has been read (a row that does not
   * open flags it, issue 38), which may wait a few seconds just after the start; a keystroke takes what is known.
   */
  async validate(draft: PaymentDraft, options: { complete?: boolean } = {}): Promise<PaymentCheck> {
    const { kennitala } = this.#options.customer();
    const limit = await dailyLimit(this.#store, kennitala, this.#now());
    const check = checkDraft(draft, { kennitala, remainingToday: limit.remaining });
    const duplicate = check.ok ? await this.#findDuplicate(check.order, options.complete === true) : undefined;
    return { check, limit, duplicate };
  }

  /**
   * An earlier payment like this one, or, where the history is not the one the app last wrote (an older copy put
   * back, records removed), the warning that one may have been made: every payment meets it until the customer has
   * checked at their bank (`acceptHistory`). A like payment such a history holds as not sent is not named: it may
   * have gone since (a copy from before its send reads "confirmed, not sent", issue 38); one that may have gone is.
   */
  async #findDuplicate(order: PaymentOrder, complete: boolean): Promise<DuplicateWarning | undefined> {
    const [known, integrity] = await Promise.all([
      this.#findEarlier(order),
      this.#store.integrity(complete ? { complete } : {}),
    ]);
    if (integrity.trusted || (known && known.kind !== 'notSent')) return known;
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
}
