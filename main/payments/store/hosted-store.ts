import type { z } from 'zod';
import type { StoreMark } from './store-contract.ts';
import { STORE_OPS, storeOp, type StoreCalls, type StoreOpName } from './store-ops.ts';
import type { OpenOptionsSchema, StoreRequest } from './store-protocol.ts';

type OpenOptions = z.infer<typeof OpenOptionsSchema>;

/** What a handle asks of the host that holds it (store-host.ts's StoreHost is the one), named here so neither loops. */
export interface StoreHost {
  ask(request: StoreRequest): Promise<unknown>;
  moved(handle: number, options: OpenOptions): Promise<StoreMark>;
  forget(handle: number): void;
}

/**
 * One customer's payments in one profile, as the payment service sees them: every question of store-ops.ts's table
 * is a method here, made from its row (its `call`, its `result`), answered by the worker. An answer that carries a
 * mark moved the store's high-water mark onto a synced write: main keeps it outside the store (store-marks.ts).
 */
export class StoreHandle {
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

  /** One row of the table asked, its answer's mark heard, and what its caller gets of it. */
  async ask(name: StoreOpName, args: unknown[]): Promise<unknown> {
    const row = storeOp(name);
    if (!row) throw new Error(`No store operation ${name}`);
    const answer = await this.#host.ask({ op: name, handle: this.handle, ...row.call(...args) });
    const mark = (answer as { mark?: StoreMark } | undefined)?.mark;
    // The customer checked at their bank: the store as it is now is trusted, and its marks move on from here.
    if (name === 'accept') this.trusted = true;
    if (mark) this.#onMark(mark);
    return row.result(answer);
  }

  /** What counts towards a customer's limit on a GMT day, by how it counts (the limit's parts without the bank's). */
  async usedBy(day: string, kennitala: string, exceptId?: string) {
    const { held, uncertain, spent } = await (this as unknown as StoreCalls).limitParts(day, kennitala, exceptId);
    return { held, uncertain, spent };
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

export type HostedStore = StoreHandle & StoreCalls;

/** An open store's handle with one method per row of the table (see StoreHandle.ask). */
export function hostedStore(host: StoreHost, handle: number, hostMark: (mark: StoreMark) => void): HostedStore {
  const store = new StoreHandle(host, handle, hostMark);
  const calls = Object.fromEntries(
    Object.keys(STORE_OPS).map((name) => [name, (...args: unknown[]) => store.ask(name as StoreOpName, args)]),
  );
  return Object.assign(store, calls) as unknown as HostedStore;
}
