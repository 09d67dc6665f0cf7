import type { StatementSync } from 'node:sqlite';
import type { PaymentIntent } from '../../../common/payment.ts';
import { LIMIT_EFFECT, type LimitEffect } from '../../../common/payment-rules.ts';
import { duplicateKind, TAKEN_STATES } from '../../../common/payment-status.ts';
import type { PaymentRow, PaymentRows } from './payment-rows.ts';
import type { RowSeal } from './row-seal.ts';
import { countedDay, payeeKey, type PayeeOf } from './store-contract.ts';

/** How many GMT days of payments are kept opened (see `#day`). */
const DAYS_KEPT = 8;
/** Paid before: a payment the bank took (common/payment-status.ts). */
const TAKEN = new Set<string>(TAKEN_STATES);
const TAKEN_IN = TAKEN_STATES.map((state) => `'${state}'`).join(', ');

type Used = Record<Exclude<LimitEffect, 'none'>, number>;

/**
 * What is asked of a store's payments. Above all by the GMT day they count on, opened: what the pay form asks at
 * every keystroke (the limit, the duplicate warning) and the follow-up asks every round, about today and yesterday.
 * A day is read once, then kept up to date by every save; a few days are kept, the latest asked.
 */
export class PaymentQueries {
  readonly #sql: (text: string) => StatementSync;
  readonly #rows: PaymentRows;
  readonly #seal: RowSeal;
  readonly #columns: string;
  readonly #days = new Map<string, Map<string, PaymentIntent>>();
  /** Of a day kept: what counts towards each customer's limit, added up once and then kept by every save. */
  readonly #sums = new Map<string, Map<string, Used>>();

  constructor(sql: (text: string) => StatementSync, rows: PaymentRows, seal: RowSeal, columns: string) {
    this.#sql = sql;
    this.#rows = rows;
    this.#seal = seal;
    this.#columns = columns;
  }

  onDays(days: readonly string[]): PaymentIntent[] {
    return days.flatMap((day) => [...this.#day(day).values()]);
  }

  #day(day: string): Map<string, PaymentIntent> {
    let payments = this.#days.get(day);
    if (payments) {
      this.#days.delete(day);
    } else {
      // In the order they were first written (a new one joins at the end; a change keeps its place).
      const rows = this.#sql(`SELECT ${this.#columns} FROM payments WHERE day = ? ORDER BY first_seq`).all(
        day,
      ) as unknown as PaymentRow[];
      payments = new Map(rows.map((row) => [row.id, this.#rows.decode(row)]));
      if (this.#days.size >= DAYS_KEPT) {
        const oldest = this.#days.keys().next().value ?? '';
        this.#days.delete(oldest);
        this.#sums.delete(oldest);
      }
    }
    this.#days.set(day, payments);
    return payments;
  }

  /** A payment's change, committed: the days kept follow it (`replacedDay`: the day its row was filed under). */
  saved(intent: PaymentIntent, replacedDay: string | undefined): void {
    const day = countedDay(intent);
    if (replacedDay !== undefined) {
      const before = this.#days.get(replacedDay)?.get(intent.id);
      if (before) this.#count(replacedDay, before, -1);
      // A change on the same day keeps its place.
      if (replacedDay !== day) this.#days.get(replacedDay)?.delete(intent.id);
    }
    const payments = this.#days.get(day);
    if (!payments) return;
    payments.set(intent.id, intent);
    this.#count(day, intent, 1);
  }

  clear(): void {
    this.#days.clear();
    this.#sums.clear();
  }

  /** Adds (or takes off) what a payment counts towards its customer's limit on a day whose sums are kept. */
  #count(day: string, intent: PaymentIntent, sign: 1 | -1): void {
    const effect = LIMIT_EFFECT[intent.state];
    const sums = this.#sums.get(day);
    if (effect === 'none' || !sums) return;
    const kennitala = intent.order.debtorKennitala;
    const used = sums.get(kennitala) ?? { held: 0, uncertain: 0, spent: 0 };
    used[effect] += sign * intent.order.amount;
    sums.set(kennitala, used);
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

  /**
   * What counts towards a customer's limit on a GMT day, by how it counts (LIMIT_EFFECT), without `exceptId`: added
   * up once for the day, then kept by every save, so the pay form's every keystroke and every send find it at once.
   */
  usedBy(day: string, kennitala: string, exceptId?: string): Used {
    const payments = this.#day(day);
    let sums = this.#sums.get(day);
    if (!sums) {
      this.#sums.set(day, (sums = new Map()));
      for (const intent of payments.values()) this.#count(day, intent, 1);
    }
    const used = { ...(sums.get(kennitala) ?? { held: 0, uncertain: 0, spent: 0 }) };
    const except = exceptId === undefined ? undefined : payments.get(exceptId);
    const effect = except && LIMIT_EFFECT[except.state];
    if (except && effect && effect !== 'none' && except.order.debtorKennitala === kennitala) {
      used[effect] -= except.order.amount;
    }
    return used;
  }

  inState(state: PaymentIntent['state']): PaymentIntent[] {
    const rows = this.#sql(`SELECT ${this.#columns} FROM payments WHERE state = ?`).all(state) as unknown;
    return (rows as PaymentRow[]).map((row) => this.#rows.decode(row)).filter((intent) => intent.state === state);
  }

  paidBefore(order: PayeeOf): boolean {
    const rows = this.#sql(
      `SELECT ${this.#columns} FROM payments INDEXED BY payments_paid WHERE payee = ? AND state IN (${TAKEN_IN})`,
    ).iterate(this.#seal.tag(payeeKey(order))) as IterableIterator<PaymentRow>;
    // Only a row that opens, and is what its clear columns say, counts: the first such one answers.
    for (const row of rows) {
      // (Leaving the loop closes the iterator, which resets the statement.)
      if (TAKEN.has(this.#rows.decode(row).state)) return true;
    }
    return false;
  }

  /** A page of the history, newest first (confirmed at, then the order they were first written in). */
  page(range: { offset: number; limit: number }): { total: number; items: PaymentIntent[] } {
    const rows = this.#sql(
      `SELECT ${this.#columns} FROM payments ORDER BY created_at DESC, first_seq DESC LIMIT ? OFFSET ?`,
    ).all(range.limit, range.offset) as unknown as PaymentRow[];
    return { total: this.count(), items: rows.map((row) => this.#rows.decode(row)) };
  }

  count(): number {
    return (this.#sql('SELECT count(*) AS count FROM payments').get() as { count: number }).count;
  }

  /** Every payment, newest first, a row at a time. */
  *newestFirst(): Generator<PaymentIntent> {
    const rows = this.#sql(`SELECT ${this.#columns} FROM payments ORDER BY created_at DESC, first_seq DESC`).iterate();
    for (const row of rows as Iterable<PaymentRow>) yield this.#rows.decode(row);
  }
}
