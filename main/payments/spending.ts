import type { PaymentIntent, PaymentState } from '../../common/payment.ts';
import { PAYEE_NAME_MAX } from '../../common/payment-rules.ts';
import {
  SPENDING_MONTHS,
  SPENDING_PAYEES_MAX,
  type SpendingPeriod,
  type SpendingRange,
  type SpendingSummary,
  type SpendingTotals,
} from '../../common/spending.ts';
import { DAY_MS } from '../../common/time.ts';

/** How a payment's state counts in what was spent (common/spending.ts); the rest count for nothing. */
export const SPENDING_KIND: Partial<Record<PaymentState, 'spent' | 'uncertain' | 'declared'>> = {
  accepted: 'spent',
  settled: 'spent',
  sending: 'uncertain',
  unknown: 'uncertain',
  damaged: 'uncertain',
  declaredPaid: 'declared',
};

export interface SpendingOptions {
  /** The app's clock: today, this week (from Monday) and this month are the GMT ones it falls in. */
  now: number;
  /** A range, `from` inclusive, `to` exclusive; by payee is over it when given. */
  range?: SpendingRange | undefined;
}

/** Mutable totals, as they are added up. */
interface Tally {
  spent: number;
  uncertain: number;
  declared: number;
  nSpent: number;
  nUncertain: number;
  nDeclared: number;
}

const tally = (): Tally => ({ spent: 0, uncertain: 0, declared: 0, nSpent: 0, nUncertain: 0, nDeclared: 0 });

function add(to: Tally, kind: 'spent' | 'uncertain' | 'declared', amount: number): void {
  if (kind === 'spent') {
    to.spent += amount;
    to.nSpent += 1;
  } else if (kind === 'uncertain') {
    to.uncertain += amount;
    to.nUncertain += 1;
  } else {
    to.declared += amount;
    to.nDeclared += 1;
  }
}

function addTally(to: Tally, from: Tally): void {
  to.spent += from.spent;
  to.uncertain += from.uncertain;
  to.declared += from.declared;
  to.nSpent += from.nSpent;
  to.nUncertain += from.nUncertain;
  to.nDeclared += from.nDeclared;
}

const totals = (t: Tally): SpendingTotals => ({
  spent: t.spent,
  uncertain: t.uncertain,
  declared: t.declared,
  counts: { spent: t.nSpent, uncertain: t.nUncertain, declared: t.nDeclared },
});

/** The instant the GMT month `offset` months from the one `instant` falls in begins. */
const monthStart = (instant: number, offset = 0): number => {
  const date = new Date(instant);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
};

const monthName = (start: number): string => new Date(start).toISOString().slice(0, 7);

interface Payee {
  kennitala: string;
  account: string;
  name: string;
  /** When the payment the name was taken from counts (the latest named one wins). */
  namedAt: number;
  tally: Tally;
}

/**
 * What was spent, added up from the payments given (common/spending.ts says how each counts): today, this week and
 * this month (GMT, weeks from Monday), the range if one is given, by payee (over the range, else over everything
 * given) and the last 12 GMT months. One pass over the payments, comparing instants: nothing per payment is made
 * but the payee's entry, so 100 000 payments take a few milliseconds.
 */
export function spendingSummary(intents: Iterable<PaymentIntent>, options: SpendingOptions): SpendingSummary {
  const { now, range } = options;
  const dayFrom = Math.floor(now / DAY_MS) * DAY_MS;
  const dayTo = dayFrom + DAY_MS;
  // 1 January 1970 was a Thursday: day 0 is three days after a Monday.
  const weekFrom = dayFrom - ((Math.floor(now / DAY_MS) + 3) % 7) * DAY_MS;
  const weekTo = weekFrom + 7 * DAY_MS;
  const monthFrom = monthStart(now);
  const monthTo = monthStart(now, 1);
  /** The 12 months' starts, oldest first, and the end of the last. */
  const starts = Array.from({ length: SPENDING_MONTHS + 1 }, (_, n) => monthStart(now, n - SPENDING_MONTHS + 1));
  const monthsFrom = starts[0] ?? monthFrom;

  const today = tally();
  const week = tally();
  const month = tally();
  const inRange = tally();
  const months = Array.from({ length: SPENDING_MONTHS }, tally);
  const payees = new Map<string, Map<string, Payee>>();

  for (const intent of intents) {
    const kind = SPENDING_KIND[intent.state];
    if (kind === undefined) continue;
    const at = intent.firstSentAt ?? intent.createdAt;
    const { amount } = intent.order;
    if (at >= dayFrom && at < dayTo) add(today, kind, amount);
    if (at >= weekFrom && at < weekTo) add(week, kind, amount);
    if (at >= monthFrom && at < monthTo) add(month, kind, amount);
    if (at >= monthsFrom && at < monthTo) {
      let index = SPENDING_MONTHS - 1;
      while (index > 0 && at < (starts[index] ?? 0)) index -= 1;
      const of = months[index];
      if (of) add(of, kind, amount);
    }
    if (range && (at < range.from || at >= range.to)) continue;
    if (range) add(inRange, kind, amount);
    const { depositKennitala, depositAccount, payeeName } = intent.order;
    let accounts = payees.get(depositKennitala);
    if (!accounts) payees.set(depositKennitala, (accounts = new Map()));
    let payee = accounts.get(depositAccount);
    if (!payee) {
      payee = { kennitala: depositKennitala, account: depositAccount, name: '', namedAt: -Infinity, tally: tally() };
      accounts.set(depositAccount, payee);
    }
    add(payee.tally, kind, amount);
    if (payeeName && at >= payee.namedAt) {
      payee.name = payeeName;
      payee.namedAt = at;
    }
  }

  const all: Payee[] = [];
  for (const accounts of payees.values()) for (const payee of accounts.values()) all.push(payee);
  all.sort(
    (a, b) =>
      b.tally.spent - a.tally.spent ||
      b.tally.uncertain + b.tally.declared - (a.tally.uncertain + a.tally.declared) ||
      compare(a.kennitala, b.kennitala) ||
      compare(a.account, b.account),
  );
  const others = tally();
  for (const payee of all.slice(SPENDING_PAYEES_MAX)) addTally(others, payee.tally);

  const period = (from: number, to: number, t: Tally): SpendingPeriod => ({ from, to, ...totals(t) });
  return {
    asOf: now,
    today: period(dayFrom, dayTo, today),
    week: period(weekFrom, weekTo, week),
    month: period(monthFrom, monthTo, month),
    ...(range ? { range: period(range.from, range.to, inRange) } : {}),
    byPayee: {
      payees: all.slice(0, SPENDING_PAYEES_MAX).map((payee) => ({
        kennitala: payee.kennitala,
        account: payee.account,
        name: payee.name.slice(0, PAYEE_NAME_MAX),
        ...totals(payee.tally),
      })),
      others: { payees: Math.max(0, all.length - SPENDING_PAYEES_MAX), ...totals(others) },
    },
    months: months.map((t, n) => ({ month: monthName(starts[n] ?? monthFrom), ...totals(t) })),
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
