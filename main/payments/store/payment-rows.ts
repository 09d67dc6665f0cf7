import { DAILY_LIMIT_ISK } from '../../../common/isk-amount.ts';
import { PaymentIntentSchema, type PaymentIntent } from '../../../common/payment.ts';
import type { RowSeal } from './row-seal.ts';
import { countedDay, payeeKey, RECORD_DAMAGED } from './store-contract.ts';

/** A payment's row as it is in the database (migrations.ts). */
export interface PaymentRow {
  /** The payment's own id: random, made by the app (a damaged row is still told apart from the others by it). */
  id: string;
  created_at: number;
  first_seq: number;
  seq: number;
  day: string;
  state: string;
  payee: string;
  sealed: Uint8Array;
  /** The state before (sealed on its own): what is shown of a payment whose last record no longer opens. */
  prior_seq: number | null;
  prior: Uint8Array | null;
}

/** How many opened rows are kept: a few days of a busy customer's payments. */
const OPENED_KEPT = 4096;
const UNKNOWN_ACCOUNT = '000000000000';
const UNKNOWN_KENNITALA = '0000000000';

/**
 * How a store's rows are bound and opened: what each seal's associated data names (the store, the row's id and every
 * clear column, so nothing moves or is edited unseen), a payment read from its row, and what a row that no longer
 * opens is shown as.
 */
export class PaymentRows {
  readonly #seal: RowSeal;
  readonly #place: string;
  readonly #owner: { owner: string; profileId: string };
  /** Rows opened lately, by payment (see `open`). */
  readonly #opened = new Map<string, { bound: string; sealed: Uint8Array; intent: PaymentIntent }>();

  /** Told of every row read that does not open (payment-database.ts flags the store). */
  readonly #onDamaged: (intent: PaymentIntent, row: PaymentRow) => void;

  constructor(
    seal: RowSeal,
    place: { binding: string; storeId: string },
    owner: { owner: string; profileId: string },
    onDamaged: (intent: PaymentIntent, row: PaymentRow) => void = () => undefined,
  ) {
    this.#seal = seal;
    this.#place = `${place.binding}|${place.storeId}`;
    this.#owner = owner;
    this.#onDamaged = onDamaged;
  }

  forget(): void {
    this.#opened.clear();
  }

  priorBound(id: string, seq: number): string {
    return `a2a-wallet/payment-prior/v1|${this.#place}|${id}|${seq}`;
  }

  rowBound(row: Omit<PaymentRow, 'sealed' | 'prior' | 'prior_seq'>): string {
    const { id, created_at, first_seq, seq, day, state, payee } = row;
    return `a2a-wallet/payment-row/v1|${this.#place}|${id}|${created_at}|${first_seq}|${seq}|${day}|${state}|${payee}`;
  }

  limitBound(tag: string, seq: number): string {
    return `a2a-wallet/payment-limit/v1|${this.#place}|${tag}|${seq}`;
  }

  /**
   * The payment a row holds, if it opens and is what its clear columns say. The same row (the same sealed bytes
   * under the same clear columns) is opened once: the pay form asks about today's payments at every keystroke.
   */
  open(row: PaymentRow): PaymentIntent | undefined {
    const bound = this.rowBound(row);
    const known = this.#opened.get(row.id);
    if (known && known.bound === bound && Buffer.from(known.sealed).equals(row.sealed)) return known.intent;
    const plain = this.#seal.open(row.sealed, bound);
    if (plain === undefined) return undefined;
    const parsed = PaymentIntentSchema.safeParse(JSON.parse(plain));
    // The clear columns are bound into the seal; what is inside must say the same too (issue 38).
    if (!parsed.success || !this.#agrees(row, parsed.data)) return undefined;
    this.#keep(row.id, bound, row.sealed, parsed.data);
    return parsed.data;
  }

  /** A row's clear columns are what the payment sealed in it says (its id, time, number, day, state and payee). */
  #agrees(row: PaymentRow, intent: PaymentIntent): boolean {
    return (
      intent.id === row.id &&
      intent.createdAt === row.created_at &&
      intent.version === row.seq &&
      intent.state === row.state &&
      countedDay(intent) === row.day &&
      this.#seal.tag(payeeKey(intent.order)) === row.payee
    );
  }

  /** A row as just written, with the payment sealed in it: the next read of it opens nothing. */
  written(row: Omit<PaymentRow, 'prior' | 'prior_seq'>, intent: PaymentIntent): void {
    this.#keep(row.id, this.rowBound(row), row.sealed, intent);
  }

  #keep(id: string, bound: string, sealed: Uint8Array, intent: PaymentIntent): void {
    this.#opened.delete(id);
    if (this.#opened.size >= OPENED_KEPT) this.#opened.delete(this.#opened.keys().next().value ?? '');
    this.#opened.set(id, { bound, sealed, intent });
  }

  /**
   * The payment a row holds; one whose record no longer opens as `damaged`: with what its record before said, if
   * that still opens, else as a stand-in.
   */
  decode(row: PaymentRow): PaymentIntent {
    const intent = this.open(row);
    if (intent) return intent;
    const prior =
      row.prior && row.prior_seq !== null
        ? this.#seal.open(row.prior, this.priorBound(row.id, row.prior_seq))
        : undefined;
    const before = prior === undefined ? undefined : PaymentIntentSchema.safeParse(JSON.parse(prior));
    const found: PaymentIntent =
      before?.success && before.data.id === row.id
        ? { ...before.data, state: 'damaged', error: RECORD_DAMAGED }
        : this.standIn(row.id, row.created_at);
    // It counts on the day its row is filed under (the last write's: first sent then, if not before), as the
    // limit's sums over that day count it; while the store is flagged, on every day asked about too.
    const damaged =
      countedDay(found) === row.day || !/^\d{4}-\d{2}-\d{2}$/.test(row.day)
        ? found
        : { ...found, firstSentAt: Math.max(found.createdAt, Date.parse(`${row.day}T00:00:00.000Z`)) };
    this.#onDamaged(damaged, row);
    return damaged;
  }

  /** A payment of which nothing can be read: as large as any can be, on the day it was confirmed. */
  standIn(id: string, at: number): PaymentIntent {
    return {
      id,
      profileId: this.#owner.profileId,
      order: {
        debtorKennitala: this.#owner.owner,
        debtorAccount: UNKNOWN_ACCOUNT,
        depositKennitala: UNKNOWN_KENNITALA,
        depositAccount: UNKNOWN_ACCOUNT,
        amount: DAILY_LIMIT_ISK,
        endToEndId: '',
        extendedReference: '',
        payeeName: '',
      },
      requestId: 'DAMAGED',
      state: 'damaged',
      stateTimes: {},
      createdAt: at,
      updatedAt: at,
      attempts: 0,
      error: RECORD_DAMAGED,
    };
  }
}
