import type { StatementSync } from 'node:sqlite';
import type { RowSeal } from './row-seal.ts';
import type { StoreIntegrity, StoreMark } from './store-contract.ts';

type Problem = NonNullable<StoreIntegrity['problem']>;
const PROBLEMS: readonly Problem[] = ['unreadable', 'older', 'gap', 'damagedRows'];

interface Head {
  seq: number;
  count: number;
  sum: number;
  /** A problem found before and not yet accepted by the customer: it stays, whatever is found since. */
  flag?: Problem | undefined;
  /** Rows that do not open, as the customer accepted them (damaged-rows.ts's `damagedKey`). */
  accepted?: string[] | undefined;
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
 * The store's head: the last number of its sequence, how many rows it holds (payments, the bank's "limit
 * reached" answers, the links of due occurrences to payments) and the sum of their numbers, sealed in `meta` and
 * written with every change. Against it and the mark main keeps outside the store, what was removed or put back is
 * noticed when the store opens
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

  /**
   * An existing store's head, read and checked against what the tables hold and the mark kept outside. A problem
   * found earlier and kept in the head stays (a store put back behind its mark and written past it since, or a row
   * that did not open, is not trusted again by itself). Returns whether a problem found now is not yet kept in the
   * head (the caller writes it).
   */
  load(mark: StoreMark | undefined, storeId: string): boolean {
    const read = this.#read();
    this.#head = read ?? EMPTY;
    const found = this.#check(read === undefined && readMeta(this.#sql, 'head') !== undefined, mark, storeId);
    this.#problem = found ?? read?.flag;
    // An unreadable head is left as it is until a write replaces it anyway (then the flag goes with it).
    return found !== undefined && found !== 'unreadable' && read?.flag !== found;
  }

  /**
   * A problem seen while the store is in use (a row that does not open: `damagedRows`). Returns whether it is new
   * (the caller then writes the head, so the flag outlives this run).
   */
  flag(problem: Problem): boolean {
    if (this.#problem) return false;
    this.#problem = problem;
    return true;
  }

  #read(): Head | undefined {
    const sealed = readMeta(this.#sql, 'head');
    const plain = sealed && this.#seal.open(sealed, this.#bound);
    if (plain === undefined) return undefined;
    const head = JSON.parse(plain) as Partial<Head>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    if (!whole(head.seq) || !whole(head.count) || !whole(head.sum)) return undefined;
    const flag = PROBLEMS.find((problem) => problem === head.flag);
    const accepted = Array.isArray(head.accepted) ? head.accepted.filter((key) => typeof key === 'string') : [];
    return { seq: head.seq, count: head.count, sum: head.sum, ...(flag ? { flag } : {}), accepted };
  }

  /** The head as it is now, with the problem found and not yet accepted (sealed with it: it cannot be taken out). */
  write(): void {
    const { seq, count, sum, accepted } = this.#head;
    this.#head = {
      seq,
      count,
      sum,
      ...(this.#problem ? { flag: this.#problem } : {}),
      ...(accepted?.length ? { accepted } : {}),
    };
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
         FROM (SELECT seq FROM payments UNION ALL SELECT seq FROM bank_limits UNION ALL SELECT seq FROM due_links)`,
    ).get() as { count: number; sum: number; top: number | null };
  }

  /** The head after a change numbered `seq`, over a row that had `replaced` (or a new row); written by the caller. */
  advance(seq: number, replaced: number | undefined): void {
    this.#head = {
      ...this.#head,
      // A number kept earlier (`reserve`) is below the head: the head stays where it is.
      seq: Math.max(this.#head.seq, seq),
      count: this.#head.count + (replaced === undefined ? 1 : 0),
      sum: this.#head.sum + seq - (replaced ?? 0),
    };
  }

  /** The head as it is now: called, puts it back (a transaction that did not commit: payment-database.ts). */
  snapshot(): () => void {
    const [head, problem] = [this.#head, this.#problem];
    return () => {
      [this.#head, this.#problem] = [head, problem];
    };
  }

  /** The next number, kept for a change to come (a send's answer): counted past, so no other change takes it. */
  reserve(): void {
    this.#head = { ...this.#head, seq: this.#head.seq + 1 };
  }

  /**
   * The customer checked at their bank: the store as it is now is counted afresh into its head (past any number it
   * held, and past `marked`, the mark's, so the mark moves on), trusted from here on, without the flag it kept,
   * and with the rows that do not open as they are now (`damaged`): those flag it no more. Written by the caller.
   */
  accept(marked: number, damaged: readonly string[]): void {
    const held = this.#held();
    const seq = Math.max(this.#head.seq, held.top ?? 0, marked) + 1;
    this.#head = { seq, count: held.count, sum: held.sum, accepted: [...damaged] };
    this.#problem = undefined;
  }

  /** A row that does not open, the customer accepted as it is (see `accept`). */
  acceptedDamaged(key: string): boolean {
    return this.#head.accepted?.includes(key) ?? false;
  }

  integrity(): StoreIntegrity {
    return { trusted: !this.#problem, ...(this.#problem ? { problem: this.#problem } : {}) };
  }
}
