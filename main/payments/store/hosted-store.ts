import type { AppLocale } from '../../../common/locale.ts';
import type { HistoryFilter, PaymentIntent } from '../../../common/payment.ts';
import type { SpendingRange, SpendingSummary } from '../../../common/spending.ts';
import type { DueLink } from './due-links.ts';
import type { LinkedPayment, PayeeOf, PaymentStore, StoreIntegrity, StoreMark } from './store-contract.ts';
import type { OpenOptions, StoreHost } from './store-host.ts';

/** One customer's payments in one profile, as the payment service sees them: every call answered by the worker. */
export class HostedStore implements PaymentStore {
  readonly #host: StoreHost;
  readonly handle: number;
  readonly #hostMark: (mark: StoreMark) => void;
  /** Hears every new high-water mark of the store's sequence (main keeps it outside the store: store-marks.ts). */
  onMark: (mark: StoreMark) => void = () => undefined;
  /** Whether the store was found whole when opened (or accepted since): only then do its marks move on. */
  trusted = true;

  constructor(host: StoreHost, handle: number, hostMark: (mark: StoreMark) => void) {
    this.#host = host;
    this.handle = handle;
    this.#hostMark = hostMark;
  }

  #onMark(mark: StoreMark): void {
    if (!this.trusted) return;
    this.#hostMark(mark);
    this.onMark(mark);
  }

  get(id: string): Promise<PaymentIntent | undefined> {
    return this.#host.ask({ op: 'get', handle: this.handle, id });
  }

  async save(intent: PaymentIntent, options: { sync?: boolean } = {}): Promise<number> {
    const sync = options.sync ?? true;
    const saved = await this.#host.ask({ op: 'save', handle: this.handle, intent, sync });
    // The mark follows what is on disk for sure: a change not synced may be lost to a power cut, which is no sign
    // of an older copy put back (and it is learnt again from the bank).
    if (sync) this.#onMark(saved.mark);
    return saved.version;
  }

  async beginSend(intent: PaymentIntent, expect: number, limit?: { day: string; kennitala: string }) {
    const answer = await this.#host.ask({
      op: 'beginSend',
      handle: this.handle,
      intent,
      expect,
      ...(limit ? { limit } : {}),
    });
    if (answer.kind !== 'saved') return answer;
    // Synced (see PaymentStore.beginSend): the mark covers the send's first write before the POST can start, so a
    // copy of the store from before it is found older, not a payment "confirmed, not sent".
    this.#onMark(answer.mark);
    return { kind: answer.kind, version: answer.version };
  }

  onDays(days: readonly string[]): Promise<PaymentIntent[]> {
    return this.#host.ask({ op: 'onDays', handle: this.handle, days: [...days] });
  }

  newestLike(
    order: PayeeOf & { amount: number },
    days: readonly string[],
    after: number,
  ): Promise<PaymentIntent | undefined> {
    const { debtorKennitala, depositKennitala, depositAccount, amount } = order;
    return this.#host.ask({
      op: 'newestLike',
      handle: this.handle,
      order: { debtorKennitala, depositKennitala, depositAccount, amount },
      days: [...days],
      after,
    });
  }

  inStatesOnDays(states: readonly PaymentIntent['state'][], days: readonly string[]): Promise<PaymentIntent[]> {
    return this.#host.ask({ op: 'inStatesOnDays', handle: this.handle, states: [...states], days: [...days] });
  }

  inState(state: PaymentIntent['state']): Promise<PaymentIntent[]> {
    return this.#host.ask({ op: 'inState', handle: this.handle, state });
  }

  async usedBy(day: string, kennitala: string, exceptId?: string) {
    const { held, uncertain, spent } = await this.limitParts(day, kennitala, exceptId);
    return { held, uncertain, spent };
  }

  limitParts(day: string, kennitala: string, exceptId?: string) {
    return this.#host.ask({
      op: 'limitParts',
      handle: this.handle,
      day,
      kennitala,
      ...(exceptId === undefined ? {} : { exceptId }),
    });
  }

  paidBefore(order: PayeeOf): Promise<boolean> {
    const { debtorKennitala, depositKennitala, depositAccount } = order;
    return this.#host.ask({
      op: 'paidBefore',
      handle: this.handle,
      order: { debtorKennitala, depositKennitala, depositAccount },
    });
  }

  async markBankLimitReached(kennitala: string, day: string): Promise<void> {
    this.#onMark(await this.#host.ask({ op: 'markBankLimitReached', handle: this.handle, kennitala, day }));
  }

  /** Links a payment to the due occurrence it was confirmed for (synced; the mark moves on it). */
  async linkDue(link: DueLink): Promise<void> {
    this.#onMark(await this.#host.ask({ op: 'linkDue', handle: this.handle, link }));
  }

  dueLinks(dueId: string): Promise<LinkedPayment[]> {
    return this.#host.ask({ op: 'dueLinks', handle: this.handle, dueId });
  }

  bankLimitReached(kennitala: string, day: string): Promise<boolean> {
    return this.#host.ask({ op: 'bankLimitReached', handle: this.handle, kennitala, day });
  }

  page(range: { offset: number; limit: number }, filter?: HistoryFilter) {
    return this.#host.ask({ op: 'page', handle: this.handle, range, ...(filter ? { filter } : {}) });
  }

  csv(filter: HistoryFilter, locale: AppLocale) {
    return this.#host.ask({ op: 'csv', handle: this.handle, filter, locale });
  }

  spending(now: number, range?: SpendingRange): Promise<SpendingSummary> {
    return this.#host.ask({ op: 'spending', handle: this.handle, now, ...(range ? { range } : {}) });
  }

  integrity(options: { complete?: boolean } = {}): Promise<StoreIntegrity> {
    return this.#host.ask({ op: 'integrity', handle: this.handle, ...(options.complete ? { complete: true } : {}) });
  }

  /** The customer checked at their bank: the store as it is now is trusted from here on (see PaymentDatabase). */
  async accept(): Promise<StoreIntegrity> {
    const accepted = await this.#host.ask({ op: 'accept', handle: this.handle });
    this.trusted = true;
    this.#onMark(accepted.mark);
    return accepted.integrity;
  }

  /** Moves the store to a file (from memory): see StoreEndpoint's moveTo. Its marks go to `onMark` from then. */
  async moveTo(options: OpenOptions, onMark: (mark: StoreMark) => void): Promise<void> {
    const mark = await this.#host.moved(this.handle, options);
    this.onMark = onMark;
    // A new store on disk, whole: its marks start here.
    this.trusted = true;
    this.#onMark(mark);
  }

  async close(): Promise<void> {
    this.#host.forget(this.handle);
    await this.#host.ask({ op: 'close', handle: this.handle }).catch(() => null);
  }
}
