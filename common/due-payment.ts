import { z } from 'zod';
import { ACCOUNT_DIGITS_PATTERN } from './account-number.ts';
import { DUE_REMIND_DAYS } from './due-rules.ts';
import { DAILY_LIMIT_ISK } from './isk-amount.ts';
import { KENNITALA_DIGITS_PATTERN } from './kennitala.ts';
import { DraftFieldSchema, PaymentDraftSchema } from './payment.ts';
import { PAYEE_NAME_MAX } from './payment-rules.ts';
import { ScheduleSchema, StoredScheduleSchema } from './schedule-schema.ts';
import { isDate } from './schedule.ts';

/**
 * Payments that come due (issue 29, docs/DUE-PAYMENTS.md): a payment order with a date or a repeat, kept per customer
 * and profile. The app never pays one by itself: on its day it waits on the Due list for the customer to pay it
 * (the normal path: limit, duplicate warning, passcode, one request id), skip it, change it or stop it.
 */

/** The most payments that come due one customer keeps in one profile. */
export const DUE_PAYMENTS_MAX = 100;
/** The next dates a repeat shows on the list. */
export const DUE_NEXT_SHOWN = 3;
/** A reminder's days ahead; a record without it (every one before issue 42) reminds of nothing ahead. */
export const DueRemindSchema = z.literal(DUE_REMIND_DAYS);

export { DUE_COMING_DAYS, DUE_REMIND_DAYS, type DueRemind } from './due-rules.ts';

const DateSchema = z.string().refine(isDate, 'a calendar date, YYYY-MM-DD');

/** The order to pay, checked as a draft is (checkDraft) and kept normalised; the debtor is the customer. */
export const DueOrderSchema = z.object({
  debtorAccount: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  depositKennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  depositAccount: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  amount: z.number().int().positive().max(DAILY_LIMIT_ISK),
  endToEndId: z.string(),
  extendedReference: z.string(),
  payeeName: z.string().max(PAYEE_NAME_MAX),
});
export type DueOrder = z.infer<typeof DueOrderSchema>;

/** A payment confirmed for one of its occurrences: that occurrence is handled once the bank takes it. */
export const DuePayingSchema = z.object({ date: DateSchema, intentId: z.string().min(1).max(64) });

/** One payment that comes due, as stored. */
export const DuePaymentSchema = z.object({
  id: z.string().min(1).max(64),
  order: DueOrderSchema,
  schedule: StoredScheduleSchema,
  /** Every occurrence up to this date (inclusive) is handled: paid, skipped. Moves forward only. */
  lastHandled: DateSchema.optional(),
  paying: DuePayingSchema.optional(),
  /** A desktop notification this many days before each date (main/due/due-reminder.ts); absent: none. */
  remind: DueRemindSchema.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type DuePayment = z.infer<typeof DuePaymentSchema>;

/** A new payment that comes due, or a change of one (`id`): the draft as the pay form has it, and its schedule. */
export const DuePaymentInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  draft: PaymentDraftSchema.strict(),
  schedule: ScheduleSchema,
  /** Days ahead of each date to remind; absent: no reminder ahead (a change without it turns it off). */
  remind: DueRemindSchema.optional(),
});
export type DuePaymentInput = z.input<typeof DuePaymentInputSchema>;

/** One occurrence of a payment that comes due: the customer pays it or skips it. */
export const DueOccurrenceSchema = z.strictObject({ id: z.string().min(1).max(64), date: DateSchema });
export type DueOccurrence = z.infer<typeof DueOccurrenceSchema>;

/**
 * A payment on the Due list as the window shows it on `today` (main's day): what is overdue, waiting today and next
 * (common/schedule.ts `dueState`), the next few dates of a repeat, a payment under way for one of its occurrences,
 * and whether paying the one waiting now would go over what is left of today's limit.
 */
export const DueItemSchema = DuePaymentSchema.extend({
  overdue: z.array(DateSchema),
  dueToday: DateSchema.optional(),
  next: DateSchema.optional(),
  /** The next dates after today not handled, at most DUE_NEXT_SHOWN. */
  nextDates: z.array(DateSchema),
  /** The occurrence the customer would pay or skip now: the oldest one not handled that is due, overdue or next. */
  open: DateSchema.optional(),
  /** A payment for `paying.date` was confirmed and its outcome is not final yet: nothing is offered until it is. */
  underWay: z.boolean(),
  /** Paying the open occurrence today would go over what is left of today's limit. */
  overLimit: z.boolean(),
});
export type DueItem = z.infer<typeof DueItemSchema>;

export const DueListSchema = z.object({
  /** Main's GMT day: the list's "today". */
  today: DateSchema,
  /** Waiting today first, then overdue (oldest first), then by the next date. */
  items: z.array(DueItemSchema),
  /** What is left of today's limit, as the list judged `overLimit`. */
  remainingToday: z.number().int(),
});
export type DueList = z.infer<typeof DueListSchema>;

/** What saving a payment that comes due answered: its id and the list, or the errors by field (nothing saved). */
export const DueSavedSchema = z.object({
  id: z.string().optional(),
  list: DueListSchema,
  /** The draft's errors, as validatePayment names them (common/payment.ts DraftFieldError). */
  errors: z.partialRecord(DraftFieldSchema, z.string()).optional(),
  /** The schedule's errors (common/schedule.ts ScheduleError). */
  scheduleErrors: z.partialRecord(z.enum(['date', 'start', 'until', 'times', 'weekday', 'day']), z.string()).optional(),
});
export type DueSaved = z.infer<typeof DueSavedSchema>;
