import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Clock } from '../../common/time.ts';
import type { BankClient } from '../bank/bank-client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import { PaymentService } from './payment-service.ts';
import type { AppLog } from '../log/app-log.ts';
import { StoreHost, type HostedStore, type OpenOptions, type StoreTransport } from './store/store-host.ts';
import { StoreMarks } from './store/store-marks.ts';

/**
 * Payments belong to a customer: one store and one payment service per profile and customer, so nothing one
 * customer does can read, count or send another's payments. On disk a store is a database sealed under a key
 * derived from the data key and named by a keyed tag of the profile and kennitala (the file name shows neither);
 * with no protected key it lives in memory for this run only, like the tokens.
 */
export interface PaymentsByCustomerOptions {
  dataDir: string;
  clock: Clock;
  /** The settings, where the stores' high-water marks are kept (store-marks.ts). */
  settings: KeyValueStore;
  /** The box of this moment: undefined where nothing may be written (no keychain, weak key not allowed). */
  box(): SecretBox | undefined;
  bank(profileId: string): BankClient;
  /** The signed-in customer of a profile (throws a WalletError when there is none). */
  signedIn(profileId: string): { kennitala: string };
  onChange(intent: PaymentIntent): void;
  /** Where the payment store's worker's failures are written (the app log). */
  log?: Pick<AppLog, 'error' | 'warn'>;
  /** Before a payment is first sent: throws to keep it unsent (the app lock's presence check). */
  beforeFirstSend?: (intent: PaymentIntent) => void;
  retryDelaysMs?: readonly number[];
  /** Where the store's worker is (the built app's own file); the source's by default. */
  storeTransport?: StoreTransport;
  sleep?: (ms: number) => Promise<void>;
}

/** The store worker of the source tree (plain Node strips the types); the built app names its own file. */
export const SOURCE_STORE_WORKER = join(import.meta.dirname, 'store', 'store-worker.ts');

/**
 * Where a customer's payments are kept on disk and how they are sealed: one database per profile and customer under
 * `payments/<profile>/`, named by a keyed tag of both, with a key of its own derived from the data key. Undefined
 * where nothing may be written.
 */
export function customerStore(
  dataDir: string,
  box: SecretBox | undefined,
  profileId: string,
  kennitala: string,
): { location: string; key: Uint8Array; binding: string } | undefined {
  const tag = box?.tag?.(`${profileId}|${kennitala}`);
  const key = tag && box?.subKey?.(`payment-store|${profileId}/${tag}`);
  if (!tag || !key) return undefined;
  return { location: join(dataDir, 'payments', profileId, `${tag}.sqlite`), key, binding: `${profileId}/${tag}` };
}

/**
 * One worker for every store of the process (the app has one wallet; tests open many, and a worker takes a few
 * hundred milliseconds to start from source). A store in-process (`inline`) has its own.
 */
const threads = new Map<string, StoreHost>();
function hostFor(transport: StoreTransport): StoreHost {
  if ('inline' in transport) return new StoreHost(transport);
  const where = String(transport.thread);
  let host = threads.get(where);
  if (!host) threads.set(where, (host = new StoreHost(transport)));
  return host;
}

export class PaymentsByCustomer {
  readonly #options: PaymentsByCustomerOptions;
  readonly #host: StoreHost;
  readonly #marks: StoreMarks;
  readonly #services = new Map<string, Promise<PaymentService>>();
  readonly #stores: HostedStore[] = [];
  /** Who else hears every payment's change (`listen`): the due book. */
  readonly #listeners = new Set<(intent: PaymentIntent) => void>();
  /** The customers whose payments are kept in memory (no box when they were opened): moved to disk once one comes. */
  readonly #inMemory = new Map<HostedStore, { profileId: string; kennitala: string; binding: string }>();

  constructor(options: PaymentsByCustomerOptions) {
    this.#options = options;
    this.#host = hostFor(options.storeTransport ?? { thread: SOURCE_STORE_WORKER });
    // One host serves every store of the process: its failures go to the log of the wallet that uses it now.
    if (options.log) this.#host.log = options.log;
    this.#marks = new StoreMarks(options.settings, options.box());
  }

  /** The payments of one customer in one profile, opened (and recovered) the first time they are needed. */
  of(profileId: string, kennitala: string): Promise<PaymentService> {
    const key = `${profileId}|${kennitala}`;
    let service = this.#services.get(key);
    if (!service) {
      service = this.#open(profileId, kennitala);
      service.catch(() => this.#services.delete(key));
      this.#services.set(key, service);
    }
    return service;
  }

  async #open(profileId: string, kennitala: string): Promise<PaymentService> {
    const onDisk = customerStore(this.#options.dataDir, this.#options.box(), profileId, kennitala);
    const where = onDisk ?? {
      location: ':memory:',
      key: new Uint8Array(randomBytes(32)),
      binding: `${profileId}/memory-${randomBytes(8).toString('hex')}`,
    };
    const exists = existsSync(where.location);
    // The journal an earlier release kept for this customer (same folder and tag), imported once.
    const journal = onDisk && where.location.replace(/\.sqlite$/, '.jsonl');
    const journalKey = journal && !exists && existsSync(journal) ? this.#options.box()?.journalKey?.() : undefined;
    let mark = onDisk ? this.#marks.of(where.binding, exists) : undefined;
    let storeId: string | undefined;
    if (onDisk && !exists && (!mark || mark.seq === 0)) {
      // A new store: its id chosen and marked before the file exists (see DatabaseOptions.storeId). A mark that never
      // moved past 0 is such a choice whose store was never made (an import that failed): it is made with that id.
      storeId = mark?.storeId ?? randomUUID();
      mark = { storeId, seq: 0 };
      this.#marks.note(where.binding, mark);
    }
    const options: OpenOptions = {
      ...where,
      owner: kennitala,
      profileId,
      ...(mark ? { mark } : {}),
      ...(storeId ? { storeId } : {}),
      ...(journal && journalKey ? { importFrom: { path: journal, dataKey: journalKey, binding: where.binding } } : {}),
    };
    const store = await this.#host.open(options, (mark) => {
      if (onDisk) this.#marks.note(where.binding, mark);
    });
    this.#stores.push(store);
    if (!onDisk) this.#inMemory.set(store, { profileId, kennitala, binding: where.binding });
    const service = new PaymentService({
      profileId,
      store,
      bank: {
        createCreditTransfer: (request, requestId, call) =>
          this.#options.bank(profileId).createCreditTransfer(request, requestId, call),
        getCreditTransfer: (initiationId, call) => this.#options.bank(profileId).getCreditTransfer(initiationId, call),
      },
      clock: this.#options.clock,
      // Sends only while this very customer is signed in: another customer's session never carries their payment.
      customer: () => {
        const current = this.#options.signedIn(profileId);
        if (current.kennitala !== kennitala) {
          throw new WalletError('WRONG_CUSTOMER', 'This payment belongs to another customer');
        }
        return current;
      },
      onChange: (intent) => {
        this.#options.onChange(intent);
        for (const listener of this.#listeners) listener(intent);
      },
      ...(this.#options.beforeFirstSend ? { beforeFirstSend: this.#options.beforeFirstSend } : {}),
      ...(this.#options.retryDelaysMs ? { retryDelaysMs: this.#options.retryDelaysMs } : {}),
      ...(this.#options.sleep ? { sleep: this.#options.sleep } : {}),
    });
    await service.recover();
    return service;
  }

  /**
   * A box has come (the customer set a passcode, or accepted the fixed key): the payments kept in memory until now
   * are written to disk under it, so this run's history outlives it. A store already on disk for the same customer
   * (from an earlier run) is left as it is, and this run's payments then stay in memory.
   */
  async useBox(box: SecretBox | undefined): Promise<void> {
    this.#marks.useBox(box);
    if (!box) return;
    for (const [store, { profileId, kennitala }] of this.#inMemory) {
      const onDisk = customerStore(this.#options.dataDir, box, profileId, kennitala);
      if (!onDisk || existsSync(onDisk.location)) continue;
      this.#inMemory.delete(store);
      const moved = await store
        .moveTo({ ...onDisk, owner: kennitala, profileId }, (mark) => this.#marks.note(onDisk.binding, mark))
        .then(() => true)
        .catch(() => false);
      if (!moved) this.#inMemory.set(store, { profileId, kennitala, binding: '' });
    }
  }

  /**
   * Hears every payment's change, as `onChange` does (the due book keeps itself current by it instead of asking the
   * store each tick).
   */
  listen(listener: (intent: PaymentIntent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The store's worker (tests of a crash, and the crash benchmark, stop it). */
  get host(): StoreHost {
    return this.#host;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#services.values());
    await Promise.all(this.#stores.map((store) => store.close()));
  }
}
