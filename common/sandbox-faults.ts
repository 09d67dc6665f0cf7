/**
 * What the local sandbox can be made to do to the next requests of a route (sandbox/faults.ts), as the sandbox's
 * control API and the app's sandbox panel (common/bank-calls.ts) both offer it. Without zod: the renderer uses it.
 */
export const FAULT_ROUTES = ['payments.create', 'payments.get', 'token'] as const;
export const FAULT_KINDS = [
  'status500',
  'delay',
  'dropBeforeProcessing',
  'dropAfterProcessing',
  /** The bank's answer is one of its errors (common/bank-errors.ts), named by the fault's `error`. */
  'bankError',
] as const;

export type FaultRoute = (typeof FAULT_ROUTES)[number];
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Where the sandbox panel moves the sandbox's clock to. */
export const CLOCK_MOVES = [
  /** A minute before the signed-in customer's 90 days end. */
  'grantEnd',
  /** A minute past the next midnight GMT: a new day of the daily limit. */
  'pastMidnight',
  /** 24 hours on. */
  'dayLater',
] as const;
export type ClockMove = (typeof CLOCK_MOVES)[number];
