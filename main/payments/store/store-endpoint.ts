import { existsSync } from 'node:fs';
import { filterHistory, historyCsv, narrowsHistory } from '../history.ts';
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
        this.#open.get(request.handle)?.db.close();
        const { importFrom, ...options } = request.options;
        if (importFrom && !existsSync(options.location) && existsSync(importFrom.path)) {
          importJournal(options, importFrom);
        }
        const db = new PaymentDatabase(options);
        this.#open.set(request.handle, { db, cache: new HistoryCache(db) });
        return { mark: db.mark, integrity: db.integrity() };
      }
      case 'moveTo':
        return this.#moveTo(request.handle, request.options);
      case 'close':
        this.#open.get(request.handle)?.db.close();
        this.#open.delete(request.handle);
        return null;
      default:
        return this.#query(request);
    }
  }

  async #query(request: Exclude<StoreRequest, { op: 'open' | 'moveTo' | 'close' }>): Promise<unknown> {
    const { db, cache } = this.#of(request.handle);
    switch (request.op) {
      case 'save': {
        const version = db.save(request.intent, request.sync);
        cache.saved({ ...request.intent, version });
        return { version, mark: db.mark };
      }
      case 'get':
        return db.get(request.id);
      case 'onDays':
        return db.onDays(request.days);
      case 'inState':
        return db.inState(request.state);
      case 'newestLike':
        return db.newestLike(request.order, request.days, request.after);
      case 'inStatesOnDays':
        return db.inStatesOnDays(request.states, request.days);
      case 'usedBy':
        return db.usedBy(request.day, request.kennitala, request.exceptId);
      case 'limitParts':
        return {
          ...db.usedBy(request.day, request.kennitala, request.exceptId),
          bankLimitReached: db.bankLimitReached(request.kennitala, request.day),
        };
      case 'paidBefore':
        return db.paidBefore(request.order);
      case 'markBankLimitReached':
        db.markBankLimitReached(request.kennitala, request.day);
        return db.mark;
      case 'bankLimitReached':
        return db.bankLimitReached(request.kennitala, request.day);
      case 'page': {
        const { range, filter } = request;
        if (!filter || !narrowsHistory(filter)) return db.page(range);
        const all = filterHistory(await cache.all(), filter, { ordered: true });
        return { total: all.length, items: all.slice(range.offset, range.offset + range.limit) };
      }
      case 'csv': {
        const items = filterHistory(await cache.all(), request.filter, { ordered: true });
        return { csv: historyCsv(items, request.locale), count: items.length };
      }
      case 'integrity':
        return db.integrity();
      case 'accept':
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
      db.putAll([...from.db.newestFirst()].reverse(), from.db.bankLimits());
    } catch (error) {
      db.close();
      throw error;
    }
    from.db.close();
    this.#open.set(handle, { db, cache: new HistoryCache(db) });
    return { mark: db.mark, integrity: db.integrity() };
  }

  close(): void {
    for (const { db } of this.#open.values()) db.close();
    this.#open.clear();
  }
}
