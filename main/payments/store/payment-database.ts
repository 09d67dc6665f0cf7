import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { PaymentIntentSchema, type PaymentIntent } from '../../../common/payment.ts';
import { LIMIT_EFFECT, type LimitEffect } from '../../../common/payment-rules.ts';
import { duplicateKind } from '../../../common/payment-status.ts';
import { migrate } from './migrations.ts';
import { PaymentRows, type PaymentRow } from './payment-rows.ts';
import { rowSeal, type RowSeal } from './row-seal.ts';
import { countedDay, payeeKey, type PayeeOf, type StoreIntegrity, type StoreMark } from './store-contract.ts';

/** Where a store is and whose it is (sent by main when it opens one; see store-host.ts). */
export interface DatabaseOptions {
  /** A file, or ':memory:' (no data key to seal with: this run only). */
  location: string;
  /** This store's key (32 bytes, derived from the data key for it). */
  key: Uint8Array;
  /** Whose store it is (profile and a keyed tag of the customer): sealed into every row, so rows do not move. */
  binding: string;
  /** The customer and profile, for the stand-in of a payment of which nothing can be read. */
  owner: string;
  profileId: string;
  /** The high-water mark kept outside the store, if any. */
  mark?: StoreMark | undefined;
  /**
   * The id a store made now takes: main picks it and marks it before the file exists, so a crash between the two
   * cannot leave a store without its mark.
   */
  storeId?: string | undefined;
}

interface Head {
  seq: number;
  count: number;
  sum: number;
}

interface LimitRow {
  tag: string;
  seq: number;
  sealed: Uint8Array;
}

/** How many GMT days of payments are kept opened (see `#day`). */
const DAYS_KEPT = 8;

const COLUMNS = 'id, created_at, first_seq, seq, day, state, payee, sealed, prior_seq, prior';
const PAID_STATES = new Set(['accepted', 'settled']);

/**
 * One customer's payments in one profile, in SQLite (node:sqlite, WAL). Runs in the payment store's worker, never
 * on the main process. Every change is one transaction: the payment's row, sealed under the store's key with
 * associated data naming the store, the row and the change's number in the store's sequence, and the store's head
 * (sealed too), which counts the rows and adds up their sequence numbers.
 *
 * So what was removed or put back is noticed when the store opens: a row removed lowers the count; a row put back
 * from an older copy carries a lower number than the one it replaces (a row's numbers only grow), so the sum falls;
 * a whole older copy has a head behind the mark main keeps outside the store. The clear columns (sequence numbers
 * included) are bound into each row's seal: a row edited to make the counts agree again, or copied under another
 * tag, no longer opens and reads as `damaged`, which the customer is told to check at the bank.
 */
export class PaymentDatabase {
  readonly #db: DatabaseSync;
  readonly #seal: RowSeal;
  readonly #options: DatabaseOptions;
  readonly #storeId: string;
  readonly #rows: PaymentRows;
  #head: Head;
  #problem: StoreIntegrity['problem'];
  #synchronous: 'FULL' | 'NORMAL' = 'FULL';
  readonly #statements = new Map<string, StatementSync>();
  /** The payments of the GMT days asked about lately, opened (see `#day`). */
  readonly #days = new Map<string, Map<string, PaymentIntent>>();
  /** Within putAll: the head is written once, at the end. */
  #bulk = false;

  constructor(options: DatabaseOptions) {
    this.#options = options;
    this.#seal = rowSeal(options.key);
    if (options.location !== ':memory:') {
      // The customer's folder and file for them alone (SQLite gives its log files the database file's mode).
      mkdirSync(dirname(options.location), { recursive: true, mode: 0o700 });
      closeSync(openSync(options.location, 'a', 0o600));
    }
    this.#db = new DatabaseSync(options.location);
    try {
      this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000');
      migrate(this.#db);
      const storeId = this.#meta('store');
      if (storeId === undefined) {
        // A new store: its identity and an empty head, together.
        this.#storeId = options.storeId ?? randomUUID();
        this.#head = { seq: 0, count: 0, sum: 0 };
        this.#transaction(() => {
          this.#setMeta('store', Buffer.from(this.#storeId, 'utf8'));
          this.#writeHead();
        });
      } else {
        this.#storeId = Buffer.from(storeId).toString('utf8');
        this.#head = this.#readHead() ?? { seq: 0, count: 0, sum: 0 };
      }
      this.#rows = new PaymentRows(this.#seal, { binding: options.binding, storeId: this.#storeId }, options);
      this.#problem = this.#quickCheck(options.mark);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  /** A statement, compiled once per store. */
  #sql(text: string): StatementSync {
    let statement = this.#statements.get(text);
    if (!statement) this.#statements.set(text, (statement = this.#db.prepare(text)));
    return statement;
  }

  get mark(): StoreMark {
    return { storeId: this.#storeId, seq: this.#head.seq };
  }

  #meta(name: string): Uint8Array | undefined {
    const row = this.#sql('SELECT value FROM meta WHERE name = ?').get(name) as { value: Uint8Array } | undefined;
    return row?.value;
  }

  #setMeta(name: string, value: Uint8Array): void {
    this.#sql('INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)').run(name, value);
  }

  #headBound(): string {
    return `a2a-wallet/payment-head/v1|${this.#options.binding}|${this.#storeId}`;
  }

  #readHead(): Head | undefined {
    const sealed = this.#meta('head');
    const plain = sealed && this.#seal.open(sealed, this.#headBound());
    if (plain === undefined) return undefined;
    const head = JSON.parse(plain) as Partial<Head>;
    const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
    return whole(head.seq) && whole(head.count) && whole(head.sum)
      ? { seq: head.seq, count: head.count, sum: head.sum }
      : undefined;
  }

  #writeHead(): void {
    this.#setMeta('head', this.#seal.seal(JSON.stringify(this.#head), this.#headBound()));
  }

  /** What the head says against what the tables hold, and the store against the mark kept outside it. */
  #quickCheck(mark: StoreMark | undefined): StoreIntegrity['problem'] {
    if (this.#meta('head') !== undefined && this.#readHead() === undefined) return 'unreadable';
    if (mark && (mark.storeId !== this.#storeId || mark.seq > this.#head.seq)) return 'older';
    const held = this.#held();
    const { count, sum, seq } = this.#head;
    return held.count !== count || held.sum !== sum || (held.top ?? 0) > seq ? 'gap' : undefined;
  }

  /**
   * The customer checked at their bank: the store as it is now is counted afresh into its head (past any number it
   * held, so the mark moves on), and trusted from here on.
   */
  accept(): void {
    const held = this.#held();
    this.#durability(true);
    this.#transaction(() => {
      // Past the mark too: the mark outside only moves forward.
      const marked = this.#options.mark?.storeId === this.#storeId ? this.#options.mark.seq : 0;
      this.#head = { seq: Math.max(this.#head.seq, held.top ?? 0, marked) + 1, count: held.count, sum: held.sum };
      this.#writeHead();
    });
    this.#problem = undefined;
  }

  #held(): { count: number; sum: number; top: number | null } {
    return this.#sql(
      `SELECT count(*) AS count, total(seq) AS sum, max(seq) AS top
         FROM (SELECT seq FROM payments UNION ALL SELECT seq FROM bank_limits)`,
    ).get() as { count: number; sum: number; top: number | null };
  }

  integrity(): StoreIntegrity {
    return { trusted: !this.#problem, ...(this.#problem ? { problem: this.#problem } : {}) };
  }

  /** A payment of which nothing can be read (see PaymentRows.standIn). */
  standIn(id: string, at: number): PaymentIntent {
    return this.#rows.standIn(id, at);
  }

  #transaction<T>(run: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = run();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Durable on disk (fsync of the log) when `sync`; else durable across a crash of the app, not of the power. */
  #durability(sync: boolean): void {
    const wanted = sync ? 'FULL' : 'NORMAL';
    if (wanted === this.#synchronous) return;
    this.#db.exec(`PRAGMA synchronous = ${wanted}`);
    this.#synchronous = wanted;
  }

  #row(id: string): PaymentRow | undefined {
    return this.#sql(`SELECT ${COLUMNS} FROM payments WHERE id = ?`).get(id) as PaymentRow | undefined;
  }

  /** Writes a payment's new state; returns its version (the change's number in the store's sequence). */
  save(intent: PaymentIntent, sync = true): number {
    const checked = PaymentIntentSchema.parse(intent);
    this.#durability(sync);
    const { seq, replacedDay } = this.#transaction(() => this.#put(checked));
    // Once committed: the days read so far follow it.
    if (replacedDay !== undefined) this.#days.get(replacedDay)?.delete(checked.id);
    this.#days.get(countedDay(checked))?.set(checked.id, { ...checked, version: seq });
    return seq;
  }

  /**
   * Many payments and "limit reached" answers in one transaction, oldest first (an import, or a move from memory
   * to disk): all of them, or nothing.
   */
  putAll(intents: readonly PaymentIntent[], limits: readonly { kennitala: string; day: string }[]): void {
    const checked = intents.map((intent) => PaymentIntentSchema.parse(intent));
    this.#durability(true);
    this.#transaction(() => {
      this.#bulk = true;
      try {
        for (const intent of checked) this.#put(intent);
        for (const { kennitala, day } of limits) this.#putLimit(kennitala, day);
      } finally {
        this.#bulk = false;
      }
      this.#writeHead();
    });
    this.#days.clear();
  }

  #put(intent: PaymentIntent): { seq: number; replacedDay: string | undefined } {
    const existing = this.#row(intent.id);
    if (existing && this.#rows.decode(existing).state === 'damaged') {
      throw new Error('A damaged record is never written over');
    }
    const seq = this.#head.seq + 1;
    const row = {
      id: intent.id,
      created_at: intent.createdAt,
      first_seq: existing?.first_seq ?? seq,
      seq,
      day: countedDay(intent),
      state: intent.state,
      payee: this.#seal.tag(payeeKey(intent.order)),
    };
    const sealed = this.#seal.seal(JSON.stringify({ ...intent, version: seq }), this.#rows.rowBound(row));
    const before = existing && this.#rows.open(existing);
    const prior = before
      ? this.#seal.seal(JSON.stringify(before), this.#rows.priorBound(intent.id, existing.seq))
      : null;
    this.#sql(
      `INSERT INTO payments (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET
           created_at = excluded.created_at, first_seq = excluded.first_seq, seq = excluded.seq, day = excluded.day,
           state = excluded.state, payee = excluded.payee, sealed = excluded.sealed, prior_seq = excluded.prior_seq,
           prior = excluded.prior`,
    ).run(
      row.id,
      row.created_at,
      row.first_seq,
      row.seq,
      row.day,
      row.state,
      row.payee,
      sealed,
      before ? existing.seq : null,
      prior,
    );
    this.#advance(seq, existing?.seq);
    return { seq, replacedDay: existing?.day };
  }

  /** The head after a write of change `seq`, over a row that had `replaced` (or a new row). */
  #advance(seq: number, replaced: number | undefined): void {
    this.#head = {
      seq,
      count: this.#head.count + (replaced === undefined ? 1 : 0),
      sum: this.#head.sum + seq - (replaced ?? 0),
    };
    if (!this.#bulk) this.#writeHead();
  }

  get(id: string): PaymentIntent | undefined {
    const row = this.#row(id);
    return row && this.#rows.decode(row);
  }

  onDays(days: readonly string[]): PaymentIntent[] {
    return days.flatMap((day) => [...this.#day(day).values()]);
  }

  /**
   * The payments of one GMT day, opened: read once, then kept by every save (the pay form's limit and duplicate
   * check ask about today and yesterday at every keystroke). A few days are kept, the latest asked.
   */
  #day(day: string): Map<string, PaymentIntent> {
    let payments = this.#days.get(day);
    if (payments) {
      this.#days.delete(day);
    } else {
      // In the order they were first written (a new one joins at the end; a change keeps its place).
      const rows = this.#sql(`SELECT ${COLUMNS} FROM payments WHERE day = ? ORDER BY first_seq`).all(
        day,
      ) as unknown as PaymentRow[];
      payments = new Map(rows.map((row) => [row.id, this.#rows.decode(row)]));
      if (this.#days.size >= DAYS_KEPT) this.#days.delete(this.#days.keys().next().value ?? '');
    }
    this.#days.set(day, payments);
    return payments;
  }

  /**
   * The newest payment from this debtor to this payee of this amount, counted on these GMT days and first sent (or
   * confirmed) after `after`, that may have gone or may still go (common/payment-status.ts's `duplicate`): what the
   * duplicate warning names. Of two confirmed in the same millisecond, the one written last.
   */
  newestLike(order: PayeeOf & { amount: number }, days: readonly string[], after: number): PaymentIntent | undefined {
    const payee = payeeKey(order);
    let newest: PaymentIntent | undefined;
    for (const intent of this.onDays(days)) {
      if (intent.order.amount !== order.amount || payeeKey(intent.order) !== payee) continue;
      if (duplicateKind(intent.state) === undefined || (intent.firstSentAt ?? intent.createdAt) <= after) continue;
      if (!newest || intent.createdAt >= newest.createdAt) newest = intent;
    }
    return newest;
  }

  /** The payments in these states that count on these GMT days (the follow-up's: accepted or not known). */
  inStatesOnDays(states: readonly PaymentIntent['state'][], days: readonly string[]): PaymentIntent[] {
    return this.onDays(days).filter((intent) => states.includes(intent.state));
  }

  inState(state: PaymentIntent['state']): PaymentIntent[] {
    const rows = this.#sql(`SELECT ${COLUMNS} FROM payments WHERE state = ?`).all(state) as unknown;
    return (rows as PaymentRow[]).map((row) => this.#rows.decode(row)).filter((intent) => intent.state === state);
  }

  usedBy(day: string, kennitala: string, exceptId?: string): Record<Exclude<LimitEffect, 'none'>, number> {
    const used = { held: 0, uncertain: 0, spent: 0 };
    for (const intent of this.onDays([day])) {
      const effect = LIMIT_EFFECT[intent.state];
      if (effect === 'none' || intent.id === exceptId || intent.order.debtorKennitala !== kennitala) continue;
      used[effect] += intent.order.amount;
    }
    return used;
  }

  paidBefore(order: PayeeOf): boolean {
    const rows = this.#sql(
      `SELECT ${COLUMNS} FROM payments INDEXED BY payments_paid WHERE payee = ? AND state IN ('accepted', 'settled')`,
    ).iterate(this.#seal.tag(payeeKey(order))) as IterableIterator<PaymentRow>;
    // Only a row that opens, and is what its clear columns say, counts: the first such one answers.
    for (const row of rows) {
      // (Leaving the loop closes the iterator, which resets the statement.)
      if (PAID_STATES.has(this.#rows.decode(row).state)) return true;
    }
    return false;
  }

  #limitTag(kennitala: string, day: string): string {
    return this.#seal.tag(`limit|${kennitala}|${day}`);
  }

  markBankLimitReached(kennitala: string, day: string): void {
    if (this.bankLimitReached(kennitala, day)) return;
    this.#durability(true);
    this.#transaction(() => this.#putLimit(kennitala, day));
  }

  #putLimit(kennitala: string, day: string): void {
    const tag = this.#limitTag(kennitala, day);
    const existing = this.#sql('SELECT seq FROM bank_limits WHERE tag = ?').get(tag) as { seq: number } | undefined;
    if (existing) return;
    const seq = this.#head.seq + 1;
    const sealed = this.#seal.seal(JSON.stringify({ kennitala, day }), this.#rows.limitBound(tag, seq));
    this.#sql('INSERT INTO bank_limits (tag, seq, sealed) VALUES (?, ?, ?)').run(tag, seq, sealed);
    this.#advance(seq, undefined);
  }

  /** The bank's "limit reached" answers that can be read (for a move to another store). */
  bankLimits(): { kennitala: string; day: string }[] {
    const rows = this.#sql('SELECT tag, seq, sealed FROM bank_limits').all() as unknown as LimitRow[];
    return rows.flatMap((row) => {
      const plain = this.#seal.open(row.sealed, this.#rows.limitBound(row.tag, row.seq));
      return plain === undefined ? [] : [JSON.parse(plain) as { kennitala: string; day: string }];
    });
  }

  /** A row there, readable or not: an unreadable one may have said so, and "reached" is the careful answer. */
  bankLimitReached(kennitala: string, day: string): boolean {
    return !!this.#sql('SELECT 1 AS found FROM bank_limits WHERE tag = ?').get(this.#limitTag(kennitala, day));
  }

  /** A page of the history, newest first (confirmed at, then the order they were first written in). */
  page(range: { offset: number; limit: number }): { total: number; items: PaymentIntent[] } {
    const rows = this.#sql(
      `SELECT ${COLUMNS} FROM payments ORDER BY created_at DESC, first_seq DESC LIMIT ? OFFSET ?`,
    ).all(range.limit, range.offset) as unknown as PaymentRow[];
    return { total: this.count(), items: rows.map((row) => this.#rows.decode(row)) };
  }

  count(): number {
    return (this.#sql('SELECT count(*) AS count FROM payments').get() as { count: number }).count;
  }

  /** Every payment, newest first, a row at a time. */
  *newestFirst(): Generator<PaymentIntent> {
    const rows = this.#sql(`SELECT ${COLUMNS} FROM payments ORDER BY created_at DESC, first_seq DESC`).iterate();
    for (const row of rows as Iterable<PaymentRow>) yield this.#rows.decode(row);
  }

  close(): void {
    this.#statements.clear();
    this.#rows.forget();
    this.#days.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}
