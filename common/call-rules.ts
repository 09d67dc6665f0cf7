/**
 * The call list's rules the window needs too (common/bank-calls.ts has the schemas): without zod, which the renderer
 * does without.
 */
export const CALL_OUTCOMES = ['all', 'ok', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What stands for a value that was not kept (a header's, a secret field's). */
export const REMOVED = '[removed]';

/** Headers whose values may be shown; every other header shows with its value removed. */
export const CLEAR_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'cache-control',
  'content-length',
  'content-type',
  'date',
  'location',
  'retry-after',
  'www-authenticate',
  'x-request-id',
]);
