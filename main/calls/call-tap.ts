/**
 * The bank-call tap lives in main/net/call-tap.ts (issue 40: net/ hands each exchange to a tap, calls/ keeps them).
 * This name stays for the modules that still import it from here, until they point at net/ themselves.
 */
export type { CallStart, CallTap, TappedCall } from '../net/call-tap.ts';
