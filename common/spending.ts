import { z } from 'zod';
import { ACCOUNT_DIGITS_PATTERN } from './account-number.ts';
import { KENNITALA_DIGITS_PATTERN } from './kennitala.ts';
import { PAYEE_NAME_MAX } from './payment-rules.ts';

/**
 * What was spent (issue 29): the history the app holds added up, by period, by payee and by GMT month. Every amount
 * is whole krónur. A payment counts at the instant it was first sent, or confirmed if it was never sent (the daily
 * limit's `countedDay`), and by its state:
 * - `spent`: the bank took it (accepted, settled);
 * - `uncertain`: it may have gone (being sent, outcome unknown, a damaged record);
 * - `declared`: the customer says it went (declaredPaid), which the bank never said.
 * Anything else (confirmed and never sent, refused, dropped, the customer says it did not go) counts for nothing.
 */
const Krónur = z.number().int().nonnegative();
const Count = z.number().int().nonnegative();

/** How much, and how many payments, of each kind. */
export const SpendingTotalsSchema = z.object({
  spent: Krónur,
  uncertain: Krónur,
  declared: Krónur,
  counts: z.object({ spent: Count, uncertain: Count, declared: Count }),
});
export type SpendingTotals = z.infer<typeof SpendingTotalsSchema>;

/** A period, `from` inclusive, `to` exclusive (ms since the epoch), with what counts in it. */
export const SpendingPeriodSchema = SpendingTotalsSchema.extend({ from: z.number(), to: z.number() });
export type SpendingPeriod = z.infer<typeof SpendingPeriodSchema>;

/** A payee: kennitala and account (digits), with the name of their latest payment that had one. */
export const SpendingPayeeSchema = SpendingTotalsSchema.extend({
  kennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  account: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  name: z.string().max(PAYEE_NAME_MAX),
});
export type SpendingPayee = z.infer<typeof SpendingPayeeSchema>;

/** The most payees named one by one; the rest are added up in `others`. */
export const SPENDING_PAYEES_MAX = 20;
/** How many GMT months `months` holds: the current one and the 11 before it. */
export const SPENDING_MONTHS = 12;

export const SpendingSummarySchema = z.object({
  /** The instant it was worked out at (the app's clock). */
  asOf: z.number(),
  /** The GMT day, the week (from Monday) and the month `asOf` falls in. */
  today: SpendingPeriodSchema,
  week: SpendingPeriodSchema,
  month: SpendingPeriodSchema,
  /** The range asked for, if one was. */
  range: SpendingPeriodSchema.optional(),
  /**
   * By payee, over the range if one was asked for, else over the whole history held: those with something counted,
   * most spent first (then most uncertain and declared, then by kennitala and account), at most 20; the others
   * added up, with how many payees they are.
   */
  byPayee: z.object({
    payees: z.array(SpendingPayeeSchema).max(SPENDING_PAYEES_MAX),
    others: SpendingTotalsSchema.extend({ payees: Count }),
  }),
  /** The last 12 GMT months, oldest first, the current one last. */
  months: z
    .array(SpendingTotalsSchema.extend({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }))
    .length(SPENDING_MONTHS),
});
export type SpendingSummary = z.infer<typeof SpendingSummarySchema>;

/** A range of the history, ms since the epoch, `from` inclusive, `to` exclusive (as the history filter's). */
export const SpendingRangeSchema = z
  .strictObject({
    from: z.number().int().min(0).max(8.64e15),
    to: z.number().int().min(0).max(8.64e15),
  })
  .refine((range) => range.from <= range.to, 'a range ends after it begins');
export type SpendingRange = z.infer<typeof SpendingRangeSchema>;
