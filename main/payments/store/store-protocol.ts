import { z } from 'zod';
import { APP_LOCALES } from '../../../common/locale.ts';
import { SpendingRangeSchema, SpendingSummarySchema } from '../../../common/spending.ts';
import { HistoryFilterSchema, PaymentIntentSchema, PaymentStateSchema } from '../../../common/payment.ts';
import { DueLinkSchema } from './due-links.ts';
import { StoreIntegritySchema, StoreMarkSchema } from './store-contract.ts';

/**
 * What crosses between the main process and the payment store's worker: every request is parsed by the worker,
 * every answer by main, as any message from another process is (a worker is another thread, and a bug or a
 * damaged build there must not reach the send path unchecked).
 */
const Handle = z.number().int().nonnegative();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Kennitala = z.string().regex(/^\d{10}$/);
const Range = z.object({ offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(100_000) });
const Payee = z.object({ debtorKennitala: z.string(), depositKennitala: z.string(), depositAccount: z.string() });

export const OpenOptionsSchema = z.object({
  location: z.string().min(1).max(4096),
  key: z.custom<Uint8Array>((key) => key instanceof Uint8Array && key.length === 32, 'a store key has 32 bytes'),
  binding: z.string().min(1).max(200),
  owner: z.string().max(10),
  profileId: z.string().min(1).max(100),
  mark: StoreMarkSchema.optional(),
  storeId: z.string().min(1).max(64).optional(),
  /**
   * The journal of an earlier release to import when the store does not exist yet, with the data key its lines are
   * sealed under (the one time the worker holds the data key) and its binding.
   */
  importFrom: z
    .object({
      path: z.string().min(1).max(4096),
      dataKey: z.custom<Uint8Array>((key) => key instanceof Uint8Array && key.length === 32),
      binding: z.string().min(1).max(200),
    })
    .optional(),
});

export const StoreRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('open'), handle: Handle, options: OpenOptionsSchema }),
  z.object({ op: z.literal('moveTo'), handle: Handle, options: OpenOptionsSchema }),
  z.object({ op: z.literal('save'), handle: Handle, intent: PaymentIntentSchema, sync: z.boolean() }),
  z.object({
    op: z.literal('beginSend'),
    handle: Handle,
    intent: PaymentIntentSchema,
    expect: z.number().int().nonnegative(),
    limit: z.object({ day: Day, kennitala: Kennitala }).optional(),
  }),
  z.object({ op: z.literal('get'), handle: Handle, id: z.string().min(1).max(100) }),
  z.object({ op: z.literal('onDays'), handle: Handle, days: z.array(Day).max(31) }),
  z.object({ op: z.literal('inState'), handle: Handle, state: PaymentStateSchema }),
  z.object({
    op: z.literal('newestLike'),
    handle: Handle,
    order: Payee.extend({ amount: z.number().int() }),
    days: z.array(Day).max(31),
    after: z.number(),
  }),
  z.object({
    op: z.literal('inStatesOnDays'),
    handle: Handle,
    states: z.array(PaymentStateSchema).max(20),
    days: z.array(Day).max(31),
  }),
  z.object({
    op: z.literal('limitParts'),
    handle: Handle,
    day: Day,
    kennitala: Kennitala,
    exceptId: z.string().max(100).optional(),
  }),
  z.object({ op: z.literal('paidBefore'), handle: Handle, order: Payee }),
  z.object({ op: z.literal('markBankLimitReached'), handle: Handle, kennitala: Kennitala, day: Day }),
  z.object({ op: z.literal('bankLimitReached'), handle: Handle, kennitala: Kennitala, day: Day }),
  z.object({ op: z.literal('page'), handle: Handle, range: Range, filter: HistoryFilterSchema.optional() }),
  z.object({ op: z.literal('csv'), handle: Handle, filter: HistoryFilterSchema, locale: z.enum(APP_LOCALES) }),
  z.object({ op: z.literal('spending'), handle: Handle, now: z.number(), range: SpendingRangeSchema.optional() }),
  z.object({ op: z.literal('integrity'), handle: Handle, complete: z.boolean().optional() }),
  z.object({ op: z.literal('linkDue'), handle: Handle, link: DueLinkSchema }),
  z.object({ op: z.literal('dueLinks'), handle: Handle, dueId: z.string().min(1).max(64) }),
  z.object({ op: z.literal('accept'), handle: Handle }),
  z.object({ op: z.literal('close'), handle: Handle }),
]);
export type StoreRequest = z.infer<typeof StoreRequestSchema>;
export type StoreOp = StoreRequest['op'];

const Used = z.object({ held: z.number(), uncertain: z.number(), spent: z.number() });
const Saved = z.object({ version: z.number().int().positive(), mark: StoreMarkSchema });
const Opened = z.object({ mark: StoreMarkSchema, integrity: StoreIntegritySchema });

/** Each operation's answer. */
export const STORE_ANSWERS = {
  open: Opened,
  moveTo: Opened,
  save: Saved,
  beginSend: z.discriminatedUnion('kind', [
    Saved.extend({ kind: z.literal('saved') }),
    z.object({ kind: z.literal('stale') }),
    z.object({ kind: z.literal('overLimit') }),
  ]),
  get: PaymentIntentSchema.optional(),
  onDays: z.array(PaymentIntentSchema),
  inState: z.array(PaymentIntentSchema),
  newestLike: PaymentIntentSchema.optional(),
  inStatesOnDays: z.array(PaymentIntentSchema),
  limitParts: Used.extend({ bankLimitReached: z.boolean() }),
  paidBefore: z.boolean(),
  markBankLimitReached: StoreMarkSchema,
  bankLimitReached: z.boolean(),
  page: z.object({ total: z.number().int().nonnegative(), items: z.array(PaymentIntentSchema) }),
  csv: z.object({ csv: z.string(), count: z.number().int().nonnegative() }),
  spending: SpendingSummarySchema,
  integrity: StoreIntegritySchema,
  linkDue: StoreMarkSchema,
  dueLinks: z.array(DueLinkSchema.extend({ state: PaymentStateSchema.optional() })),
  accept: Opened,
  close: z.null(),
} satisfies Record<StoreOp, z.ZodType>;
export type StoreAnswer<Op extends StoreOp> = z.infer<(typeof STORE_ANSWERS)[Op]>;

/** A message to the worker, and its answer: the request's number comes back with it. */
export const StoreMessageSchema = z.object({ id: z.number().int().nonnegative(), request: z.unknown() });
export const StoreReplySchema = z.union([
  z.object({ id: z.number().int().nonnegative(), ok: z.literal(true), value: z.unknown() }),
  z.object({
    id: z.number().int().nonnegative(),
    ok: z.literal(false),
    error: z.object({ name: z.string().max(100), code: z.string().max(100), message: z.string().max(2000) }),
  }),
]);
export type StoreReply = z.infer<typeof StoreReplySchema>;
