import type { PaymentView } from '../../../common/bridge-contract.ts';
import type { PaymentState } from '../../../common/payment-rules.ts';

/**
 * How far along its life a payment is, within one send: main stamps `updatedAt` on every change, but a coarse or
 * frozen clock (the sandbox's, in tests) can stamp a send and its answer alike; the number of sends, then the state
 * reached, tell them apart. Damaged is not here: see `isStale`.
 */
const STAGE: Record<Exclude<PaymentState, 'damaged'>, number> = {
  draft: 0,
  confirmed: 1,
  dropped: 2,
  sending: 2,
  unknown: 3,
  declaredPaid: 4,
  declaredNotPaid: 4,
  accepted: 4,
  rejected: 5,
  settled: 6,
};

/**
 * Negative when `a` is an older version of the payment than `b`, positive when newer, 0 when the same. Main numbers
 * every change of a payment (`version`, its store's sequence): that decides. A view without one (a stand-in for a
 * record of which nothing could be read) falls back on the times and how far along it is.
 */
function compareVersions(a: PaymentView, b: PaymentView): number {
  if (a.version !== undefined && b.version !== undefined) return a.version - b.version;
  if (a.state === 'damaged' || b.state === 'damaged') return a.updatedAt - b.updatedAt;
  return a.updatedAt - b.updatedAt || a.attempts - b.attempts || STAGE[a.state] - STAGE[b.state];
}

/**
 * Whether `next` is older than the version of the same payment already `known`: an answer or an event that was
 * overtaken on its way (an answer computed before a change whose event came first, or the reverse over a transport
 * that does not keep their order). A damaged record is never stale: main found the record on disk unreadable, and
 * falls back to the last snapshot it could read, which may well be older than what the screen shows.
 */
export function isStale(next: PaymentView, known: PaymentView | undefined): boolean {
  if (!known || next.state === 'damaged') return false;
  return compareVersions(next, known) < 0;
}

/** Whether `next` says nothing `known` did not: the same moment, the same fields. */
export function isSame(next: PaymentView, known: PaymentView | undefined): boolean {
  return known !== undefined && compareVersions(next, known) === 0 && JSON.stringify(next) === JSON.stringify(known);
}
