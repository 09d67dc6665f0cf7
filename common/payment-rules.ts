/**
 * The payment rules the renderer shows or filters by, without zod: common/payment.ts builds its schemas on them, so
 * the history's filter and the main process name the same states and the same bounds.
 *
 * `damaged`: the app's own record of the payment failed its integrity check (edited or corrupted on disk). Whether it
 * was paid is not known; it is never sent automatically, and the customer is told to check their online banking.
 * `dropped`: confirmed, never sent, and the customer chose not to send it (final).
 * `declaredPaid` / `declaredNotPaid`: the outcome stayed unknown past the request id's 24 hours, when the app can no
 * longer ask the bank, and the customer said what their online banking shows. Their word, never the bank's.
 */
export const PAYMENT_STATES = [
  'draft',
  'confirmed',
  'sending',
  'accepted',
  'settled',
  'rejected',
  'unknown',
  'declaredPaid',
  'declaredNotPaid',
  'dropped',
  'damaged',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * How a payment counts against today's limit: `held` (confirmed, not sent yet: it may still go, or be dropped),
 * `uncertain` (on its way, or its outcome is not known), `spent` (the bank took it, or the customer says it went
 * through), or `none`.
 */
export type LimitEffect = 'none' | 'held' | 'uncertain' | 'spent';

export const LIMIT_EFFECT: Record<PaymentState, LimitEffect> = {
  draft: 'none',
  confirmed: 'held',
  sending: 'uncertain',
  accepted: 'spent',
  settled: 'spent',
  rejected: 'none',
  unknown: 'uncertain',
  declaredPaid: 'spent',
  declaredNotPaid: 'none',
  dropped: 'none',
  damaged: 'uncertain',
};

/** States whose amount counts against today's limit: everything that is or may be on its way. */
export const COUNTED_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => LIMIT_EFFECT[state] !== 'none');

/** The most a payee's name may hold, saved or typed on a payment. */
export const PAYEE_NAME_MAX = 140;
/** The longest private note on a payment (PaymentIntent.note), in characters. */
export const PAYMENT_NOTE_MAX = 500;
/** The most a history search text (payee, or reference and ids) may hold. */
export const HISTORY_SEARCH_MAX = 140;
