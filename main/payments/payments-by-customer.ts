import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentIntent } from '../../common/payment.ts';
import { DAY_MS, gmtDay, type Clock } from '../../common/time.ts';
import type { BankClient } from '../bank/bank-client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { WalletError } from '../wallet-error.ts';
import { FileJournal, MemoryJournal } from './journal.ts';
import { slicePacer } from './pacer.ts';
import { PaymentService } from './payment-service.ts';
import { PaymentStore } from './payment-store.ts';
import { plainCodec, sealedCodec, type RecordCodec } from './record-codec.ts';

/**
 * Payments belong to a customer: one journal and one payment service per profile and customer, so nothing one
 * customer does can read, count or send another's payments. On disk a journal is sealed under the data key and
 * named by a keyed tag of the profile and kennitala (the file name shows neither); with no protected key it lives
 * in memory for this run only, like the tokens.
 */
export interface PaymentsByCustomerOptions {
  dataDir: string;
  clock: Clock;
  /** The box of this moment: undefined where nothing may be written (no keychain, weak key not allowed). */
  box(): SecretBox | undefined;
  bank(profileId: string): BankClient;
  /** The signed-in customer of a profile (throws a WalletError when there is none). */
  signedIn(profileId: string): { kennitala: string };
  onChange(intent: PaymentIntent): void;
  /** Before a payment is first sent: throws to keep it unsent (the app lock's presence check). */
  beforeFirstSend?: (intent: PaymentIntent) => void;
  retryDelaysMs?: readonly number[];
  /** A compaction that failed (the journal stays as it was; the next start tries again). */
  onBackgroundError?(error: unknown): void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Where a customer's payments are kept on disk, and how their lines are sealed: one journal per profile and
 * customer under `payments/<profile>/`, named by a keyed tag of both. Undefined where nothing may be written.
 */
export function customerJournal(
  dataDir: string,
  box: SecretBox | undefined,
  profileId: string,
  kennitala: string,
): { path: string; codec: RecordCodec } | undefined {
  const tag = box?.tag?.(`${profileId}|${kennitala}`);
  if (!box || !tag) return undefined;
  return { path: join(dataDir, 'payments', profileId, `${tag}.jsonl`), codec: sealedCodec(box, `${profileId}/${tag}`) };
}

export class PaymentsByCustomer {
  readonly #options: PaymentsByCustomerOptions;
  readonly #services = new Map<string, Promise<PaymentService>>();
  readonly #stores: PaymentStore[] = [];
  /** The customers whose payments are kept in memory (no box when they were opened): moved to disk once one comes. */
  readonly #inMemory = new Map<PaymentStore, { profileId: string; kennitala: string }>();
  /** Reading the archive and compacting, started when a customer's payments open. */
  readonly #background: Promise<unknown>[] = [];

  constructor(options: PaymentsByCustomerOptions) {
    this.#options = options;
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
    const storeOptions = { owner: kennitala, profileId };
    const onDisk = customerJournal(this.#options.dataDir, this.#options.box(), profileId, kennitala);
    const store = onDisk
      ? await PaymentStore.open(new FileJournal(onDisk.path), { ...storeOptions, codec: onDisk.codec })
      : new PaymentStore(new MemoryJournal(), { ...storeOptions, codec: plainCodec });
    this.#stores.push(store);
    if (!onDisk) this.#inMemory.set(store, { profileId, kennitala });
    const service = new PaymentService({
      profileId,
      store,
      bank: {
        createCreditTransfer: (request, requestId) =>
          this.#options.bank(profileId).createCreditTransfer(request, requestId),
        getCreditTransfer: (initiationId) => this.#options.bank(profileId).getCreditTransfer(initiationId),
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
      onChange: this.#options.onChange,
      ...(this.#options.beforeFirstSend ? { beforeFirstSend: this.#options.beforeFirstSend } : {}),
      ...(this.#options.retryDelaysMs ? { retryDelaysMs: this.#options.retryDelaysMs } : {}),
      ...(this.#options.sleep ? { sleep: this.#options.sleep } : {}),
    });
    // The pay form is answered from the snapshot's recent part and what followed it, which hold every payment of
    // the last two days as of the snapshot: enough for today's limit and the 24-hour duplicate check unless the
    // clock is now earlier than that (set back), when the archive is read first.
    if (!store.covers(gmtDay(this.#options.clock.now() - DAY_MS))) await store.complete;
    await service.recover();
    // Then, in the background, the rest of the history, and a compaction when the journal has grown past its last.
    this.#background.push(
      service.compact(slicePacer()).catch((error: unknown) => {
        this.#options.onBackgroundError?.(error);
        return false;
      }),
    );
    return service;
  }

  /**
   * A box has come (the customer set a passcode, or accepted the fixed key): the payments kept in memory until now
   * are written to disk under it, so this run's history outlives it. A journal already on disk for the same customer
   * (from an earlier run) is left as it is, and this run's payments then stay in memory.
   */
  async useBox(box: SecretBox | undefined): Promise<void> {
    if (!box) return;
    for (const [store, { profileId, kennitala }] of this.#inMemory) {
      const onDisk = customerJournal(this.#options.dataDir, box, profileId, kennitala);
      if (!onDisk || existsSync(onDisk.path)) continue;
      this.#inMemory.delete(store);
      const moved = await store
        .moveTo(new FileJournal(onDisk.path), onDisk.codec, this.#options.clock.now())
        .catch((error: unknown) => {
          this.#options.onBackgroundError?.(error);
          return false;
        });
      if (!moved) this.#inMemory.set(store, { profileId, kennitala });
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#services.values());
    await Promise.allSettled(this.#background);
    await Promise.all(this.#stores.map((store) => store.close()));
  }
}
