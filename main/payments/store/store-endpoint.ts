import { existsSync } from 'node:fs';
import type { z } from 'zod';
import { HistoryCache } from './history-cache.ts';
import { StoreFault } from './store-fault.ts';
import { importJournal } from './store-import.ts';
import { NewerStoreError } from './migrations.ts';
import { PaymentDatabase, type DatabaseOptions } from './payment-database.ts';
import { storeOp, type OpenStore } from './store-ops.ts';
import {
  lifecycleOp,
  StoreMessageSchema,
  StoreRequestSchema,
  type LifecycleOp,
  type OpenOptionsSchema,
  type StoreReply,
} from './store-protocol.ts';

type OpenOptions = z.infer<typeof OpenOptionsSchema>;

/**
 * The payment store's side of the boundary: the open databases, by the handle main gave each, and the answer to
 * each request. Runs in the worker (store-worker.ts); tests may run it in-process behind the same messages.
 */
export class StoreEndpoint {
  readonly #open = new Map<number, OpenStore>();

  async reply(message: unknown): Promise<StoreReply> {
    const parsed = StoreMessageSchema.safeParse(message);
    const id = parsed.success ? parsed.data.id : 0;
    try {
      if (!parsed.success) throw new StoreFault('STORE_BAD_REQUEST', 'Not a store message');
      return { id, ok: true, value: await this.#answer(parsed.data.request) };
    } catch (error) {
      const code =
        error instanceof StoreFault ? error.code : error instanceof NewerStoreError ? 'STORE_NEWER' : 'STORE_FAILED';
      const message = error instanceof Error ? error.message : 'The payment store failed';
      return { id, ok: false, error: { name: 'StoreFault', code, message: message.slice(0, 2000) } };
    }
  }

  #of(handle: number): OpenStore {
    const open = this.#open.get(handle);
    if (!open) throw new StoreFault('STORE_NOT_OPEN', 'No such store is open');
    return open;
  }

  /** A request parsed by its own row (store-ops.ts, or the store's life in store-protocol.ts), then answered. */
  async #answer(message: unknown): Promise<unknown> {
    const request = StoreRequestSchema.safeParse(message);
    const life = request.success ? lifecycleOp(request.data.op) : undefined;
    const row = request.success ? storeOp(request.data.op) : undefined;
    const args = (life ?? row)?.request.safeParse(message);
    if (!request.success || !args?.success) throw new StoreFault('STORE_BAD_REQUEST', 'Not a store request');
    const { handle, op } = request.data;
    if (row) return row.run(this.#of(handle), args.data);
    return this.#life[op as LifecycleOp](handle, args.data as { options: OpenOptions });
  }

  /** The store's life (LIFECYCLE in store-protocol.ts), each parsed by its own row first. */
  readonly #life: Record<LifecycleOp, (handle: number, args: { options: OpenOptions }) => unknown> = {
    open: (handle, { options }) => this.#openAt(handle, options),
    moveTo: (handle, { options }) => this.#moveTo(handle, options),
    close: (handle) => {
      this.#close(handle);
      return null;
    },
  };

  #openAt(handle: number, { importFrom, ...options }: OpenOptions) {
    this.#close(handle);
    if (importFrom && !existsSync(options.location) && existsSync(importFrom.path)) importJournal(options, importFrom);
    const db = new PaymentDatabase(options);
    this.#keep(handle, db);
    return { mark: db.mark, integrity: db.integrity() };
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
      db.putAll([...from.db.queries.newestFirst()].reverse(), from.db.bankLimits(), from.db.allDueLinks(), true);
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
    this.#open.set(handle, { db, cache, reserved: new Map() });
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
