import { Worker } from 'node:worker_threads';
import { noLog, type AppLog } from '../../log/app-log.ts';
import { WalletError } from '../../wallet-error.ts';
import type { z } from 'zod';
import { hostedStore, type HostedStore } from './hosted-store.ts';
import { StoreEndpoint } from './store-endpoint.ts';
import type { StoreMark } from './store-contract.ts';
import { storeOp } from './store-ops.ts';
import {
  lifecycleOp,
  type LIFECYCLE,
  StoreReplySchema,
  type LifecycleOp,
  type OpenOptionsSchema,
  type StoreRequest,
} from './store-protocol.ts';

export type { HostedStore };

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
 * A worker that dies unasked is started again at once, then after 1 s, then after 5 s; a fourth death within a minute
 * stops the restarts until a minute has passed since the last one (issue 39): a worker that cannot start (a damaged
 * install, a full disk) is not started again on every request, and each request meanwhile fails with STORE_STOPPED.
 */
const RESTART_WAITS_MS = [0, 1_000, 5_000];
const QUICK_WINDOW_MS = 60_000;

export interface StoreHostOptions {
  /** A clock nobody moves, for the restarts' waits (tests give their own). */
  now?: () => number;
}

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
  /** Handles being opened again: what is asked of them meanwhile goes after it, in the order asked. */
  readonly #reopening = new Map<number, Promise<unknown>>();
  /** How many times the worker died (tests and the crash benchmark read it). */
  deaths = 0;
  /** When the worker died unasked, within the last minute (see RESTART_WAITS_MS). */
  #unasked: number[] = [];
  /** `stop` ends the worker: that death is asked for. */
  #stopping = false;
  readonly #now: () => number;
  /**
   * Where a worker's failure is written (the app log: issue 39), with its code and message; set by the payments'
   * owner, as one host serves every store of the process.
   */
  log: Pick<AppLog, 'error' | 'warn'> = noLog;

  constructor(transport: StoreTransport, options: StoreHostOptions = {}) {
    this.#transport = transport;
    this.#now = options.now ?? (() => performance.now());
  }

  #post(request: StoreRequest): Promise<unknown> {
    const id = this.#nextId++;
    const message = { id, request };
    if ('inline' in this.#transport) {
      return new Promise((resolve, reject) => {
        this.#pending.set(id, { resolve, reject });
        this.#inline ??= new StoreEndpoint();
        // The same messages as through a thread, copied as a thread copies them.
        void this.#inline.reply(structuredClone(message)).then((reply) => this.#settle(structuredClone(reply)));
      });
    }
    let worker: Worker;
    try {
      worker = this.#thread();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Kept alive while it owes an answer, and not after: the app may end while the worker waits for work.
      worker.ref();
      worker.postMessage(message);
    });
  }

  /** The worker, started if there is none, unless it died too often lately (see RESTART_WAITS_MS). */
  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const now = this.#now();
    const last = this.#unasked.at(-1);
    if (last !== undefined && now - last < QUICK_WINDOW_MS) {
      // The deaths within the minute before the last one: each waits longer, and past the waits none is started.
      const quick = this.#unasked.filter((at) => last - at < QUICK_WINDOW_MS).length;
      const wait = RESTART_WAITS_MS[quick - 1];
      if (wait === undefined || now - last < wait) {
        throw new WalletError(STORE_STOPPED, 'The payment store stopped and is not started again yet');
      }
    }
    const transport = this.#transport as { thread: string | URL };
    const worker = new Worker(transport.thread);
    this.#stopping = false;
    worker.on('message', (reply: unknown) => this.#settle(reply));
    // Why it stopped, for the customer's support (it would be lost otherwise): an error's own code and message.
    worker.on('error', (error: Error & { code?: string }) => {
      this.log.error({ event: 'store.workerError', code: error.code ?? error.name, message: error.message });
    });
    worker.on('exit', (code: number) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.deaths += 1;
      if (!this.#stopping) {
        this.#unasked = [...this.#unasked, this.#now()].slice(-RESTART_WAITS_MS.length - 1);
        this.log.error({ event: 'store.workerExit', code: `EXIT_${code}` });
      }
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

  /**
   * Asks, opening the store again first if the worker was started again since it was opened; the answer parsed by
   * its row's schema (store-ops.ts, or LIFECYCLE).
   */
  async ask(request: StoreRequest): Promise<unknown> {
    const handle = request.handle;
    if (this.#reopen.has(handle) && request.op !== 'open') {
      const options = this.#opened.get(handle);
      this.#reopen.delete(handle);
      const opening = options && this.#post({ op: 'open', handle, options });
      if (opening) {
        this.#reopening.set(handle, opening);
        const done = () => this.#reopening.get(handle) === opening && this.#reopening.delete(handle);
        // Not opened (the worker could not start yet, the file was busy): opened again at the next question.
        const failed = () => done() && this.#opened.has(handle) && this.#reopen.add(handle);
        opening.then(done, failed);
      }
    }
    // A write asked later never overtakes one asked while the store was being opened again (a send's answer).
    const opening = request.op === 'open' ? undefined : this.#reopening.get(handle);
    if (opening) await opening;
    const value = await this.#post(request);
    const parsed = (lifecycleOp(request.op) ?? storeOp(request.op))?.answer.safeParse(value);
    if (!parsed?.success) throw new WalletError('STORE_FAILED', 'The payment store answered out of turn');
    return parsed.data;
  }

  async #life<Op extends LifecycleOp>(request: StoreRequest & { op: Op }) {
    return (await this.ask(request)) as z.infer<(typeof LIFECYCLE)[Op]['answer']>;
  }

  /** Opens (or creates) a store; `onMark` hears every new high-water mark of its sequence. */
  async open(options: OpenOptions, onMark: (mark: StoreMark) => void): Promise<HostedStore> {
    const handle = this.#nextHandle++;
    const opened = await this.#life({ op: 'open', handle, options });
    this.#opened.set(handle, options);
    const store = hostedStore(this, handle, (mark) => {
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
    const answer = await this.#life({ op: 'moveTo', handle, options });
    this.#opened.set(handle, { ...options, mark: answer.mark });
    return answer.mark;
  }

  forget(handle: number): void {
    this.#opened.delete(handle);
    this.#reopen.delete(handle);
  }

  /** Ends the worker (tests of a crash; and the app's last step): a death asked for, which no restart waits on. */
  async stop(): Promise<void> {
    this.#inline?.close();
    this.#stopping = true;
    await this.#worker?.terminate();
  }
}
