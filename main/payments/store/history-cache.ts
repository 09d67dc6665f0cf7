import type { PaymentIntent } from '../../../common/payment.ts';
import type { PaymentDatabase } from './payment-database.ts';

/** How many rows one slice of building the cache opens before the worker answers whatever else is waiting. */
const SLICE = 2000;

/**
 * Every payment of a store, opened, newest first: what a text search and an export read. Held by the store's worker
 * (never the main process), built the first time a search needs it a slice at a time, so questions that come while
 * it is built (a keystroke's check, a payment's save) are answered in between, and kept up to date by every save.
 */
export class HistoryCache {
  readonly #db: PaymentDatabase;
  #items: PaymentIntent[] | undefined;
  #building: Promise<PaymentIntent[]> | undefined;
  /** Saved while it is being built: applied once it is. */
  #meanwhile: PaymentIntent[] = [];

  constructor(db: PaymentDatabase) {
    this.#db = db;
  }

  all(): Promise<PaymentIntent[]> {
    if (this.#items) return Promise.resolve(this.#items);
    this.#building ??= this.#build();
    return this.#building;
  }

  async #build(): Promise<PaymentIntent[]> {
    const items: PaymentIntent[] = [];
    const rows = this.#db.newestFirst();
    for (;;) {
      let n = 0;
      for (let next = rows.next(); ; next = rows.next()) {
        if (next.done) {
          for (const intent of this.#meanwhile) place(items, intent);
          this.#meanwhile = [];
          this.#items = items;
          return items;
        }
        items.push(next.value);
        n += 1;
        if (n === SLICE) break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** A payment as just saved. */
  saved(intent: PaymentIntent): void {
    if (this.#items) place(this.#items, intent);
    else if (this.#building) this.#meanwhile.push(intent);
  }
}

/** In history order: a payment seen before stays where it is; a new one goes before every one confirmed no later. */
function place(items: PaymentIntent[], intent: PaymentIntent): void {
  const at = items.findIndex((each) => each.id === intent.id);
  if (at >= 0) {
    items[at] = intent;
    return;
  }
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.createdAt ?? 0) > intent.createdAt) low = middle + 1;
    else high = middle;
  }
  items.splice(low, 0, intent);
}
