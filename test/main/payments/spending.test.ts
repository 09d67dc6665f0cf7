import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentIntent, type PaymentState } from '../../../common/payment.ts';
import { SpendingSummarySchema, type SpendingTotals } from '../../../common/spending.ts';
import { spendingSummary } from '../../../main/payments/spending.ts';
import { paymentRecord } from '../../support/seed-payments.ts';

/**
 * What was spent (issue 29): examples on the GMT calendar (a clock moved over months, 29 February, a week across a
 * month and a year, weeks from Monday), and a property against a sum worked out here, payment by payment, from
 * calendar names rather than instants.
 */
const at = (iso: string): number => Date.parse(iso);
const BJORN = { depositKennitala: '0507922189', depositAccount: '013326020001', payeeName: 'Björn' };
const NEVER_SENT: readonly PaymentState[] = ['draft', 'confirmed', 'dropped'];

let n = 0;
/** A payment counted at `when` (first sent then; confirmed then, if it was never sent). */
function paid(
  when: number,
  amount: number,
  state: PaymentState = 'settled',
  payee: Partial<PaymentIntent['order']> = BJORN,
): PaymentIntent {
  n += 1;
  const never = NEVER_SENT.includes(state);
  const intent = paymentRecord(n, { state, createdAt: never ? when : when - 60_000, order: { ...payee, amount } });
  if (never) delete intent.firstSentAt;
  else intent.firstSentAt = when;
  return intent;
}

const none = { spent: 0, uncertain: 0, declared: 0, counts: { spent: 0, uncertain: 0, declared: 0 } };
const spentOnly = (spent: number, count: number): SpendingTotals => ({
  ...none,
  spent,
  counts: { ...none.counts, spent: count },
});

describe('spending summary: the GMT calendar', () => {
  it('weeks start on Monday; a week crosses a month and a year, the month does not', () => {
    const now = at('2026-01-01T10:00:00Z'); // a Thursday
    const intents = [
      paid(at('2025-12-28T23:59:59.999Z'), 1), // Sunday: the week before
      paid(at('2025-12-29T00:00:00.000Z'), 10), // Monday: this week, last month and year
      paid(at('2026-01-01T00:00:00.000Z'), 100), // today
      paid(at('2026-01-04T23:59:59.999Z'), 1000), // Sunday: still this week (a clock set back)
      paid(at('2026-01-05T00:00:00.000Z'), 10_000), // next Monday: this month only
    ];
    const summary = spendingSummary(intents, { now });
    expect(summary.week).toEqual({ from: at('2025-12-29T00:00Z'), to: at('2026-01-05T00:00Z'), ...spentOnly(1110, 3) });
    expect(summary.today).toEqual({ from: at('2026-01-01T00:00Z'), to: at('2026-01-02T00:00Z'), ...spentOnly(100, 1) });
    expect(summary.month).toEqual({
      from: at('2026-01-01T00:00Z'),
      to: at('2026-02-01T00:00Z'),
      ...spentOnly(11_100, 3),
    });
    expect(summary.months.map((month) => month.month)).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(summary.months.at(-2)).toEqual({ month: '2025-12', ...spentOnly(11, 2) });
    expect(summary.months.at(-1)).toEqual({ month: '2026-01', ...spentOnly(11_100, 3) });
    expect(SpendingSummarySchema.parse(summary)).toEqual(summary);
  });

  it('a Monday is the first day of its own week, a Sunday the last of the one before', () => {
    const monday = spendingSummary([], { now: at('2025-12-29T00:00:00Z') });
    expect(monday.week.from).toBe(at('2025-12-29T00:00:00Z'));
    const sunday = spendingSummary([], { now: at('2025-12-28T23:59:59.999Z') });
    expect(sunday.week.from).toBe(at('2025-12-22T00:00:00Z'));
    expect(sunday.week.to).toBe(at('2025-12-29T00:00:00Z'));
  });

  it("a leap year's 29 February is a day of February", () => {
    const now = at('2028-02-29T15:00:00Z'); // a Tuesday
    const intents = [
      paid(at('2028-02-28T23:59:59.999Z'), 1),
      paid(at('2028-02-29T00:00:00.000Z'), 10),
      paid(at('2028-02-29T23:59:59.999Z'), 100),
      paid(at('2028-03-01T00:00:00.000Z'), 1000), // Wednesday: this week, not this month
      paid(at('2027-03-01T00:00:00.000Z'), 10_000), // the oldest of the 12 months
      paid(at('2027-02-28T23:59:59.999Z'), 100_000), // before them
    ];
    const summary = spendingSummary(intents, { now });
    expect(summary.today).toEqual({ from: at('2028-02-29T00:00Z'), to: at('2028-03-01T00:00Z'), ...spentOnly(110, 2) });
    expect(summary.week).toMatchObject({ from: at('2028-02-28T00:00Z'), spent: 1111 });
    expect(summary.month).toEqual({ from: at('2028-02-01T00:00Z'), to: at('2028-03-01T00:00Z'), ...spentOnly(111, 3) });
    expect(summary.months[0]).toEqual({ month: '2027-03', ...spentOnly(10_000, 1) });
    expect(summary.months[11]).toEqual({ month: '2028-02', ...spentOnly(111, 3) });
    expect(summary.months.reduce((sum, month) => sum + month.spent, 0)).toBe(10_111);
  });

  it('follows the clock as it is moved over months, and forgets a month after 12', () => {
    const intents = [
      paid(at('2026-11-10T12:00:00Z'), 500),
      paid(at('2026-11-22T08:00:00Z'), 70, 'unknown'),
      paid(at('2026-12-01T00:00:00Z'), 9),
    ];
    const november = spendingSummary(intents, { now: at('2026-11-22T12:00:00Z') }); // a Sunday
    expect(november.today).toMatchObject({ spent: 0, uncertain: 70 });
    expect(november.week).toMatchObject({ from: at('2026-11-16T00:00Z'), spent: 0, uncertain: 70 });
    expect(november.month).toMatchObject({ spent: 500, uncertain: 70 });
    expect(november.months.at(-1)).toMatchObject({ month: '2026-11', spent: 500, uncertain: 70 });

    const december = spendingSummary(intents, { now: at('2026-12-01T00:00:00Z') });
    expect(december.today).toMatchObject(spentOnly(9, 1));
    expect(december.week).toMatchObject({ from: at('2026-11-30T00:00Z'), ...spentOnly(9, 1) });
    expect(december.month).toMatchObject(spentOnly(9, 1));
    expect(december.months.slice(-2)).toEqual([
      { month: '2026-11', spent: 500, uncertain: 70, declared: 0, counts: { spent: 1, uncertain: 1, declared: 0 } },
      { month: '2026-12', ...spentOnly(9, 1) },
    ]);

    const nextYear = spendingSummary(intents, { now: at('2027-10-31T23:59:59.999Z') });
    expect(nextYear.months[0]).toMatchObject({ month: '2026-11', spent: 500 });
    const later = spendingSummary(intents, { now: at('2027-11-01T00:00:00Z') });
    expect(later.months[0]).toMatchObject({ month: '2026-12', spent: 9 });
    expect(later.months.reduce((sum, month) => sum + month.spent + month.uncertain, 0)).toBe(9);
    // By payee, without a range, is over everything held, whatever the clock.
    expect(later.byPayee.payees).toMatchObject([{ kennitala: BJORN.depositKennitala, spent: 509, uncertain: 70 }]);
  });
});

describe('spending summary: what counts, and how', () => {
  const now = at('2026-11-25T12:00:00Z');

  it('spent, uncertain and the customer’s word apart; the rest counts for nothing', () => {
    const amounts = Object.fromEntries(PAYMENT_STATES.map((state, i) => [state, 10 ** i]));
    const intents = PAYMENT_STATES.map((state) => paid(now - 1000, amounts[state] ?? 0, state));
    const { today } = spendingSummary(intents, { now });
    expect(today).toMatchObject({
      spent: (amounts['accepted'] ?? 0) + (amounts['settled'] ?? 0),
      uncertain: (amounts['sending'] ?? 0) + (amounts['unknown'] ?? 0) + (amounts['damaged'] ?? 0),
      declared: amounts['declaredPaid'],
      counts: { spent: 2, uncertain: 3, declared: 1 },
    });
  });

  it('counts a payment when it was first sent, not when it was confirmed', () => {
    const late = paid(at('2026-11-25T00:30:00Z'), 300);
    late.createdAt = at('2026-11-24T23:50:00Z');
    const { today, months } = spendingSummary([late], { now });
    expect(today.spent).toBe(300);
    expect(months.at(-1)?.spent).toBe(300);
    const summary = spendingSummary([late], { now: at('2026-11-24T12:00:00Z') });
    expect(summary.today.spent).toBe(0);
  });

  it('by payee: kennitala and account, the latest name, most spent first, 20 and the others', () => {
    const intents: PaymentIntent[] = [];
    for (let p = 0; p < 24; p += 1) {
      const payee = { depositKennitala: '0507922189', depositAccount: `01332603${String(p).padStart(4, '0')}` };
      intents.push(paid(now - 3 * 86_400_000, 1000 + p, 'settled', { ...payee, payeeName: `Old ${p}` }));
      intents.push(paid(now - 2 * 86_400_000, 1, 'unknown', { ...payee, payeeName: `New ${p}` }));
      intents.push(paid(now - 86_400_000, 5, 'rejected', { ...payee, payeeName: `Refused ${p}` }));
    }
    intents.push(paid(now, 1, 'declaredPaid', { ...BJORN, payeeName: '' }));
    const { byPayee } = spendingSummary(intents, { now });
    expect(byPayee.payees).toHaveLength(20);
    expect(byPayee.payees[0]).toEqual({
      kennitala: '0507922189',
      account: '013326030023',
      name: 'New 23',
      spent: 1023,
      uncertain: 1,
      declared: 0,
      counts: { spent: 1, uncertain: 1, declared: 0 },
    });
    expect(byPayee.payees.map((payee) => payee.spent)).toEqual(Array.from({ length: 20 }, (_, i) => 1023 - i));
    // Payees 0 to 3, and Björn (only declared, no name given).
    expect(byPayee.others).toEqual({
      payees: 5,
      spent: 1000 + 1001 + 1002 + 1003,
      uncertain: 4,
      declared: 1,
      counts: { spent: 4, uncertain: 4, declared: 1 },
    });
  });

  it('a range: from inclusive, to exclusive, and by payee over it only', () => {
    const other = { depositKennitala: '1203852089', depositAccount: '013326012345', payeeName: 'Anna' };
    const intents = [
      paid(at('2026-10-01T00:00:00Z'), 1),
      paid(at('2026-10-31T23:59:59.999Z'), 10, 'settled', other),
      paid(at('2026-11-01T00:00:00Z'), 100),
      paid(at('2026-10-15T00:00:00Z'), 1000, 'declaredPaid'),
    ];
    const range = { from: at('2026-10-01T00:00:00Z'), to: at('2026-11-01T00:00:00Z') };
    const summary = spendingSummary(intents, { now, range });
    expect(summary.range).toEqual({
      ...range,
      spent: 11,
      uncertain: 0,
      declared: 1000,
      counts: { spent: 2, uncertain: 0, declared: 1 },
    });
    expect(summary.byPayee.payees.map((payee) => [payee.name, payee.spent, payee.declared])).toEqual([
      ['Anna', 10, 0],
      ['Björn', 1, 1000],
    ]);
    expect(spendingSummary(intents, { now }).range).toBeUndefined();
    expect(spendingSummary(intents, { now, range: { from: range.from, to: range.from } }).range?.spent).toBe(0);
  });
});

// The property: the summary against one worked out here, a payment at a time, from calendar names (ISO strings,
// the weekday of a date) rather than instants.
const YEAR_MS = 366 * 86_400_000;
const iso = (instant: number): string => new Date(instant).toISOString();
const mondayOf = (instant: number): string => {
  const date = new Date(instant);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return iso(date.getTime()).slice(0, 10);
};
function lastMonths(now: number): string[] {
  let [year, month] = iso(now).slice(0, 7).split('-').map(Number) as [number, number];
  const names: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    names.unshift(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  return names;
}
const KIND: Record<PaymentState, 'spent' | 'uncertain' | 'declared' | undefined> = {
  draft: undefined,
  confirmed: undefined,
  sending: 'uncertain',
  accepted: 'spent',
  settled: 'spent',
  rejected: undefined,
  unknown: 'uncertain',
  declaredPaid: 'declared',
  declaredNotPaid: undefined,
  dropped: undefined,
  damaged: 'uncertain',
};

interface Sum {
  spent: number;
  uncertain: number;
  declared: number;
  counts: { spent: number; uncertain: number; declared: number };
}
const zero = (): Sum => ({ spent: 0, uncertain: 0, declared: 0, counts: { spent: 0, uncertain: 0, declared: 0 } });
function sumOf(intents: PaymentIntent[], keep: (counted: number) => boolean): Sum {
  const sum = zero();
  for (const intent of intents) {
    const kind = KIND[intent.state];
    const counted = intent.firstSentAt ?? intent.createdAt;
    if (!kind || !keep(counted)) continue;
    sum[kind] += intent.order.amount;
    sum.counts[kind] += 1;
  }
  return sum;
}

function bruteForce(intents: PaymentIntent[], now: number, range?: { from: number; to: number }) {
  const inRange = (counted: number) => !range || (counted >= range.from && counted < range.to);
  const keys = [...new Set(intents.map((intent) => `${intent.order.depositKennitala} ${intent.order.depositAccount}`))];
  const payees = keys
    .map((key) => {
      const [kennitala = '', account = ''] = key.split(' ');
      const own = intents.filter(
        (intent) =>
          intent.order.depositKennitala === kennitala &&
          intent.order.depositAccount === account &&
          KIND[intent.state] !== undefined &&
          inRange(intent.firstSentAt ?? intent.createdAt),
      );
      let name = '';
      let latest = -Infinity;
      for (const intent of own) {
        const counted = intent.firstSentAt ?? intent.createdAt;
        if (intent.order.payeeName && counted >= latest) [name, latest] = [intent.order.payeeName, counted];
      }
      return { kennitala, account, name, ...sumOf(own, () => true), any: own.length > 0 };
    })
    .filter((payee) => payee.any)
    .map(({ any: _any, ...payee }) => payee)
    .sort(
      (a, b) =>
        b.spent - a.spent ||
        b.uncertain + b.declared - a.uncertain - a.declared ||
        (a.kennitala + a.account < b.kennitala + b.account ? -1 : 1),
    );
  const rest = payees.slice(20);
  const others = zero();
  for (const payee of rest) {
    for (const kind of ['spent', 'uncertain', 'declared'] as const) {
      others[kind] += payee[kind];
      others.counts[kind] += payee.counts[kind];
    }
  }
  return {
    today: sumOf(intents, (counted) => iso(counted).slice(0, 10) === iso(now).slice(0, 10)),
    week: sumOf(intents, (counted) => mondayOf(counted) === mondayOf(now)),
    month: sumOf(intents, (counted) => iso(counted).slice(0, 7) === iso(now).slice(0, 7)),
    ...(range ? { range: sumOf(intents, inRange) } : {}),
    byPayee: { payees: payees.slice(0, 20), others: { payees: rest.length, ...others } },
    months: lastMonths(now).map((month) => ({
      month,
      ...sumOf(intents, (counted) => iso(counted).slice(0, 7) === month),
    })),
  };
}

const withoutBounds = <T extends { from: number; to: number }>({ from: _from, to: _to, ...rest }: T) => rest;

describe('spending summary: against a sum worked out payment by payment', () => {
  it('agrees for any payments, clock and range', () => {
    const day = 86_400_000;
    // Near the clock, often right on or next to a midnight or the start of a month (the edges of days, weeks and
    // months).
    const offset = fc.oneof(
      fc.integer({ min: -YEAR_MS, max: YEAR_MS }),
      fc.record({ days: fc.integer({ min: -400, max: 40 }), edge: fc.constantFrom(0, -1, 1, day - 1) }),
      fc.record({ months: fc.integer({ min: -13, max: 1 }), edge: fc.constantFrom(0, -1) }),
    );
    const payment = fc.record({
      offset,
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      state: fc.constantFrom(...PAYMENT_STATES),
      payee: fc.nat(29),
      account: fc.nat(1),
      name: fc.constantFrom('', 'Björn', 'Anna', 'Jón'),
      sentLater: fc.oneof(fc.constant(0), fc.nat(3 * day)),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.array(payment, { maxLength: 150 }),
        fc.option(fc.tuple(fc.integer({ min: -YEAR_MS, max: YEAR_MS }), fc.nat(YEAR_MS)), { nil: undefined }),
        (now, drawn, window) => {
          const midnight = Math.floor(now / day) * day;
          const intents = drawn.map((p, i) => {
            const { offset } = p;
            const when =
              typeof offset === 'number'
                ? now + offset
                : 'days' in offset
                  ? midnight + offset.days * day + offset.edge
                  : Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + offset.months) + offset.edge;
            const intent = paymentRecord(i, {
              state: p.state,
              createdAt: when,
              order: {
                amount: p.amount,
                depositKennitala: `05079${String(22_189 + p.payee).padStart(5, '0')}`,
                depositAccount: `0133260200${p.account}${p.payee % 10}`,
                payeeName: p.name,
              },
            });
            // Sent some time after it was confirmed, or never.
            if (NEVER_SENT.includes(p.state)) delete intent.firstSentAt;
            else intent.firstSentAt = when + p.sentLater;
            return intent;
          });
          const range = window && { from: now + window[0], to: now + window[0] + window[1] };
          const summary = spendingSummary(intents, { now, ...(range ? { range } : {}) });
          const expected = bruteForce(intents, now, range);
          expect(SpendingSummarySchema.parse(summary)).toEqual(summary);
          expect({
            today: withoutBounds(summary.today),
            week: withoutBounds(summary.week),
            month: withoutBounds(summary.month),
            ...(summary.range ? { range: withoutBounds(summary.range) } : {}),
            byPayee: summary.byPayee,
            months: summary.months,
          }).toEqual(expected);
          expect(summary.today.from).toBeLessThanOrEqual(now);
          expect(summary.today.to).toBeGreaterThan(now);
          expect(new Date(summary.week.from).getUTCDay()).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
