import type { DailyLimitView } from '../../common/bridge-contract.ts';
import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import { COUNTED_STATES } from '../../common/payment-rules.ts';
import { gmtDay, nextGmtMidnight } from '../../common/time.ts';
import { countedDay, type PaymentStore } from './payment-store.ts';

/**
 * What is left of a customer's daily limit (200 000 kr. per GMT day, shared by every app that uses the
 * service). Derived from the payments themselves, so it can never drift from them: a payment counts on the GMT
 * day it was first sent (or confirmed, if not sent yet) while it is or may be on its way.
 */
export function dailyLimit(store: PaymentStore, kennitala: string, now: number, exceptId?: string): DailyLimitView {
  const day = gmtDay(now);
  let used = store.usedOn(day, kennitala);
  const except = exceptId === undefined ? undefined : store.get(exceptId);
  if (except && countedDay(except) === day && except.order.debtorKennitala === kennitala) {
    if (COUNTED_STATES.includes(except.state)) used -= except.order.amount;
  }
  const bankSaysReached = store.bankLimitReached(kennitala, day);
  const remaining = bankSaysReached ? 0 : Math.max(0, DAILY_LIMIT_ISK - used);
  return { day, limit: DAILY_LIMIT_ISK, used, remaining, resetsAt: nextGmtMidnight(now), bankSaysReached, asOf: now };
}
