import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { PaymentIntentSchema, type PaymentIntent } from '../../../common/payment.ts';
import type { LimitEffect } from '../../../common/payment-rules.ts';
import { BankLimits } from './bank-limits.ts';
import { DamagedRows } from './damaged-rows.ts';
import { DueLinks, type DueLink } from './due-links.ts';
import { migrate } from './migrations.ts';
import { PaymentQueries } from './payment-queries.ts';
import { PaymentRows, type PaymentRow } from './payment-rows.ts';
import { rowSeal, type RowSeal } from './row-seal.ts';
import type { DatabaseOptions, Numbering, StoreIntegrity, StoreMark } from './store-contract.ts';
import { readMeta, StoreHead, writeMeta } from './store-head.ts';
import { writeRow } from './row-write.ts';
import { syncFiles, tookSync } from './sync-images.ts';

export type { DatabaseOptions } from './store-contract.ts';

const COLUMNS = 'id, created_at, first_seq, seq, day, state, payee, sealed, prior_seq, prior';

/**
 * One customer's payments in one profile, in SQLite (node:sqlite, WAL), in the payment store's worker. Every change
 * is one transaction: the payment's row, sealed under the store's key with associated data naming the store, the row
 * and its clear columns, and the store's sealed head (a count of the rows and the sum of their sequence numbers), so
 * a row removed, put back from an older copy or edited is noticed (docs/PAYMENT-CORE.md, "The payment store"), and
 * a row that no longer opens reads as `damaged` and flags the store (`damagedRows`, damaged-rows.ts).
 */
export class PaymentDatabase {
  readonly #db: DatabaseSync;
  readonly #seal: RowSeal;
  readonly #options: DatabaseOptions;
  readonly #storeId: string;
  readonly #rows: PaymentRows;
  readonly #head: StoreHead;
  readonly #queries: PaymentQueries;
  readonly #limits: BankLimits;
  readonly #dueLinks: DueLinks;
  /** Payments whose rows were found not to open, which flag the store (damaged-rows.ts). */
  readonly #damaged: DamagedRows;
  #synchronous: 'FULL' | 'NORMAL' = 'FULL';
  readonly #statements = new Map<string, StatementSync>();
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
      const sql = (text: string) => this.#sql(text);
      const storeId = readMeta(sql, 'store');
      this.#storeId = storeId === undefined ? (options.storeId ?? randomUUID()) : Buffer.from(storeId).toString('utf8');
      const place = { binding: options.binding, storeId: this.#storeId };
      this.#head = new StoreHead(sql, this.#seal, place);
      if (storeId === undefined) {
        // A new store: its identity and an empty head, together.
        this.#transaction(() => {
          writeMeta(sql, 'store', Buffer.from(this.#storeId, 'utf8'));
          this.#head.begin();
        });
      }
      if (this.#head.load(options.mark, this.#storeId)) this.#transaction(() => this.#head.write());
      // The mark is moved onto what the store holds now: what a kill left unsynced in its log is made durable first,
      // or a power cut after this start would find the store behind its mark.
      syncFiles(options.location);
      tookSync(options.location);
      this.#damaged = new DamagedRows(this.#head, () => {
        if (!this.#db.isOpen) return;
        this.#durability(true);
        this.#transaction(() => this.#head.write());
      });
      this.#rows = new PaymentRows(this.#seal, place, options, (found, row) => this.#damaged.found(found, row));
      this.#queries = new PaymentQueries(sql, this.#rows, this.#seal, COLUMNS);
      this.#limits = new BankLimits(sql, this.#seal, this.#rows);
      this.#dueLinks = new DueLinks(sql, this.#seal, place);
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

  /**
   * The customer checked at their bank: the store as it is now is counted afresh into its head (past any number it
   * held, so the mark moves on), and trusted from here on, with the rows that do not open found so far (every row
   * has been read first: see the endpoint) as they are.
   */
  accept(): void {
    this.#durability(true);
    // Past the mark too: the mark outside only moves forward.
    const marked = this.#options.mark?.storeId === this.#storeId ? this.#options.mark.seq : 0;
    // Not written: the store is as untrusted as it was (the transaction puts the head back).
    this.#transaction(() => {
      this.#head.accept(marked, this.#damaged.keys());
      this.#head.write();
    });
  }

  integrity(): StoreIntegrity {
    return this.#head.integrity();
  }

  /** A payment of which nothing can be read (see PaymentRows.standIn). */
  standIn(id: string, at: number): PaymentIntent {
    return this.#rows.standIn(id, at);
  }

  #transaction<T>(run: () => T): T {
    const head = this.#head.snapshot();
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = run();
      this.#db.exec('COMMIT');
      // The crash test's power cut puts back what the last synced commit left (sync-images.ts; off in the app).
      if (this.#synchronous === 'FULL') tookSync(this.#options.location);
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      // The head as it was: what the transaction counted in it is not in the tables either.
      head();
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

  /**
   * Writes a payment's new state; returns its version (the change's number in the store's sequence, see Numbering).
   * `checked`: the payment was parsed already (the worker parses every request).
   */
  save(intent: PaymentIntent, sync = true, options: { checked?: boolean } & Numbering = {}): number {
    const checked = options.checked ? intent : PaymentIntentSchema.parse(intent);
    this.#durability(sync);
    const { seq, replacedDay } = this.#transaction(() => this.#put(checked, options));
    // Once committed: the days read so far follow it.
    this.#queries.saved({ ...checked, version: seq }, replacedDay);
    return seq;
  }

  /**
   * Many payments and "limit reached" answers in one transaction, oldest first (an import, or a move from memory
   * to disk): all of them, or nothing. `numbered` (a move, into a new store): each payment keeps its version, so the
   * views and the send answers on their way keep their order; written by version, a number taken once.
   */
  putAll(
    intents: readonly PaymentIntent[],
    limits: readonly { kennitala: string; day: string }[],
    links: readonly DueLink[] = [],
    numbered = false,
  ): void {
    const checked = intents.map((intent) => PaymentIntentSchema.parse(intent));
    this.#durability(true);
    this.#transaction(() => {
      this.#bulk = true;
      try {
        const order = numbered
          ? checked.toSorted((a, b) => (a.version ?? Infinity) - (b.version ?? Infinity))
          : checked;
        for (const intent of order) this.#put(intent, numbered ? { as: intent.version } : {});
        for (const { kennitala, day } of limits) this.#putLimit(kennitala, day);
        for (const link of links) this.#putLink(link);
      } finally {
        this.#bulk = false;
      }
      this.#head.write();
    });
    this.#queries.clear();
  }

  #put(intent: PaymentIntent, { kept, reserve, as }: Numbering = {}): { seq: number; replacedDay: string | undefined } {
    const existing = this.#row(intent.id);
    const before = existing && this.#rows.decode(existing);
    if (before?.state === 'damaged') throw new Error('A damaged record is never written over');
    // A kept number is one the head counted past and no row took, above the payment's own: else the next.
    const keeps = kept !== undefined && kept <= this.#head.seq && kept > (existing?.seq ?? this.#head.seq);
    const seq = !existing && as !== undefined && as > this.#head.seq ? as : keeps ? kept : this.#head.seq + 1;
    const { row, sealed, written } = writeRow(
      { sql: (text) => this.#sql(text), seal: this.#seal, rows: this.#rows, columns: COLUMNS },
      { intent, seq, existing, before },
    );
    this.#rows.written({ ...row, sealed }, written);
    this.#advance(seq, existing?.seq, reserve);
    return { seq, replacedDay: existing?.day };
  }

  /** The head after a write of change `seq`, over a row that had `replaced` (or a new row), and a number kept. */
  #advance(seq: number, replaced: number | undefined, reserve = false): void {
    this.#head.advance(seq, replaced);
    if (reserve) this.#head.reserve();
    if (!this.#bulk) this.#head.write();
  }

  /** The reads (payment-queries.ts): a day's payments, the duplicate warning's, the follow-up's, a page, a count. */
  get queries(): PaymentQueries {
    return this.#queries;
  }

  get(id: string): PaymentIntent | undefined {
    const row = this.#row(id);
    return row && this.#rows.decode(row);
  }

  /**
   * What counts towards a customer's limit on a day. While the store is not trusted, a payment whose row does not
   * open counts as uncertain on any day asked about, not only the one its row is filed under: that day is a clear
   * column, which may be what was changed (issue 38).
   */
  usedBy(day: string, kennitala: string, exceptId?: string): Record<Exclude<LimitEffect, 'none'>, number> {
    const used = this.#queries.usedBy(day, kennitala, exceptId);
    used.uncertain += this.#damaged.elsewhere(day, kennitala, exceptId);
    return used;
  }

  markBankLimitReached(kennitala: string, day: string): void {
    if (this.bankLimitReached(kennitala, day)) return;
    this.#durability(true);
    this.#transaction(() => this.#putLimit(kennitala, day));
  }

  #putLimit(kennitala: string, day: string): void {
    this.#putBeside((seq) => this.#limits.put(kennitala, day, seq));
  }

  /** A row beside the payments (the bank's answer, a due link) as the next change, if `put` wrote one. */
  #putBeside(put: (seq: number) => boolean): void {
    const seq = this.#head.seq + 1;
    if (put(seq)) this.#advance(seq, undefined);
  }

  /** A payment confirmed for a due occurrence, linked to it (issue 38; synced). Once: a second link is not kept. */
  linkDue(link: DueLink): void {
    this.#durability(true);
    this.#transaction(() => this.#putLink(link));
  }

  #putLink(link: DueLink): void {
    this.#putBeside((seq) => this.#dueLinks.put(link, seq));
  }

  /**
   * The payments linked to a due payment's occurrences, each with its state now (none: the payment is not in the
   * store, which is then flagged too). A link that does not open flags the store.
   */
  dueLinks(dueId: string): (DueLink & { state: PaymentIntent['state'] | undefined })[] {
    const { links, unreadable } = this.#dueLinks.of(dueId);
    if (unreadable > 0) this.#damaged.unreadableLink();
    return links.map((link) => ({ ...link, state: this.get(link.intentId)?.state }));
  }

  /** Every link that can be read (for a move to another store). */
  allDueLinks(): DueLink[] {
    return this.#dueLinks.all();
  }

  /** The bank's "limit reached" answers that can be read (for a move to another store). */
  bankLimits(): { kennitala: string; day: string }[] {
    return this.#limits.all();
  }

  bankLimitReached(kennitala: string, day: string): boolean {
    return this.#limits.reached(kennitala, day);
  }

  close(): void {
    if (this.#db.isOpen) this.#damaged.flush();
    this.#statements.clear();
    this.#rows.forget();
    this.#queries.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}
