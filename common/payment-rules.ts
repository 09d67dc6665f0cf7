/**
 * The payment rules the renderer shows or filters by, without zod: common/payment.ts builds its schemas on them, so
 * the history's filter and the main process name the same states and the same bounds.
 *
 * `damaged`: the app's own record of the payment failed its integrity check (edited or corrupted on disk). Whether it
 * was paid is not known; it is never sent automatically, and the customer is told to check their online banking.
 */
export const PAYMENT_STATES = [
  'draft',
  'confirmed',
  'sending',
  'accepted',
  'settled',
  'rejected',
  'unknown',
  'damaged',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** States whose amount counts against today's limit: everything that is or may be on its way. */
export const COUNTED_STATES: readonly PaymentState[] = [
  'confirmed',
  'sending',
  'accepted',
  'settled',
  'unknown',
  'damaged',
];

/** The most a payee's name may hold, saved or typed on a payment. */
export const PAYEE_NAME_MAX = 140;
/** The most a history search text (payee, or reference and ids) may hold. */
export const HISTORY_SEARCH_MAX = 140;
