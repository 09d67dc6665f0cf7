import type { StatementSync } from 'node:sqlite';
import type { RowSeal } from './row-seal.ts';
import type { StoreIntegrity, StoreMark } from './store-contract.ts';

interface Head {
  seq: number;
  count: number;
  sum: number;
}

const EMPTY: Head = { seq: 0, count: 0, sum: 0 };

/** A value of the store's `meta` table (its identity, its head). */
export function readMeta(sql: (text: string) => StatementSync, name: string): Uint8Array | undefined {
  const row = sql('SELECT value FROM meta WHERE name = ?').get(name) as { value: Uint8Array } | undefined;
  return row?.value;
}

export function writeMeta(sql: (text: string) => StatementSync, name: string, value: Uint8Array): void {
  // In place where it is there (its key unchanged: one page written, not the key's index too).
  if (sql('UPDATE meta SET value = ? WHERE name = ?').run(value, name).changes === 0) {
    sql('INSERT INTO meta (name, value) VALUES (?, ?)').run(name, value);
  }
}

/**
 * The store's head: the last number of its sequence, how many rows it holds (payments and the bank's "limit
 * reached" answers) and the sum of their numbers, sealed in `meta` and written with every change. Against it and
 * the mark main keeps outside the store, what was removed or put back is noticed when the store opens
 * (payment-database.ts says how), and the store is flagged until the customer accepts it.
 */
export class StoreHead {
  readonly #sql: (text: string) => StatementSync;
  readonly #seal: RowSeal;
  readonly #bound: string;
  #head: Head = EMPTY;
  #problem: StoreIntegrity['problem'];

  constructor(sql: (text: string) => StatementSync, seal: RowSeal, place: { binding: string; storeId: string }) {
    this.#sql = sql;
    this.#seal = seal;
    this.#bound = `a2a-wallet/payment-head/v1|${place.binding}|${place.storeId}`;
  }

  get seq(): number {
    return this.#head.seq;
  }

  /** A new store's head: empty (written with the store's identity, in one transaction). */
  begin(): void {
    this.#head = EMPTY;
    this.write();
  }

  /** An existing store's head, read and checked against what the tables hold and the mark kept outside. */
  load(mark: StoreMark | undefined, storeId: string): void {
    const read = this.#read();
    this.#head = read ?? EMPTY;
    this.#problem = this.#check(read === undefined && readMeta(this.#sql, 'head') !== undefined, mark, storeId);
  }

  #read(): Head | undefined {
    const sealed = readMeta(this.#sql, 'head');
    const plain = sealed && this.#seal.open(sealed, this.#bound);
    if (plain === undefined) return undefined;
    const head = JSON.parse(plain) as Partial<Head>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    return whole(head.seq) && whole(head.count) && whole(head.sum)
      ? { seq: head.seq, count: head.count, sum: head.sum }
      : undefined;
  }

  write(): void {
    writeMeta(this.#sql, 'head', this.#seal.seal(JSON.stringify(this.#head), this.#bound));
  }

  /** What the head says against what the tables hold, and the store against the mark kept outside it. */
  #check(unreadable: boolean, mark: StoreMark | undefined, storeId: string): StoreIntegrity['problem'] {
    if (unreadable) return 'unreadable';
    if (mark && (mark.storeId !== storeId || mark.seq > this.#head.seq)) return 'older';
    const held = this.#held();
    const { count, sum, seq } = this.#head;
    return held.count !== count || held.sum !== sum || (held.top ?? 0) > seq ? 'gap' : undefined;
  }

  #held(): { count: number; sum: number; top: number | null } {
    return this.#sql(
      `SELECT count(*) AS count, total(seq) AS sum, max(seq) AS top
         FROM (SELECT seq FROM payments UNION ALL SELECT seq FROM bank_limits)`,
    ).get() as { count: number; sum: number; top: number | null };
  }

  /** The head after a change numbered `seq`, over a row that had `replaced` (or a new row); written by the caller. */
  advance(seq: number, replaced: number | undefined): void {
    this.#head = {
      seq,
      count: this.#head.count + (replaced === undefined ? 1 : 0),
      sum: this.#head.sum + seq - (replaced ?? 0),
    };
  }

  /**
   * The customer checked at their bank: the store as it is now is counted afresh into its head (past any number it
   * held, and past `marked`, the mark's, so the mark moves on). Written by the caller, then `trust`ed.
   */
  accept(marked: number): void {
    const held = this.#held();
    this.#head = { seq: Math.max(this.#head.seq, held.top ?? 0, marked) + 1, count: held.count, sum: held.sum };
  }

  /** Accepted and written: trusted from here on. */
  trust(): void {
    this.#problem = undefined;
  }

  integrity(): StoreIntegrity {
    return { trusted: !this.#problem, ...(this.#problem ? { problem: this.#problem } : {}) };
  }
}
