import type { AppLocale } from '../../common/locale.ts';
import type { HistoryFilter, PaymentIntent } from '../../common/payment.ts';
import type { SpendingRange, SpendingSummary } from '../../common/spending.ts';
import { sendsEnded } from '../../common/request-id.ts';
import { DAY_MS, gmtDay, type Clock } from '../../common/time.ts';
import type { LinkedPayment, PayeeOf, PaymentStore, StoreIntegrity } from './store/store-contract.ts';

/**
 * A payment the bank may still be deciding on, within its request id's 24 hours: accepted without a final status, or
 * sent with no answer (the follow-up's, see `awaitingOutcome`).
 */
export const awaitsOutcome = (intent: PaymentIntent, now: number): boolean =>
  (intent.state === 'accepted' || intent.state === 'unknown') &&
  intent.firstSentAt !== undefined &&
  !sendsEnded(intent, now);

/** What the reads need: the payments, and the time (for `awaitingOutcome`). */
export interface PaymentReadsOptions {
  store: PaymentStore;
  clock: Clock;
}

/**
 * The payments as they are on disk: one by id, the history, its export and what was spent, and the store's integrity. Nothing here
 * sends, and the only write is the customer's acceptance of the history (`acceptHistory`).
 */
export class PaymentReads {
  readonly #options: PaymentReadsOptions;

  constructor(options: PaymentReadsOptions) {
    this.#options = options;
  }

  get #store(): PaymentStore {
    return this.#options.store;
  }

  /**
   * Payments the bank may still be deciding on, within their request id's 24 hours: accepted without a final status,
   * or sent with no answer. Only the last two GMT days can hold them (a payment counts on the day it was first sent,
   * never before it was confirmed), so this reads two days of the index, not the history.
   */
  async awaitingOutcome(): Promise<PaymentIntent[]> {
    const now = this.#options.clock.now();
    const recent = await this.#store.inStatesOnDays(['accepted', 'unknown'], [gmtDay(now - DAY_MS), gmtDay(now)]);
    return recent.filter((intent) => awaitsOutcome(intent, now));
  }

  /** A payment by id. */
  find(id: string): Promise<PaymentIntent | undefined> {
    return this.#store.get(id);
  }

  /** The payments the store links to a due payment's occurrences, with their states now (issue 38, main/due). */
  dueLinks(dueId: string): Promise<LinkedPayment[]> {
    return this.#store.dueLinks(dueId);
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

  /**
   * What was spent (main/payments/spending.ts): today, this week and this month on the app's clock, the range if
   * given, by payee and the last 12 months, added up in the store's worker from every payment it holds.
   */
  spending(range?: SpendingRange): Promise<SpendingSummary> {
    return this.#store.spending(this.#options.clock.now(), range);
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
}
