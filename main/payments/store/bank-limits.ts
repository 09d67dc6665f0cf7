import type { StatementSync } from 'node:sqlite';
import type { PaymentRows } from './payment-rows.ts';
import type { RowSeal } from './row-seal.ts';

interface LimitRow {
  tag: string;
  seq: number;
  sealed: Uint8Array;
}

/**
 * The bank's answers that a customer's daily limit is reached (OverDailyAmount), one row a customer and GMT day:
 * found by a keyed tag of both, sealed, and numbered in the store's sequence like a payment's change.
 */
export class BankLimits {
  readonly #sql: (text: string) => StatementSync;
  readonly #seal: RowSeal;
  readonly #rows: PaymentRows;

  constructor(sql: (text: string) => StatementSync, seal: RowSeal, rows: PaymentRows) {
    this.#sql = sql;
    this.#seal = seal;
    this.#rows = rows;
  }

  #tag(kennitala: string, day: string): string {
    return this.#seal.tag(`limit|${kennitala}|${day}`);
  }

  /** Writes the answer as change `seq` (within the caller's transaction); false if it was there already. */
  put(kennitala: string, day: string, seq: number): boolean {
    const tag = this.#tag(kennitala, day);
    if (this.#sql('SELECT seq FROM bank_limits WHERE tag = ?').get(tag)) return false;
    const sealed = this.#seal.seal(JSON.stringify({ kennitala, day }), this.#rows.limitBound(tag, seq));
    this.#sql('INSERT INTO bank_limits (tag, seq, sealed) VALUES (?, ?, ?)').run(tag, seq, sealed);
    return true;
  }

  /** The answers that can be read (for a move to another store). */
  all(): { kennitala: string; day: string }[] {
    const rows = this.#sql('SELECT tag, seq, sealed FROM bank_limits').all() as unknown as LimitRow[];
    return rows.flatMap((row) => {
      const plain = this.#seal.open(row.sealed, this.#rows.limitBound(row.tag, row.seq));
      return plain === undefined ? [] : [JSON.parse(plain) as { kennitala: string; day: string }];
    });
  }

  /** A row there, readable or not: an unreadable one may have said so, and "reached" is the careful answer. */
  reached(kennitala: string, day: string): boolean {
    return !!this.#sql('SELECT 1 AS found FROM bank_limits WHERE tag = ?').get(this.#tag(kennitala, day));
  }
}
