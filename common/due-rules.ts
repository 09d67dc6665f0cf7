/**
 * Payments that come due: the few numbers the window shares with main, without zod (common/due-payment.ts builds
 * its schemas on them; the renderer imports them from here).
 */

/** How many days ahead of its date a payment may remind (issue 42, item 12); none (off) unless chosen. */
export const DUE_REMIND_DAYS = [1, 3, 7] as const;
export type DueRemind = (typeof DUE_REMIND_DAYS)[number];

/** How far ahead the Due list's "Coming up" part looks, in days after today. */
export const DUE_COMING_DAYS = 7;
