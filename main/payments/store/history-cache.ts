import type { HistoryFilter, PaymentIntent } from '../../../common/payment.ts';
import { filterHistory, foldForSearch, textOf } from '../history.ts';
import type { PaymentDatabase } from './payment-database.ts';

/** How long one slice of building the cache may hold the worker before it answers whatever else is waiting. */
const SLICE_MS = 8;
/** How long after a store opens its copy is begun (the questions of a start, the first page, come first). */
const PREPARE_AFTER_MS = 1500;
/** Between two payments' texts in the search text: no text holds it (else each payment is searched on its own). */
const BETWEEN = '\u0000';

/**
 * Every payment of a store, opened, newest first: what a text search and an export read. Held by the store's worker
 * (never the main process), made ahead of time once the store is opened (`prepare`), or the first time a search
 * needs it, a slice at a time, so questions that come while it is made (a keystroke's check, a payment's save) wait
 * at most a slice; kept up to date by every save.
 */
export class HistoryCache {
  readonly #db: PaymentDatabase;
  #items: PaymentIntent[] | undefined;
  #building: Promise<PaymentIntent[]> | undefined;
  /** Saved while it is being made: applied once it is. */
  #meanwhile: PaymentIntent[] = [];
  #closed = false;
  #prepare: ReturnType<typeof setTimeout> | undefined;
  /** Every payment's search text, in history order, in one string, and where each begins: made again after a save. */
  #text: { all: string; starts: number[] } | null | undefined;

  constructor(db: PaymentDatabase) {
    this.#db = db;
  }

  all(): Promise<PaymentIntent[]> {
    if (this.#items) return Promise.resolve(this.#items);
    this.#building ??= this.#build();
    return this.#building;
  }

  /**
   * Made ahead of time, once the questions of the store's opening are answered, so the customer's first search finds
   * it made; a failure here is met again by `all`.
   */
  prepare(): void {
    this.#prepare = setTimeout(() => {
      this.all().catch(() => {
        this.#building = undefined;
      });
    }, PREPARE_AFTER_MS);
    this.#prepare.unref?.();
  }

  /** The store is closing: a copy being made stops at its next slice. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#prepare);
  }

  async #build(): Promise<PaymentIntent[]> {
    const items: PaymentIntent[] = [];
    const rows = this.#db.queries.newestFirst();
    for (;;) {
      const until = performance.now() + SLICE_MS;
      for (let next = rows.next(); ; next = rows.next()) {
        if (next.done) {
          for (const intent of this.#meanwhile) place(items, intent);
          this.#meanwhile = [];
          this.#items = items;
          return items;
        }
        items.push(next.value);
        if ((items.length & 63) === 0 && performance.now() >= until) break;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#closed) {
        rows.return(undefined);
        throw new Error('The store was closed');
      }
    }
  }

  /** A payment as just saved. */
  saved(intent: PaymentIntent): void {
    this.#text = undefined;
    if (this.#items) place(this.#items, intent);
    else if (this.#building) this.#meanwhile.push(intent);
  }

  /**
   * The history as `filterHistory` filters it, newest first. A text is looked for once in one string of every
   * payment's text (a search over 100 000 payments is one scan, not 100 000), then the rest of the filter is applied
   * to the payments it was found in.
   */
  async filtered(filter: HistoryFilter): Promise<PaymentIntent[]> {
    const items = await this.all();
    const text = filter.text && foldForSearch(filter.text.trim());
    // A query with the character between texts in it is no text's: each payment is looked at on its own.
    if (text && !text.includes(BETWEEN)) this.#text ??= searchText(items);
    if (!text || text.includes(BETWEEN) || !this.#text) return filterHistory(items, filter, { ordered: true });
    const { all, starts } = this.#text;
    const found: PaymentIntent[] = [];
    let item = 0;
    for (let at = all.indexOf(text); at >= 0;) {
      while (item + 1 < starts.length && (starts[item + 1] ?? 0) <= at) item += 1;
      const intent = items[item];
      if (intent) found.push(intent);
      // Found in this payment: the search goes on from the next one.
      const next = starts[item + 1];
      if (next === undefined) break;
      at = all.indexOf(text, next);
    }
    return filterHistory(found, { ...filter, text: undefined }, { ordered: true });
  }
}

function searchText(items: readonly PaymentIntent[]): { all: string; starts: number[] } | null {
  const starts: number[] = [];
  const parts: string[] = [];
  let at = 0;
  for (const intent of items) {
    const text = textOf(intent);
    if (text.includes(BETWEEN)) return null;
    starts.push(at);
    parts.push(text);
    at += text.length + 1;
  }
  return { all: parts.join(BETWEEN), starts };
}

/**
 * In history order (confirmed at, newest first, then written first): a payment seen before stays where it is; a new
 * one goes before every one confirmed no later. Found by halving, as a payment's confirmation time never changes:
 * a save at 100 000 payments does not walk them all.
 */
function place(items: PaymentIntent[], intent: PaymentIntent): void {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((items[middle]?.createdAt ?? 0) > intent.createdAt) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < items.length && items[at]?.createdAt === intent.createdAt; at += 1) {
    if (items[at]?.id === intent.id) {
      items[at] = intent;
      return;
    }
  }
  items.splice(low, 0, intent);
}
