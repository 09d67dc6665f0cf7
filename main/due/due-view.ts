import { DUE_NEXT_SHOWN, type DueItem, type DuePayment } from '../../common/due-payment.ts';
import { dueState, nextDates, type IsoDate } from '../../common/schedule.ts';

const later = (a: IsoDate | undefined, b: IsoDate): IsoDate => (a !== undefined && a > b ? a : b);

/**
 * A payment as the Due list shows it on `today`; undefined when nothing is left of it (ended). `remainingToday`
 * undefined: not asked (the tick's notices need no limit, and asking it is a round trip to the payment store), so
 * nothing is said to be over it.
 */
export function dueItem(item: DuePayment, today: IsoDate, remainingToday: number | undefined): DueItem | undefined {
  const state = dueState(item.schedule, item.lastHandled, today);
  const underWay = item.paying !== undefined;
  if (state.ended && !underWay) return undefined;
  const open = state.overdue[0] ?? state.dueToday ?? state.next;
  const waiting = state.overdue.length > 0 || state.dueToday !== undefined;
  return {
    ...item,
    overdue: state.overdue,
    ...(state.dueToday ? { dueToday: state.dueToday } : {}),
    ...(state.next ? { next: state.next } : {}),
    ...(open ? { open } : {}),
    nextDates: nextDates(item.schedule, later(item.lastHandled, today), DUE_NEXT_SHOWN),
    underWay,
    overLimit: waiting && !underWay && remainingToday !== undefined && item.order.amount > remainingToday,
  };
}

/** Waiting today first, then overdue (oldest first), then by the next date; ties by when they were made. */
export function dueOrder(a: DueItem, b: DueItem): number {
  const rank = (item: DueItem) => (item.dueToday ? 0 : item.overdue.length > 0 ? 1 : 2);
  const key = (item: DueItem) => item.overdue[0] ?? item.dueToday ?? item.next ?? '9999-12-31';
  return rank(a) - rank(b) || key(a).localeCompare(key(b)) || a.createdAt - b.createdAt;
}
