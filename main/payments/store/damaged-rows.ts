import type { PaymentIntent } from '../../../common/payment.ts';
import type { PaymentRow } from './payment-rows.ts';
import type { StoreHead } from './store-head.ts';

/** A damaged row as the customer accepted it: its id, number and the day it is filed under, all as they were. */
export const damagedKey = (row: Pick<PaymentRow, 'id' | 'seq' | 'day'>): string => `${row.id}|${row.seq}|${row.day}`;

/**
 * The payments whose rows were found not to open (issue 38: edited, moved to another day, renamed, put back beside
 * another row's raised number), by any read of this run: a day's payments, a page, the search copy's walk over every
 * row. Such a row's clear columns cannot be trusted, its day among them: while the store is not trusted, it counts
 * as uncertain on any day the limit is asked about (`elsewhere`), besides the day it is filed under.
 */
export class DamagedRows {
  readonly #found = new Map<string, { intent: PaymentIntent; filedUnder: string; key: string }>();
  readonly #head: StoreHead;
  readonly #writeHead: () => void;
  #unwritten = false;

  /** `writeHead`: the head written, synced, in a transaction of its own (the flag then outlives this run). */
  constructor(head: StoreHead, writeHead: () => void) {
    this.#head = head;
    this.#writeHead = writeHead;
  }

  /**
   * A row read that does not open, shown as `intent` (payment-rows.ts's `decode`): the store is flagged
   * (`damagedRows`) unless the customer accepted this row as it is, and the flag is written into the head once the
   * read is over (a read may be a slice of the search copy's walk, between two of which other requests are answered,
   * or the read inside a write's transaction).
   */
  found(intent: PaymentIntent, row: PaymentRow): void {
    const key = damagedKey(row);
    this.#found.set(row.id, { intent, filedUnder: row.day, key });
    if (this.#head.acceptedDamaged(key) || !this.#head.flag('damagedRows')) return;
    this.#unwritten = true;
    setImmediate(() => this.flush());
  }

  /** A due occurrence's link that does not open (due-links.ts): the store is flagged as for a row. */
  unreadableLink(): void {
    if (!this.#head.flag('damagedRows')) return;
    this.#unwritten = true;
    setImmediate(() => this.flush());
  }

  /** The flag found, written into the head if it is not yet (and before the store closes). */
  flush(): void {
    if (!this.#unwritten) return;
    this.#unwritten = false;
    try {
      this.#writeHead();
    } catch {
      // Flagged in this run all the same; written with the next change, or when the store closes.
      this.#unwritten = true;
    }
  }

  /** Every one found so far, as the customer accepts them (see StoreHead's `accept`). */
  keys(): string[] {
    return [...this.#found.values()].map((found) => found.key);
  }

  /**
   * What they add to a customer's limit on `day` while the store is not trusted, beyond what the day's own rows
   * count (those filed under it). Once the customer has checked, each counts on the day it is filed under only.
   */
  elsewhere(day: string, kennitala: string, exceptId?: string): number {
    if (this.#found.size === 0 || this.#head.integrity().trusted) return 0;
    let amount = 0;
    for (const { intent, filedUnder } of this.#found.values()) {
      if (intent.id === exceptId || intent.order.debtorKennitala !== kennitala || filedUnder === day) continue;
      amount += intent.order.amount;
    }
    return amount;
  }
}
