import { existsSync } from 'node:fs';
import type { PaymentIntent } from '../../../common/payment.ts';
import { remainingOf } from '../daily-ledger.ts';
import { historyCsv, narrowsHistory } from '../history.ts';
import { spendingSummary } from '../spending.ts';
import { HistoryCache } from './history-cache.ts';
import { StoreFault } from './store-fault.ts';
import { importJournal } from './store-import.ts';
import { NewerStoreError } from './migrations.ts';
import { PaymentDatabase, type DatabaseOptions } from './payment-database.ts';
import { StoreMessageSchema, StoreRequestSchema, type StoreReply, type StoreRequest } from './store-protocol.ts';

interface Open {
  db: PaymentDatabase;
  cache: HistoryCache;
}

/** What counts towards a customer's limit on a day, and the bank's word on it: one answer (the pay form, a send). */
function limitParts(db: PaymentDatabase, day: string, kennitala: string, exceptId?: string) {
  return { ...db.usedBy(day, kennitala, exceptId), bankLimitReached: db.bankLimitReached(kennitala, day) };
}

function saved(db: PaymentDatabase, cache: HistoryCache, intent: PaymentIntent, sync: boolean) {
  const version = db.save(intent, sync, { checked: true });
  cache.saved({ ...intent, version });
  return { version, mark: db.mark };
}

/**
 * The payment store's side of the boundary: the open databases, by the handle main gave each, and the answer to
 * each request. Runs in the worker (store-worker.ts); tests may run it in-process behind the same messages.
 */
export class StoreEndpoint {
  readonly #open = new Map<number, Open>();

  async reply(message: unknown): Promise<StoreReply> {
    const parsed = StoreMessageSchema.safeParse(message);
    const id = parsed.success ? parsed.data.id : 0;
    try {
      if (!parsed.success) throw new StoreFault('STORE_BAD_REQUEST', 'Not a store message');
      const request = StoreRequestSchema.safeParse(parsed.data.request);
      if (!request.success) throw new StoreFault('STORE_BAD_REQUEST', 'Not a store request');
      return { id, ok: true, value: await this.#answer(request.data) };
    } catch (error) {
      const code =
        error instanceof StoreFault ? error.code : error instanceof NewerStoreError ? 'STORE_NEWER' : 'STORE_FAILED';
      const message = error instanceof Error ? error.message : 'The payment store failed';
      return { id, ok: false, error: { name: 'StoreFault', code, message: message.slice(0, 2000) } };
    }
  }

  #of(handle: number): Open {
    const open = this.#open.get(handle);
    if (!open) throw new StoreFault('STORE_NOT_OPEN', 'No such store is open');
    return open;
  }

  async #answer(request: StoreRequest): Promise<unknown> {
    switch (request.op) {
      case 'open': {
        this.#close(request.handle);
        const { importFrom, ...options } = request.options;
        if (importFrom && !existsSync(options.location) && existsSync(importFrom.path)) {
          importJournal(options, importFrom);
        }
        const db = new PaymentDatabase(options);
        this.#keep(request.handle, db);
        return { mark: db.mark, integrity: db.integrity() };
      }
      case 'moveTo':
        return this.#moveTo(request.handle, request.options);
      case 'close':
        this.#close(request.handle);
        return null;
      default:
        return this.#query(request);
    }
  }

  async #query(request: Exclude<StoreRequest, { op: 'open' | 'moveTo' | 'close' }>): Promise<unknown> {
    const { db, cache } = this.#of(request.handle);
    switch (request.op) {
      case 'save':
        return saved(db, cache, request.intent, request.sync);
      case 'beginSend': {
        const { intent, expect, limit } = request;
        // A first send's limit counts every row that does not open (issue 38): found once every row has been read,
        // which the search copy does within seconds of the start; a send in those seconds waits for it.
        if (limit) await cache.all();
        // From here each request is answered to its end: nothing comes between this read and this write.
        const current = db.get(intent.id);
        if (!current || current.state === 'damaged' || current.version !== expect) return { kind: 'stale' };
        if (limit) {
          if (intent.order.amount > remainingOf(limitParts(db, limit.day, limit.kennitala, intent.id))) {
            return { kind: 'overLimit' };
          }
        }
        // Synced (issue 38): the POST may start the moment this answers, and a send that may have started is never
        // forgotten, not by a power cut, and not by a copy from before it (the mark moves onto this write).
        return { kind: 'saved', ...saved(db, cache, intent, true) };
      }
      case 'get':
        return db.get(request.id);
      case 'onDays':
        return db.queries.onDays(request.days);
      case 'inState':
        return db.queries.inState(request.state);
      case 'newestLike':
        return db.queries.newestLike(request.order, request.days, request.after);
      case 'inStatesOnDays':
        return db.queries.inStatesOnDays(request.states, request.days);
      case 'limitParts':
        return limitParts(db, request.day, request.kennitala, request.exceptId);
      case 'paidBefore':
        return db.queries.paidBefore(request.order);
      case 'markBankLimitReached':
        db.markBankLimitReached(request.kennitala, request.day);
        return db.mark;
      case 'bankLimitReached':
        return db.bankLimitReached(request.kennitala, request.day);
      case 'linkDue':
        db.linkDue(request.link);
        return db.mark;
      case 'dueLinks':
        return db.dueLinks(request.dueId);
      case 'page': {
        const { range, filter } = request;
        if (!filter || !narrowsHistory(filter)) return db.queries.page(range);
        const all = await cache.filtered(filter);
        return { total: all.length, items: all.slice(range.offset, range.offset + range.limit) };
      }
      case 'csv': {
        const items = await cache.filtered(request.filter);
        return { csv: historyCsv(items, request.locale), count: items.length };
      }
      case 'spending':
        // The worker's copy of every payment (made now if it is not yet): one pass, no query per period.
        return spendingSummary(await cache.all(), { now: request.now, range: request.range });
      case 'integrity':
        if (request.complete) await cache.all();
        return db.integrity();
      case 'accept':
        // Every row read first: the rows that do not open are accepted as they are with the rest.
        await cache.all();
        db.accept();
        return { mark: db.mark, integrity: db.integrity() };
    }
  }

  /**
   * From now on the store is a file (a store kept in memory, until the customer's data key could be stored): every
   * payment is written there first, in one transaction; if that fails, nothing moves. Only into a new file.
   */
  #moveTo(handle: number, options: DatabaseOptions) {
    const from = this.#of(handle);
    if (existsSync(options.location)) throw new StoreFault('STORE_EXISTS', 'A store is there already');
    const db = new PaymentDatabase(options);
    try {
      db.putAll([...from.db.newestFirst()].reverse(), from.db.bankLimits(), from.db.allDueLinks());
    } catch (error) {
      db.close();
      throw error;
    }
    this.#close(handle);
    this.#keep(handle, db);
    return { mark: db.mark, integrity: db.integrity() };
  }

  /** An open store, with its search copy made ahead of time (in slices, between questions). */
  #keep(handle: number, db: PaymentDatabase): void {
    const cache = new HistoryCache(db);
    this.#open.set(handle, { db, cache });
    cache.prepare();
  }

  #close(handle: number): void {
    const open = this.#open.get(handle);
    open?.cache.close();
    open?.db.close();
    this.#open.delete(handle);
  }

  close(): void {
    for (const handle of [...this.#open.keys()]) this.#close(handle);
  }
}
