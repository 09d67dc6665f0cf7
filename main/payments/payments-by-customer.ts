import { join } from 'node:path';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Clock } from '../../common/time.ts';
import type { BankClient } from '../bank/bank-client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { WalletError } from '../wallet-error.ts';
import { FileJournal, MemoryJournal } from './journal.ts';
import { PaymentService } from './payment-service.ts';
import { PaymentStore } from './payment-store.ts';
import { plainCodec, sealedCodec } from './record-codec.ts';

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
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

export class PaymentsByCustomer {
  readonly #options: PaymentsByCustomerOptions;
  readonly #services = new Map<string, Promise<PaymentService>>();
  readonly #stores: PaymentStore[] = [];

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
    const box = this.#options.box();
    const tag = box?.tag?.(`${profileId}|${kennitala}`);
    const storeOptions = { owner: kennitala, profileId };
    const store =
      box && tag
        ? new PaymentStore(new FileJournal(join(this.#options.dataDir, 'payments', profileId, `${tag}.jsonl`)), {
            ...storeOptions,
            codec: sealedCodec(box, `${profileId}/${tag}`),
          })
        : new PaymentStore(new MemoryJournal(), { ...storeOptions, codec: plainCodec });
    this.#stores.push(store);
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
      ...(this.#options.retryDelaysMs ? { retryDelaysMs: this.#options.retryDelaysMs } : {}),
      ...(this.#options.sleep ? { sleep: this.#options.sleep } : {}),
    });
    await service.recover();
    return service;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#services.values());
    await Promise.all(this.#stores.map((store) => store.close()));
  }
}
