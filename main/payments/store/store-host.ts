import { Worker } from 'node:worker_threads';
import type { AppLocale } from '../../../common/locale.ts';
import type { HistoryFilter, PaymentIntent } from '../../../common/payment.ts';
import type { SpendingRange, SpendingSummary } from '../../../common/spending.ts';
import { WalletError } from '../../wallet-error.ts';
import { StoreEndpoint } from './store-endpoint.ts';
import type { DueLink } from './due-links.ts';
import type { LinkedPayment, PayeeOf, PaymentStore, StoreIntegrity, StoreMark } from './store-contract.ts';
import {
  STORE_ANSWERS,
  StoreReplySchema,
  type OpenOptionsSchema,
  type StoreAnswer,
  type StoreOp,
  type StoreRequest,
} from './store-protocol.ts';
import type { z } from 'zod';

export type OpenOptions = z.infer<typeof OpenOptionsSchema>;

/** How requests reach the store: a worker thread (the app), or the same endpoint in this thread (a few unit tests). */
export type StoreTransport = { thread: string | URL } | { inline: true };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A request the worker did not answer because it stopped: whether it took effect is not known. */
export const STORE_STOPPED = 'STORE_STOPPED';

/**
 * The main process's side of the payment store: one worker thread for every store of the app, started when first
 * needed and started again after it dies. Each open store has a handle; after a restart each is opened again (with
 * its latest mark) before anything else is asked of it. A request the dead worker held fails with STORE_STOPPED:
 * the payment service treats that as it treats any failed write (nothing is sent on it), and a payment whose write
 * did land is found as it was when it is next read.
 */
export class StoreHost {
  readonly #transport: StoreTransport;
  #worker: Worker | undefined;
  #inline: StoreEndpoint | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextHandle = 1;
  /** What each open store was opened with, to open it again in a new worker. */
  readonly #opened = new Map<number, OpenOptions>();
  /** Handles to open again in the worker now running before they are used. */
  readonly #reopen = new Set<number>();
  /** How many times the worker died (tests and the crash benchmark read it). */
  deaths = 0;

  constructor(transport: StoreTransport) {
    this.#transport = transport;
  }

  #post(request: StoreRequest): Promise<unknown> {
    const id = this.#nextId++;
    const message = { id, request };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if ('inline' in this.#transport) {
        this.#inline ??= new StoreEndpoint();
        // The same messages as through a thread, copied as a thread copies them.
        void this.#inline.reply(structuredClone(message)).then((reply) => this.#settle(structuredClone(reply)));
      } else {
        const worker = this.#thread();
        // Kept alive while it owes an answer, and not after: the app may end while the worker waits for work.
        worker.ref();
        worker.postMessage(message);
      }
    });
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const transport = this.#transport as { thread: string | URL };
    const worker = new Worker(transport.thread);
    worker.on('message', (reply: unknown) => this.#settle(reply));
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.deaths += 1;
      for (const handle of this.#opened.keys()) this.#reopen.add(handle);
      const stopped = [...this.#pending.values()];
      this.#pending.clear();
      for (const pending of stopped) {
        pending.reject(new WalletError(STORE_STOPPED, 'The payment store stopped before it answered'));
      }
    });
    this.#worker = worker;
    return worker;
  }

  #settle(message: unknown): void {
    const reply = StoreReplySchema.safeParse(message);
    if (!reply.success) return;
    const pending = this.#pending.get(reply.data.id);
    if (!pending) return;
    this.#pending.delete(reply.data.id);
    if (this.#pending.size === 0) this.#worker?.unref();
    if (reply.data.ok) pending.resolve(reply.data.value);
    else pending.reject(new WalletError(reply.data.error.code, reply.data.error.message));
  }

  /** Asks, opening the store again first if the worker was started again since it was opened. */
  async ask<Op extends StoreOp>(request: StoreRequest & { op: Op }): Promise<StoreAnswer<Op>> {
    const handle = request.handle;
    if (this.#reopen.has(handle) && request.op !== 'open') {
      const options = this.#opened.get(handle);
      this.#reopen.delete(handle);
      if (options) await this.#post({ op: 'open', handle, options });
    }
    const value = await this.#post(request);
    const parsed = (STORE_ANSWERS[request.op] as z.ZodType).safeParse(value);
    if (!parsed.success) throw new WalletError('STORE_FAILED', 'The payment store answered out of turn');
    return parsed.data as StoreAnswer<Op>;
  }

  /** Opens (or creates) a store; `onMark` hears every new high-water mark of its sequence. */
  async open(options: OpenOptions, onMark: (mark: StoreMark) => void): Promise<HostedStore> {
    const handle = this.#nextHandle++;
    const opened = await this.ask({ op: 'open', handle, options });
    this.#opened.set(handle, options);
    const store = new HostedStore(this, handle, (mark) => {
      // A store opened again after a restart is opened with its latest mark.
      const current = this.#opened.get(handle);
      if (current) this.#opened.set(handle, { ...current, mark });
    });
    store.onMark = onMark;
    store.trusted = opened.integrity.trusted;
    // A store found older or short keeps its mark where it was until the customer accepts it (else the next start
    // would find a store that agrees with a mark moved onto it, and trust it).
    if (store.trusted) onMark(opened.mark);
    return store;
  }

  /** A store moved to another place (see StoreEndpoint's moveTo): opened there from now on. */
  async moved(handle: number, options: OpenOptions): Promise<StoreMark> {
    const answer = await this.ask({ op: 'moveTo', handle, options });
    this.#opened.set(handle, { ...options, mark: answer.mark });
    return answer.mark;
  }

  forget(handle: number): void {
    this.#opened.delete(handle);
    this.#reopen.delete(handle);
  }

  /** Ends the worker (tests of a crash; and the app's last step). */
  async stop(): Promise<void> {
    this.#inline?.close();
    await this.#worker?.terminate();
  }
}

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
