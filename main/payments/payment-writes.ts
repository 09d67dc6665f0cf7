import type { PaymentIntent } from '../../common/payment.ts';
import type { Clock } from '../../common/time.ts';
import { WalletError } from '../wallet-error.ts';
import type { PaymentStore } from './store/store-ops.ts';

/** How many payments are remembered as this service last wrote or read them (see `known`). */
const KNOWN_KEPT = 64;
/** A send's answer whose write failed is asked again after these waits: at once, then past the store's restarts. */
const ANSWER_RETRY_WAITS_MS = [0, 1_500, 6_000, 61_000];

export interface PaymentWritesOptions {
  store: PaymentStore;
  clock: Clock;
  onChange?: (intent: PaymentIntent) => void;
  /** A write failed, or its answer was lost: it may or may not have landed. */
  onUncertain?: (id: string) => void;
  /** Waits before a send's answer is asked of the store again (tests give their own). */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * How a payment's change is written: stamped with the time and its state's time, saved, numbered by the store (its
 * version), told to whoever listens, and remembered as written (`known`). Every change the service makes goes
 * through here, so what is remembered is what the store last acknowledged, or, for a send's answer, what it was
 * asked to write in the number it kept (`answered`); a write that failed or whose answer was lost (the store's worker
 * stopped) is forgotten, as it may or may not have landed.
 */
export class PaymentWrites {
  readonly #options: PaymentWritesOptions;
  readonly #known = new Map<string, PaymentIntent>();
  /** Sends begun here (`beginSend`), by payment: the version of their "sending", whose next number the store kept. */
  readonly #begun = new Map<string, number>();

  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: PaymentWritesOptions) {
    this.#options = options;
    // Not keeping the app open: a wait of the app's own, which an ending run does not wait for.
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /**
   * The payment as this service last wrote it or read it whole, if it is one of the last few. Only a send's first
   * write decides from it, and the store refuses that write unless it still holds this very version (`beginSend`).
   */
  known(id: string): PaymentIntent | undefined {
    return this.#known.get(id);
  }

  #remember(intent: PaymentIntent): PaymentIntent {
    keepNewest(this.#known, intent.id, intent);
    return intent;
  }

  async read(id: string): Promise<PaymentIntent> {
    const intent = await this.#options.store.get(id);
    if (!intent) throw new WalletError('PAYMENT_NOT_FOUND', 'No such payment');
    return intent;
  }

  /** A payment whose record failed its integrity check is never sent or asked about on the app's own. */
  async readIntact(id: string): Promise<PaymentIntent> {
    const intent = await this.read(id);
    if (intent.state === 'damaged') {
      throw new WalletError(
        'RECORD_DAMAGED',
        "This payment's record is damaged: check your online banking before paying again",
      );
    }
    return this.#remember(intent);
  }

  /** A new payment (the customer confirmed it): on disk, synced, when this resolves. */
  create(intent: PaymentIntent): Promise<PaymentIntent> {
    return this.#written(intent, () => this.#options.store.save(intent));
  }

  /**
   * A payment from a backup (main/backup), written as it is there: numbered by the store, told to nobody (a restore
   * of thousands would flood the window; it reads the history again), and not remembered.
   */
  async restored(intent: PaymentIntent, options: { sync?: boolean } = {}): Promise<void> {
    this.#begun.delete(intent.id);
    await this.#guarded(intent.id, () => this.#options.store.save(intent, options));
    this.#known.delete(intent.id);
  }

  async update(
    intent: PaymentIntent,
    change: Partial<PaymentIntent>,
    options: { sync?: boolean } = {},
  ): Promise<PaymentIntent> {
    const next = this.#changed(intent, change);
    return this.#written(next, () => this.#options.store.save(next, options));
  }

  /**
   * The customer's private note, written as it is (issue 42): not a change of the payment, so its time of last change
   * (which the follow-up's waits and the screens' order count from) stays.
   */
  async note(intent: PaymentIntent, note: string | undefined): Promise<PaymentIntent> {
    const next: PaymentIntent = { ...intent, note };
    if (note === undefined) delete next.note;
    return this.#written(next, () => this.#options.store.save(next));
  }

  /**
   * A send's first write ("sending"), made from the payment as this service knows it: refused by the store
   * (`stale`) if it holds another version now, or (`overLimit`) if, given `limit`, the amount no longer fits in
   * what is left of that day's limit; nothing is written then.
   */
  async beginSend(
    intent: PaymentIntent,
    change: Partial<PaymentIntent>,
    limit?: { day: string; kennitala: string },
  ): Promise<PaymentIntent | 'stale' | 'overLimit'> {
    const next = this.#changed(intent, change);
    const answer = await this.#guarded(next.id, () => this.#options.store.beginSend(next, intent.version ?? 0, limit));
    if (answer.kind === 'saved') {
      keepNewest(this.#begun, next.id, answer.version);
      return this.#settled(next, answer.version);
    }
    if (answer.kind === 'stale') this.#known.delete(intent.id);
    return answer.kind;
  }

  /**
   * A send's answer (what the bank said to its POST and GET), written behind the send (issue 40): numbered as the
   * store kept for it at the send's first write (`beginSend`), asked of the store, then told and remembered, and the
   * send does not wait for the write. Unsynced, as every answer the bank can tell again. The store answers every later
   * question after it (one worker, in order). For a payment written since its send began (a retry), or not begun
   * here: written as any change, waited for.
   */
  answered(intent: PaymentIntent, change: Partial<PaymentIntent>): Promise<PaymentIntent> {
    const over = intent.version;
    if (over === undefined || this.#begun.get(intent.id) !== over) return this.update(intent, change, { sync: false });
    this.#begun.delete(intent.id);
    const next: PaymentIntent = { ...this.#changed(intent, change), version: over + 1 };
    // Asked of the store first, so that nothing a listener asks comes before it; then remembered, then told.
    const landing = this.#options.store.answerSend(next, over);
    const told = this.#remember(next);
    this.#land(told, over, landing);
    this.#options.onChange?.(told);
    return Promise.resolve(told);
  }

  /**
   * Where a send's answer landed: in the number told (nothing to do); in another (the store was opened again, or
   * moved: told again in the store's number); nowhere (the payment had changed since, not from this answer: what the
   * store holds is read and told). A write that failed is asked again, at once and then after the waits of the
   * store's restarts (store-host.ts), so the store comes to hold what the customer was told; after the last, it is
   * forgotten as any write that failed (`onUncertain`). Nothing is done once the payment has changed since.
   */
  #land(told: PaymentIntent, over: number, landing: Promise<{ version: number; written: boolean }>, tries = 0) {
    const current = () => this.#known.get(told.id) === told;
    landing
      .then(
        async ({ version, written }) => {
          if (!current() || (written && version === told.version)) return;
          if (written) return void this.#settled(told, version);
          this.#known.delete(told.id);
          this.#options.onChange?.(await this.readIntact(told.id));
        },
        async () => {
          const wait = ANSWER_RETRY_WAITS_MS[tries];
          if (current() && wait !== undefined) await this.#sleep(wait);
          if (!current()) return;
          if (wait !== undefined) return this.#land(told, over, this.#options.store.answerSend(told, over), tries + 1);
          this.#known.delete(told.id);
          this.#options.onUncertain?.(told.id);
        },
      )
      .catch(() => undefined);
  }

  #changed(intent: PaymentIntent, change: Partial<PaymentIntent>): PaymentIntent {
    const now = this.#options.clock.now();
    const next: PaymentIntent = { ...intent, ...change, updatedAt: now };
    if (change.state && change.state !== intent.state) {
      // Settled implies accepted, even when both were learnt in one step.
      const implied = change.state === 'settled' && intent.stateTimes.accepted === undefined ? { accepted: now } : {};
      next.stateTimes = { ...intent.stateTimes, ...implied, [change.state]: now };
    }
    if ('error' in change && change.error === undefined) delete next.error;
    return next;
  }

  async #written(next: PaymentIntent, write: () => Promise<number>): Promise<PaymentIntent> {
    // Any other change of a payment whose send began here: its answer is then written as any change.
    this.#begun.delete(next.id);
    return this.#settled(next, await this.#guarded(next.id, write));
  }

  /** A write that failed, or whose answer was lost, may or may not have landed: the payment is forgotten. */
  async #guarded<T>(id: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.#known.delete(id);
      this.#options.onUncertain?.(id);
      throw error;
    }
  }

  /** Written: numbered, told, remembered. */
  #settled(next: PaymentIntent, version: number): PaymentIntent {
    const saved = this.#remember({ ...next, version });
    this.#options.onChange?.(saved);
    return saved;
  }
}

/** `value` as the newest of `map` under `key`; the oldest goes past KNOWN_KEPT (the last few payments only). */
function keepNewest<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KNOWN_KEPT) map.delete(map.keys().next().value ?? '');
}

/** A payment is only ever sent, asked about or changed for the customer who made it, while they are signed in. */
export function requireOwn(intent: PaymentIntent, customer: () => { kennitala: string }): { kennitala: string } {
  const current = customer();
  if (intent.order.debtorKennitala !== current.kennitala) {
    throw new WalletError('WRONG_CUSTOMER', 'This payment belongs to another customer');
  }
  return current;
}
