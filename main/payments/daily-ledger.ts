import type { DailyLimitView } from '../../common/bridge-contract.ts';
import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import { gmtDay, nextGmtMidnight } from '../../common/time.ts';
import type { LimitParts } from './store/store-contract.ts';

/**
 * What is left of a customer's daily limit, and how what is used splits (see LIMIT_EFFECT): held by payments not
 * sent yet, on its way or not known, and spent (200 000 kr. per GMT day, shared by every app that uses the
 * service). Derived from the payments themselves, so it can never drift from them: a payment counts on the GMT
 * day it was first sent (or confirmed, if not sent yet) while it is or may be on its way. `exceptId`: one payment
 * left out (the one about to be sent, checked against what is left besides it).
 */
export async function dailyLimit(
  store: { limitParts(day: string, kennitala: string, exceptId?: string): Promise<LimitParts> },
  kennitala: string,
  now: number,
  exceptId?: string,
): Promise<DailyLimitView> {
  const day = gmtDay(now);
  const { bankLimitReached: bankSaysReached, ...parts } = await store.limitParts(day, kennitala, exceptId);
  const used = parts.held + parts.uncertain + parts.spent;
  const remaining = remainingOf({ ...parts, bankLimitReached: bankSaysReached });
  return {
    day,
    limit: DAILY_LIMIT_ISK,
    used,
    ...parts,
    remaining,
    resetsAt: nextGmtMidnight(now),
    bankSaysReached,
    asOf: now,
  };
}

/** What is left of a day's limit, from what counts on it and the bank's word (0 once the bank said it is reached). */
export function remainingOf(parts: LimitParts): number {
  return parts.bankLimitReached ? 0 : Math.max(0, DAILY_LIMIT_ISK - parts.held - parts.uncertain - parts.spent);
}
