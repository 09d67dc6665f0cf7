import { z } from 'zod';
import { APP_LOCALES, type AppLocale as Locale } from '../../../common/locale.ts';
import {
  HistoryFilterSchema,
  PaymentIntentSchema,
  PaymentStateSchema,
  type PaymentIntent,
} from '../../../common/payment.ts';
import { SpendingRangeSchema, SpendingSummarySchema } from '../../../common/spending.ts';
import { remainingOf } from '../daily-ledger.ts';
import { historyCsv, narrowsHistory } from '../history.ts';
import { spendingSummary } from '../spending.ts';
import { DueLinkSchema } from './due-links.ts';
import { StoreIntegritySchema, StoreMarkSchema, type PayeeOf } from './store-contract.ts';
import {
  Day,
  Id,
  Kennitala,
  Limit,
  Marked,
  op,
  payee,
  Payee,
  Range,
  Saved,
  Used,
  type Op,
  type OpenStore,
} from './store-op.ts';

import { saved, sendAnswered } from './store-saves.ts';

export type { OpenStore } from './store-op.ts';

type Filter = z.infer<typeof HistoryFilterSchema>;

/** What counts towards a customer's limit on a day, and the bank's word on it: one answer (the pay form, a send). */
function limitParts({ db }: OpenStore, day: string, kennitala: string, exceptId?: string) {
  return { ...db.usedBy(day, kennitala, exceptId), bankLimitReached: db.bankLimitReached(kennitala, day) };
}

/**
 * Every question main may ask of an open payment store, in one table: what it sends (parsed by the worker), what
 * comes back (parsed by main), what the worker does with it (`run`), and how main's callers pass it (`call`) and
 * what they get (`result`). The worker's dispatch (store-endpoint.ts) and main's proxy (hosted-store.ts) are made
 * from it, so a new question is one row here and its caller. `read`: it changes nothing (the handlers' reader).
 * An answer with a `mark` moved the store's high-water mark onto a synced write (main keeps it outside the store).
 */
export const STORE_OPS = {
  get: op({
    read: true,
    request: z.object({ id: Id }),
    answer: PaymentIntentSchema.optional(),
    run: ({ db }, { id }) => db.get(id),
    call: (id: string) => ({ id }),
  }),
  /**
   * Written (and fsynced unless `sync` is false: a change the bank can tell again); its version comes back. `over`:
   * the answer of the send begun at that version, in the number `beginSend` kept for it (that number, or the next).
   */
  save: op({
    request: z.object({ intent: PaymentIntentSchema, sync: z.boolean() }),
    answer: Saved,
    run: (store, { intent, sync }) => saved(store, intent, sync),
    call: (intent: PaymentIntent, options: { sync?: boolean } = {}) => ({
      intent,
      sync: options.sync ?? true,
    }),
    result: (answer) => answer.version,
  }),
  /**
   * A send's answer, written behind the send (PaymentWrites.answered; unsynced: the bank can tell it again), `over`
   * its "sending": in the number `beginSend` kept for it, else in the next; never over a newer change (store-saves.ts).
   */
  answerSend: op({
    request: z.object({ intent: PaymentIntentSchema, over: z.number().int().positive() }),
    answer: Saved.extend({ written: z.boolean() }),
    run: (store, { intent, over }) => sendAnswered(store, intent, over),
    call: (intent: PaymentIntent, over: number) => ({ intent, over }),
  }),
  /**
   * A send's first write ("sending"), made only if the store still holds version `expect` and, given `limit`, only
   * if the amount fits in what is left of that day's limit besides it: one question before the POST. Synced, with
   * the mark moved onto it (issue 38): a send that may have started is never lost, nor hidden by an older copy.
   * Saved, it keeps the number after its version for the send's answer (`answerSend`).
   */
  beginSend: op({
    request: z.object({
      intent: PaymentIntentSchema,
      expect: z.number().int().nonnegative(),
      limit: Limit.optional(),
    }),
    answer: z.discriminatedUnion('kind', [
      Saved.extend({ kind: z.literal('saved'), mark: StoreMarkSchema }),
      z.object({ kind: z.literal('stale') }),
      z.object({ kind: z.literal('overLimit') }),
    ]),
    async run(store, { intent, expect, limit }) {
      // A first send's limit counts every row that does not open (issue 38): known once every row has been read.
      if (limit) await store.cache.all();
      // From here the request is answered to its end: nothing comes between this read and this write.
      const current = store.db.get(intent.id);
      if (!current || current.state === 'damaged' || current.version !== expect) return { kind: 'stale' as const };
      if (limit && intent.order.amount > remainingOf(limitParts(store, limit.day, limit.kennitala, intent.id))) {
        return { kind: 'overLimit' as const };
      }
      return { kind: 'saved' as const, ...saved(store, intent, true, { reserve: true }), mark: store.db.mark };
    },
    call: (intent: PaymentIntent, expect: number, limit?: z.infer<typeof Limit>) => ({
      intent,
      expect,
      ...(limit ? { limit } : {}),
    }),
    result: (answer) => (answer.kind === 'saved' ? { kind: answer.kind, version: answer.version } : answer),
  }),
  /** The payments in one state (at start: those that were being sent when the app stopped). */
  inState: op({
    read: true,
    request: z.object({ state: PaymentStateSchema }),
    answer: z.array(PaymentIntentSchema),
    run: ({ db }, { state }) => db.queries.inState(state),
    call: (state: z.infer<typeof PaymentStateSchema>) => ({ state }),
  }),
  /** The newest payment like this one on these GMT days, confirmed after `after`: the duplicate warning's. */
  newestLike: op({
    read: true,
    request: z.object({
      order: Payee.extend({ amount: z.number().int() }),
      days: z.array(Day).max(31),
      after: z.number(),
    }),
    answer: PaymentIntentSchema.optional(),
    run: ({ db }, { order, days, after }) => db.queries.newestLike(order, days, after),
    call: (order: PayeeOf & { amount: number }, days: readonly string[], after: number) => ({
      order: { ...payee(order), amount: order.amount },
      days: [...days],
      after,
    }),
  }),
  /** The payments in these states on these GMT days (the follow-up). */
  inStatesOnDays: op({
    read: true,
    request: z.object({ states: z.array(PaymentStateSchema).max(20), days: z.array(Day).max(31) }),
    answer: z.array(PaymentIntentSchema),
    run: ({ db }, { states, days }) => db.queries.inStatesOnDays(states, days),
    call: (states: readonly z.infer<typeof PaymentStateSchema>[], days: readonly string[]) => ({
      states: [...states],
      days: [...days],
    }),
  }),
  /** What counts towards a customer's limit on a GMT day, by how it counts, and the bank's word on it. */
  limitParts: op({
    read: true,
    request: z.object({ day: Day, kennitala: Kennitala, exceptId: z.string().max(100).optional() }),
    answer: Used.extend({ bankLimitReached: z.boolean() }),
    run: (store, { day, kennitala, exceptId }) => limitParts(store, day, kennitala, exceptId),
    call: (day: string, kennitala: string, exceptId?: string) => ({
      day,
      kennitala,
      ...(exceptId === undefined ? {} : { exceptId }),
    }),
  }),
  /** Whether the customer has paid this kennitala and account before (a payment the bank took). */
  paidBefore: op({
    read: true,
    request: z.object({ order: Payee }),
    answer: z.boolean(),
    run: ({ db }, { order }) => db.queries.paidBefore(order),
    call: (order: PayeeOf) => ({ order: payee(order) }),
  }),
  markBankLimitReached: op({
    request: z.object({ kennitala: Kennitala, day: Day }),
    answer: Marked,
    run: ({ db }, { kennitala, day }) => {
      db.markBankLimitReached(kennitala, day);
      return { mark: db.mark };
    },
    call: (kennitala: string, day: string) => ({ kennitala, day }),
    result: () => undefined,
  }),
  /** A page of the history, newest first, filtered where a filter is given. */
  page: op({
    read: true,
    request: z.object({ range: Range, filter: HistoryFilterSchema.optional() }),
    answer: z.object({ total: z.number().int().nonnegative(), items: z.array(PaymentIntentSchema) }),
    async run({ db, cache }, { range, filter }) {
      if (!filter || !narrowsHistory(filter)) return db.queries.page(range);
      const all = await cache.filtered(filter);
      return { total: all.length, items: all.slice(range.offset, range.offset + range.limit) };
    },
    call: (range: z.infer<typeof Range>, filter?: Filter) => ({
      range,
      ...(filter ? { filter } : {}),
    }),
  }),
  /** The history as CSV (history.ts), filtered, newest first, made where the history is read. */
  csv: op({
    read: true,
    request: z.object({ filter: HistoryFilterSchema, locale: z.enum(APP_LOCALES), notes: z.boolean() }),
    answer: z.object({ csv: z.string(), count: z.number().int().nonnegative() }),
    async run({ cache }, { filter, locale, notes }) {
      const items = await cache.filtered(filter);
      return { csv: historyCsv(items, locale, { notes }), count: items.length };
    },
    call: (filter: Filter, locale: Locale, notes?: boolean) => ({ filter, locale, notes: notes === true }),
  }),
  /** What was spent (spending.ts) as of `now`, from the worker's copy of every payment: one pass. */
  spending: op({
    read: true,
    request: z.object({ now: z.number(), range: SpendingRangeSchema.optional() }),
    answer: SpendingSummarySchema,
    run: async ({ cache }, { now, range }) => spendingSummary(await cache.all(), { now, range }),
    call: (now: number, range?: z.infer<typeof SpendingRangeSchema>) => ({ now, ...(range ? { range } : {}) }),
  }),
  /**
   * Whether the store is the one the app last wrote, whole. `complete`: once every row has been read, so a row
   * that does not open has been found (for a confirmation's checks, not a keystroke's).
   */
  integrity: op({
    read: true,
    request: z.object({ complete: z.boolean().optional() }),
    answer: StoreIntegritySchema,
    async run({ db, cache }, { complete }) {
      if (complete) await cache.all();
      return db.integrity();
    },
    call: (options: { complete?: boolean } = {}) => (options.complete ? { complete: true } : {}),
  }),
  /** The customer checked at their bank: the store as it is now is trusted from here on (every row read first). */
  accept: op({
    request: z.object({}),
    answer: Marked.extend({ integrity: StoreIntegritySchema }),
    async run({ db, cache }) {
      await cache.all();
      db.accept();
      return { mark: db.mark, integrity: db.integrity() };
    },
    call: () => ({}),
    result: (answer) => answer.integrity,
  }),
  /** Links a payment to the due occurrence it was confirmed for (issue 38): synced; an occurrence keeps its first. */
  linkDue: op({
    request: z.object({ link: DueLinkSchema }),
    answer: Marked,
    run: ({ db }, { link }) => {
      db.linkDue(link);
      return { mark: db.mark };
    },
    call: (link: z.infer<typeof DueLinkSchema>) => ({ link }),
    result: () => undefined,
  }),
  /** The payments linked to a due payment's occurrences, each with its state now (none: not in the store). */
  dueLinks: op({
    read: true,
    request: z.object({ dueId: z.string().min(1).max(64) }),
    answer: z.array(DueLinkSchema.extend({ state: PaymentStateSchema.optional() })),
    run: ({ db }, { dueId }) => db.dueLinks(dueId),
    call: (dueId: string) => ({ dueId }),
  }),
};

type Ops = typeof STORE_OPS;
export type StoreOpName = keyof Ops;
type ResultOf<K extends StoreOpName> = ReturnType<Ops[K]['result']>;

/** Main's proxy of an open store: one method per row, as `call` takes it and `result` gives it (hosted-store.ts). */
export type StoreCalls = { [K in StoreOpName]: (...args: Parameters<Ops[K]['call']>) => Promise<ResultOf<K>> };

/** What the payment service asks of one customer's payments in one profile (the worker answers every call). */
export type PaymentStore = StoreCalls;

/** The questions that change nothing: what the handlers and the follow-up read through. */
export type StoreReader = Pick<
  StoreCalls,
  { [K in StoreOpName]: Ops[K] extends { read: true } ? K : never }[StoreOpName]
>;

/** An open store's row, untyped: for the dispatch and the proxy, which pass what the row itself parsed. */
export type AnyStoreOp = Op<z.ZodObject, z.ZodType, unknown[], unknown>;
export const storeOp = (name: string): AnyStoreOp | undefined =>
  Object.hasOwn(STORE_OPS, name) ? (STORE_OPS[name as StoreOpName] as unknown as AnyStoreOp) : undefined;
