/**
 * The bank-call tap lives in main/net/call-tap.ts (issue 40: net/ hands each exchange to a tap, calls/ keeps them).
 * Main imports it from there; this name stays only for test/main/net/same-everywhere.test.ts and
 * chromium-network.test.ts, and goes once they import ../../../main/net/call-tap.ts.
 */
export type { CallStart, CallTap, TappedCall } from '../net/call-tap.ts';
