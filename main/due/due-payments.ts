import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DUE_PAYMENTS_MAX,
  DuePaymentSchema,
  type DueOrder,
  type DuePayment,
  type DueRemind,
} from '../../common/due-payment.ts';
import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import { checkDraft, type DraftErrors, type PaymentDraft, type PaymentState } from '../../common/payment.ts';
import { checkSchedule, type IsoDate, type Schedule, type ScheduleError } from '../../common/schedule.ts';
import type { Clock } from '../../common/time.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { CustomerRecords } from '../secrets/customer-records.ts';
import { HeardChanges } from './due-heard.ts';
import { requireOpen, settled, underWay, type DueStoreView } from './due-settle.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';

const BookSchema = z.object({
  items: z.array(DuePaymentSchema).max(DUE_PAYMENTS_MAX).default([]),
  /** The last day a notification told of payments waiting (one a day). */
  toldOn: z.string().optional(),
  /** By payment: the date whose reminder ahead was told (one per occurrence, across restarts). */
  reminded: z.record(z.string(), z.string()).default({}),
});
type Book = z.infer<typeof BookSchema>;

export interface DueFieldErrors {
  draft: DraftErrors;
  schedule: Partial<Record<string, ScheduleError>>;
}

export interface DuePaymentsOptions {
  store: KeyValueStore;
  clock: Clock;
  box?: () => SecretBox | undefined;
  newId?: () => string;
}

const later = (a: IsoDate | undefined, b: IsoDate): IsoDate => (a !== undefined && a > b ? a : b);

export { payingOutcome, type DueStoreView, type LinkedOccurrence, type PayingOutcome } from './due-settle.ts';
export { dueItem, dueOrder } from './due-view.ts';

/**
 * The payments that come due of each customer in each profile (docs/DUE-PAYMENTS.md), sealed at rest with the rest
 * of the customer's data. Every change is one write; `lastHandled` only ever moves forward. Whose they are is the
 * caller's (the handlers take the signed-in customer, never one named by the window).
 */
export class DuePayments {
  readonly #options: DuePaymentsOptions;
  readonly #books: CustomerRecords<Book>;
  /** Whether each customer's book still says what their payment store would (see `current`). */
  readonly #heard = new HeardChanges();

  constructor(options: DuePaymentsOptions) {
    this.#options = options;
    this.#books = new CustomerRecords<Book>({
      store: options.store,
      ...(options.box ? { box: options.box } : {}),
      name: 'duePayments',
      schema: BookSchema,
      empty: () => ({ items: [], reminded: {} }),
    });
  }

  useBox(): void {
    this.#books.useBox();
    this.#heard.forget();
  }

  /**
   * One of the customer's payments changed (the payments' onChange): what the store says of their occurrences may
   * have changed with it, so the book is read against the store again before it is trusted alone.
   */
  heard(profileId: string, owner: string): void {
    this.#heard.heard(`${profileId}|${owner}`);
  }

  /** Taken before the store is read for `settle`: see HeardChanges. */
  heardSoFar(profileId: string, owner: string): number {
    return this.#heard.asOf(`${profileId}|${owner}`);
  }

  /**
   * The book alone says what a settle against the payment store would: it was settled against the store and nothing
   * was heard since, and no occurrence of it is under way or held (their payments' outcomes are asked about as before).
   */
  current(profileId: string, owner: string): boolean {
    const key = `${profileId}|${owner}`;
    if (!this.#heard.current(key)) return false;
    return this.all(profileId, owner).every((item) => !item.paying && !this.#reserved.has(`${key}|${item.id}`));
  }

  all(profileId: string, owner: string): DuePayment[] {
    return this.#books.read(profileId, owner).items;
  }

  #change(profileId: string, owner: string, id: string, change: (item: DuePayment) => DuePayment | undefined): void {
    const book = this.#books.read(profileId, owner);
    const item = book.items.find((candidate) => candidate.id === id);
    if (!item) throw new WalletError('DUE_NOT_FOUND', 'No such payment that comes due');
    const changed = change(item);
    const items = book.items.flatMap((candidate) =>
      candidate.id !== id ? [candidate] : changed ? [{ ...changed, updatedAt: this.#options.clock.now() }] : [],
    );
    this.#books.write(profileId, owner, { ...book, items });
  }

  /**
   * A new payment that comes due, or a change of one: the draft checked as the pay form's (but not against today's
   * limit: it is paid on its day), the schedule from `today`. Errors by field, nothing written, when there are any.
   */
  save(
    profileId: string,
    owner: string,
    input: { id?: string | undefined; draft: PaymentDraft; schedule: Schedule; remind?: DueRemind | undefined },
    today: IsoDate,
  ): { ok: true; id: string } | { ok: false; errors: DueFieldErrors } {
    const draft = checkDraft(input.draft, { kennitala: owner, remainingToday: DAILY_LIMIT_ISK });
    const schedule = checkSchedule(input.schedule, today);
    if (!draft.ok || !schedule.ok) {
      return {
        ok: false,
        errors: { draft: draft.ok ? {} : draft.errors, schedule: schedule.ok ? {} : schedule.errors },
      };
    }
    const { debtorKennitala: _customer, ...order } = draft.order;
    const now = this.#options.clock.now();
    // No reminder ahead unless one was chosen: a change without it turns it off.
    const remind = input.remind === undefined ? {} : { remind: input.remind };
    if (input.id !== undefined) {
      this.#change(profileId, owner, input.id, ({ remind: _before, ...item }) => {
        this.#requireIdle(profileId, owner, item);
        return { ...item, order, schedule: input.schedule, ...remind };
      });
      return { ok: true, id: input.id };
    }
    const book = this.#books.read(profileId, owner);
    if (book.items.length >= DUE_PAYMENTS_MAX)
      throw new WalletError('DUE_TOO_MANY', `At most ${DUE_PAYMENTS_MAX} payments that come due`);
    const id = (this.#options.newId ?? randomUUID)();
    const item: DuePayment = { id, order, schedule: input.schedule, ...remind, createdAt: now, updatedAt: now };
    this.#books.write(profileId, owner, { ...book, items: [...book.items, item] });
    return { ok: true, id };
  }

  /** Stop: the payment leaves the list; nothing more comes due. Refused while a payment for it is under way. */
  stop(profileId: string, owner: string, id: string): void {
    this.#change(profileId, owner, id, (item) => {
      this.#requireIdle(profileId, owner, item);
      return undefined;
    });
  }

  /** Skips the occurrence on `date`, and so every one before it. Only one still open may be skipped. */
  skip(profileId: string, owner: string, id: string, date: IsoDate, today: IsoDate): void {
    this.#change(profileId, owner, id, (item) => {
      this.#requireIdle(profileId, owner, item);
      requireOpen(item, date, today);
      return { ...item, lastHandled: later(item.lastHandled, date) };
    });
  }

  /** Occurrences held while their payment is being confirmed, by profile, customer and payment (this run only). */
  readonly #reserved = new Set<string>();

  /**
   * The customer is about to confirm a payment for the occurrence on `date`: it is held for them (a second press, or
   * a second window's call, finds it under way and is refused) until `confirmed` names the payment or `release`
   * frees it. Held in memory: a run that ends meanwhile holds nothing.
   */
  reserve(profileId: string, owner: string, id: string, date: IsoDate, today: IsoDate): DueOrder {
    const key = `${profileId}|${owner}|${id}`;
    const item = this.all(profileId, owner).find((candidate) => candidate.id === id);
    if (!item) throw new WalletError('DUE_NOT_FOUND', 'No such payment that comes due');
    this.#requireIdle(profileId, owner, item);
    requireOpen(item, date, today);
    this.#reserved.add(key);
    return item.order;
  }

  /** Nothing is done to a payment while one of its occurrences is being paid: its outcome comes first. */
  #requireIdle(profileId: string, owner: string, item: DuePayment): void {
    if (item.paying || this.#reserved.has(`${profileId}|${owner}|${item.id}`)) throw underWay();
  }

  /** The payment confirmed for the reserved occurrence: it is under way until its outcome is final. */
  confirmed(profileId: string, owner: string, id: string, date: IsoDate, intentId: string): void {
    this.#reserved.delete(`${profileId}|${owner}|${id}`);
    this.#change(profileId, owner, id, (item) => ({ ...item, paying: { date, intentId } }));
  }

  /** The confirmation failed: the occurrence is open again. */
  release(profileId: string, owner: string, id: string): void {
    this.#reserved.delete(`${profileId}|${owner}|${id}`);
  }

  /**
   * The payments under way settled by what their payments' states say now: one the bank took handles its occurrence
   * (and every one before it); one refused, dropped or gone frees it. Then what the payment store links to each
   * one's occurrences, whatever this record says (issue 38: an older record put back): an occurrence whose payment
   * was taken is handled, one whose payment may still go or may have gone is under way. A payment gone from a store
   * that is not trusted frees nothing (it may have gone to the bank). One write, only when something changed.
   * `readAsOf`: `heardSoFar` taken before the store was read; the book is then current unless a change came since.
   */
  settle(
    profileId: string,
    owner: string,
    stateOf: (intentId: string) => PaymentState | undefined,
    store: DueStoreView = { linked: () => [], trusted: true },
    readAsOf?: number,
  ): DuePayment[] {
    const book = this.#books.read(profileId, owner);
    let changed = false;
    const items = book.items.map((item) => {
      const next = settled(item, stateOf, store);
      changed ||= next !== item;
      return next;
    });
    if (changed) this.#books.write(profileId, owner, { ...book, items });
    if (readAsOf !== undefined) this.#heard.settled(`${profileId}|${owner}`, readAsOf);
    return items;
  }

  /**
   * A backup's payments that come due (main/backup): one not here is added; one here is replaced by a newer change
   * of it (later `updatedAt`), never while a payment for it is under way here; what was under way on the other
   * computer is not (its payment is in the history restored with it, and may be paid again only by the customer).
   * At most DUE_PAYMENTS_MAX in all.
   */
  merge(profileId: string, owner: string, from: readonly DuePayment[]): { added: number; updated: number } {
    const book = this.#books.read(profileId, owner);
    const items = [...book.items];
    let added = 0;
    let updated = 0;
    for (const { paying: _there, ...incoming } of from) {
      const at = items.findIndex((item) => item.id === incoming.id);
      const here = items[at];
      if (!here) {
        if (items.length >= DUE_PAYMENTS_MAX) continue;
        items.push(incoming);
        added += 1;
      } else if (
        incoming.updatedAt > here.updatedAt &&
        !here.paying &&
        !this.#reserved.has(`${profileId}|${owner}|${here.id}`)
      ) {
        // What was handled stays handled, here or there: lastHandled only moves forward.
        const { lastHandled: theirs, ...rest } = incoming;
        const lastHandled = [here.lastHandled, theirs]
          .filter((date) => date !== undefined)
          .sort()
          .at(-1);
        items[at] = lastHandled ? { ...rest, lastHandled } : rest;
        updated += 1;
      }
    }
    if (added + updated > 0) this.#books.write(profileId, owner, { ...book, items });
    // What came in was never settled against this store (and payments restored with it are told to nobody).
    this.#heard.heard(`${profileId}|${owner}`);
    return { added, updated };
  }

  /** Whether a notification told of payments waiting on `today` already; marks it told. */
  tellOnce(profileId: string, owner: string, today: IsoDate): boolean {
    const book = this.#books.read(profileId, owner);
    if (book.toldOn === today) return false;
    this.#books.write(profileId, owner, { ...book, toldOn: today });
    return true;
  }

  /**
   * Of the reminders ahead that fall due now (payment id and the date it reminds of), those not told yet; marks them
   * told, in one write. One a date: a restart does not tell it again; the next date is told in its turn.
   */
  remindOnce(
    profileId: string,
    owner: string,
    due: readonly { id: string; date: IsoDate }[],
  ): { id: string; date: IsoDate }[] {
    const book = this.#books.read(profileId, owner);
    const fresh = due.filter(({ id, date }) => book.reminded[id] !== date);
    if (fresh.length === 0) return [];
    // Only payments still kept are remembered: a stopped one's entry goes with the next reminder.
    const kept = new Set(book.items.map((item) => item.id));
    const reminded = Object.fromEntries(Object.entries(book.reminded).filter(([id]) => kept.has(id)));
    for (const { id, date } of fresh) reminded[id] = date;
    this.#books.write(profileId, owner, { ...book, reminded });
    return fresh;
  }
}
