import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkSchedule,
  daysInMonth,
  dueState,
  isDate,
  lastDate,
  nextDates,
  occurrenceCount,
  occurrences,
  oneYearAfter,
  weekdayOf,
  type Schedule,
} from '../../common/schedule.ts';
import { ScheduleSchema } from '../../common/schedule-schema.ts';

// --- An oracle that shares nothing with the implementation: it walks the calendar one day at a time on its own
// leap-year rule and its own weekday count, from the schedule's start, and says yes or no to each day.

interface Ymd {
  y: number;
  m: number;
  d: number;
}
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const parse = (date: string): Ymd => {
  const [y, m, d] = date.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
};
const show = ({ y, m, d }: Ymd) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const tomorrowOf = ({ y, m, d }: Ymd): Ymd =>
  d < monthLength(y, m) ? { y, m, d: d + 1 } : m < 12 ? { y, m: m + 1, d: 1 } : { y: y + 1, m: 1, d: 1 };
/** Sakamoto's method, turned to Monday = 1 ... Sunday = 7. */
const weekdayByFormula = ({ y, m, d }: Ymd) => {
  const t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4][m - 1]!;
  const year = m < 3 ? y - 1 : y;
  const sunday0 = (year + Math.floor(year / 4) - Math.floor(year / 100) + Math.floor(year / 400) + t + d) % 7;
  return sunday0 === 0 ? 7 : sunday0;
};

/** Every due date of `schedule` up to `to`, found one day at a time. */
function oracle(schedule: Schedule, to: string): string[] {
  if (schedule.kind === 'once') return schedule.date <= to ? [schedule.date] : [];
  const found: string[] = [];
  let day = parse(schedule.start);
  let weekday = weekdayByFormula(day);
  const last = schedule.until !== undefined && schedule.until < to ? schedule.until : to;
  while (show(day) <= last && (schedule.times === undefined || found.length < schedule.times)) {
    const due =
      schedule.kind === 'weekly'
        ? weekday === schedule.weekday
        : day.d === Math.min(schedule.day, monthLength(day.y, day.m));
    if (due) found.push(show(day));
    day = tomorrowOf(day);
    weekday = weekday === 7 ? 1 : weekday + 1;
  }
  return found;
}
const oracleBetween = (schedule: Schedule, from: string, to: string) =>
  oracle(schedule, to).filter((date) => date >= from);

// --- Arbitraries: dates from 2024 to 2031 (two leap days, 2024 and 2028, and a 53-week year), schedules of all kinds.

const BASE = Date.UTC(2024, 0, 1);
const dateArb = fc
  .integer({ min: 0, max: 8 * 366 - 10 })
  .map((offset) => new Date(BASE + offset * 86_400_000).toISOString().slice(0, 10));
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/**
 * A date that is, half the time, on one of the schedule's due dates or the day either side of one: where a range's
 * end, an `until`, a `lastHandled` or a `today` changes the answer. Uniform dates alone hit them about once in thirty.
 */
const nearArb = (schedule: Schedule) => {
  const dates = oracle(schedule, '2032-12-31');
  if (dates.length === 0) return dateArb;
  const near = fc
    // The first two often: where a repeat starts, and where an `until` leaves it none.
    .tuple(
      fc.oneof(fc.constantFrom(...dates), fc.constantFrom(...dates.slice(0, 2))),
      fc.oneof(fc.constant(0), fc.integer({ min: -1, max: 1 })),
    )
    .map(([date, days]) => shift(date, days));
  return fc.oneof(dateArb, near);
};
const onceArb = fc.record({ kind: fc.constant('once' as const), date: dateArb });
const weeklyArb = fc.record({
  kind: fc.constant('weekly' as const),
  weekday: fc.constantFrom(1, 2, 3, 4, 5, 6, 7 as const),
  start: dateArb,
});
const monthlyArb = fc.record({
  kind: fc.constant('monthly' as const),
  // Days near the ends of months come up often: 28 to 31 are where the rules are.
  day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
  start: dateArb,
});
/** A repeat without an end, until a date (often near one of its due dates or its start), or a number of times. */
const limitedArb = (repeat: Schedule & { kind: 'weekly' | 'monthly' }): fc.Arbitrary<Schedule> =>
  fc.oneof(
    fc.constant(repeat),
    nearArb(repeat).map((until) => ({ ...repeat, until })),
    // Until a few days or weeks after the start: often before the first one, or on it.
    fc.integer({ min: 0, max: 40 }).map((days) => ({ ...repeat, until: shift(repeat.start, days) })),
    fc.integer({ min: 1, max: repeat.kind === 'weekly' ? 520 : 120 }).map((times) => ({ ...repeat, times })),
  );
const scheduleArb: fc.Arbitrary<Schedule> = fc.oneof(
  onceArb,
  weeklyArb.chain(limitedArb),
  monthlyArb.chain(limitedArb),
);
/** A schedule and three dates near its due dates. */
const scheduleAndDatesArb = scheduleArb.chain((schedule) =>
  fc.tuple(fc.constant(schedule), nearArb(schedule), nearArb(schedule), nearArb(schedule)),
);

const weekly = (weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7, start: string, limit: object = {}): Schedule =>
  ({ kind: 'weekly', weekday, start, ...limit }) as Schedule;
const monthly = (day: number, start: string, limit: object = {}): Schedule =>
  ({ kind: 'monthly', day, start, ...limit }) as Schedule;

describe('day arithmetic on YYYY-MM-DD', () => {
  it('knows a calendar date from a look-alike', () => {
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2027-02-29')).toBe(false);
    expect(isDate('2100-02-29')).toBe(false);
    expect(isDate('2000-02-29')).toBe(true);
    expect(isDate('2026-04-31')).toBe(false);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-1-01')).toBe(false);
    expect(isDate('0099-01-01')).toBe(false);
    expect(isDate('0999-12-31')).toBe(false);
    expect(isDate('9999-12-31')).toBe(true);
    expect(isDate('2026-11-26T00:00')).toBe(false);
  });

  it('counts weekdays from Monday = 1, and months with their leap days', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayOf('1969-12-29')).toBe(1);
    expect(weekdayOf('2028-02-29')).toBe(2);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(oneYearAfter('2026-11-26')).toBe('2027-11-26');
    expect(oneYearAfter('2028-02-29')).toBe('2029-02-28');
  });

  it('agrees with the oracle on every weekday, 2024 to 2031', () => {
    fc.assert(fc.property(dateArb, (date) => weekdayOf(date) === weekdayByFormula(parse(date))));
  });
});

describe('monthly: a day that a month lacks falls on its last day', () => {
  it('on the 31st through a year keeps the 31st after the short months', () => {
    expect(occurrences(monthly(31, '2027-01-01'), '2027-01-01', '2028-03-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('on the 29th: 2028-02-29 in the leap year, 2027-02-28 in the year before', () => {
    expect(nextDates(monthly(29, '2028-01-01'), '2028-01-01', 3)).toEqual(['2028-01-29', '2028-02-29', '2028-03-29']);
    expect(nextDates(monthly(29, '2027-01-30'), '2027-01-30', 2)).toEqual(['2027-02-28', '2027-03-29']);
    expect(nextDates(monthly(30, '2027-02-01'), '2027-01-01', 2)).toEqual(['2027-02-28', '2027-03-30']);
  });

  it('starts in the start month when its day is still to come, else in the next', () => {
    expect(nextDates(monthly(15, '2026-11-15'), '2026-11-01', 1)).toEqual(['2026-11-15']);
    expect(nextDates(monthly(15, '2026-11-16'), '2026-11-01', 1)).toEqual(['2026-12-15']);
    // Started on Feb 28 2027 for the 31st: Feb 28 is that month's 31st.
    expect(nextDates(monthly(31, '2027-02-28'), '2027-01-01', 2)).toEqual(['2027-02-28', '2027-03-31']);
  });
});

describe('weekly', () => {
  it('on Mondays from Monday 2026-12-28 crosses into 2027', () => {
    expect(occurrences(weekly(1, '2026-12-28'), '2026-12-28', '2027-01-11')).toEqual([
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
  });

  it('starts on the first of its weekday on or after the start', () => {
    // Thursday 2026-11-26: the next Monday, the same Thursday.
    expect(nextDates(weekly(1, '2026-11-26'), '2026-11-01', 2)).toEqual(['2026-11-30', '2026-12-07']);
    expect(nextDates(weekly(4, '2026-11-26'), '2026-11-01', 2)).toEqual(['2026-11-26', '2026-12-03']);
  });
});

describe('limits: times from the start, until inclusive', () => {
  it('stops after `times`, however the range is asked', () => {
    const three = weekly(5, '2026-11-26', { times: 3 });
    expect(occurrences(three, '2026-01-01', '2027-12-31')).toEqual(['2026-11-27', '2026-12-04', '2026-12-11']);
    expect(occurrences(three, '2026-12-05', '2027-12-31')).toEqual(['2026-12-11']);
    expect(nextDates(three, '2026-12-11', 5)).toEqual([]);
    expect(occurrenceCount(three)).toBe(3);
    expect(lastDate(three)).toBe('2026-12-11');
  });

  it('stops at `until`, the day itself included', () => {
    const untilFriday = weekly(5, '2026-11-26', { until: '2026-12-11' });
    expect(occurrences(untilFriday, '2026-01-01', '2027-12-31')).toEqual(['2026-11-27', '2026-12-04', '2026-12-11']);
    expect(occurrenceCount(untilFriday)).toBe(3);
    expect(occurrenceCount(weekly(5, '2026-11-26', { until: '2026-12-10' }))).toBe(2);
    expect(occurrenceCount(weekly(5, '2026-11-26', { until: '2026-11-26' }))).toBe(0);
    expect(lastDate(weekly(5, '2026-11-26', { until: '2026-11-26' }))).toBeUndefined();
    expect(occurrenceCount(monthly(31, '2027-01-01', { until: '2027-12-30' }))).toBe(11);
  });

  it('counts one for a date, none at all for a repeat without an end', () => {
    expect(occurrenceCount({ kind: 'once', date: '2027-01-01' })).toBe(1);
    expect(occurrenceCount(weekly(1, '2027-01-01'))).toBe(Infinity);
    expect(lastDate(monthly(1, '2027-01-01'))).toBeUndefined();
  });

  it('a skip uses up one of the `times`: it does not give an extra one', () => {
    const three = monthly(1, '2027-01-01', { times: 3 });
    // The first skipped, the second paid: one left.
    expect(dueState(three, '2027-02-01', '2027-02-01')).toEqual({
      overdue: [],
      dueToday: undefined,
      next: '2027-03-01',
      ended: false,
    });
    expect(dueState(three, '2027-03-01', '2027-03-01')).toEqual({
      overdue: [],
      dueToday: undefined,
      next: undefined,
      ended: true,
    });
  });

  it('gives nothing for a range the wrong way round', () => {
    expect(occurrences(weekly(1, '2026-01-01'), '2026-12-31', '2026-01-01')).toEqual([]);
    expect(nextDates(weekly(1, '2026-01-01'), '2026-12-31', 0)).toEqual([]);
    expect(nextDates(weekly(1, '2026-01-01'), '2026-12-31', -1)).toEqual([]);
    // A repeat without an end is not asked for all of its dates.
    expect(nextDates(weekly(1, '2026-01-01'), '2026-12-31', Infinity)).toHaveLength(520);
  });
});

describe('what is due', () => {
  it('after the app was closed for weeks: the missed ones overdue, none sent, the next one ahead', () => {
    // Paid Monday 5 October, then closed until Thursday 26 November.
    expect(dueState(weekly(1, '2026-09-07'), '2026-10-05', '2026-11-26')).toEqual({
      overdue: ['2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'],
      dueToday: undefined,
      next: '2026-11-30',
      ended: false,
    });
    // All seven skipped yesterday, from the list: today's Monday is waiting.
    expect(dueState(weekly(1, '2026-09-07'), '2026-11-29', '2026-11-30')).toEqual({
      overdue: [],
      dueToday: '2026-11-30',
      next: '2026-12-07',
      ended: false,
    });
    // Never opened since it was set: every one from the first.
    expect(dueState(monthly(31, '2026-08-01'), undefined, '2026-11-30')).toEqual({
      overdue: ['2026-08-31', '2026-09-30', '2026-10-31'],
      dueToday: '2026-11-30',
      next: '2026-12-31',
      ended: false,
    });
  });

  it('waits on the due day, and leaves the list once handled', () => {
    const once = { kind: 'once', date: '2026-12-01' } as const;
    expect(dueState(once, undefined, '2026-11-30')).toEqual({
      overdue: [],
      dueToday: undefined,
      next: '2026-12-01',
      ended: false,
    });
    expect(dueState(once, undefined, '2026-12-01')).toMatchObject({ dueToday: '2026-12-01', next: undefined });
    expect(dueState(once, undefined, '2027-01-15')).toEqual({
      overdue: ['2026-12-01'],
      dueToday: undefined,
      next: undefined,
      ended: false,
    });
    expect(dueState(once, '2026-12-01', '2027-01-15')).toEqual({
      overdue: [],
      dueToday: undefined,
      next: undefined,
      ended: true,
    });
  });

  it('passes over one paid or skipped ahead of its day', () => {
    // Thursday 26 November: next Monday's paid now.
    expect(dueState(weekly(1, '2026-11-02'), '2026-11-30', '2026-11-26')).toEqual({
      overdue: [],
      dueToday: undefined,
      next: '2026-12-07',
      ended: false,
    });
    // Today's handled: not waiting any more.
    expect(dueState(weekly(4, '2026-11-02'), '2026-11-26', '2026-11-26')).toMatchObject({
      dueToday: undefined,
      next: '2026-12-03',
    });
  });

  it('agrees with the oracle: overdue, today and next around any handled date', () => {
    fc.assert(
      fc.property(
        scheduleAndDatesArb,
        fc.oneof(
          fc.constant(undefined),
          fc.integer({ min: -40, max: 10 }),
          fc.integer({ min: -1, max: 0 }),
          fc.constant('near' as const),
        ),
        ([schedule, today, near], handled) => {
          // Nothing handled; handled up to a few days before or after today, often yesterday or today; or up to a
          // date near a due date.
          const lastHandled = handled === 'near' ? near : handled === undefined ? undefined : shift(today, handled);
          const open = oracle(schedule, '2040-12-31').filter((date) => lastHandled === undefined || date > lastHandled);
          expect(dueState(schedule, lastHandled, today)).toEqual({
            overdue: open.filter((date) => date < today),
            dueToday: open.includes(today) ? today : undefined,
            next: open.find((date) => date > today),
            ended: open.length === 0,
          });
        },
      ),
    );
  });
});

describe('checking a schedule the customer sets', () => {
  const today = '2026-11-26';

  it('takes a date from today to a year ahead', () => {
    expect(checkSchedule({ kind: 'once', date: today }, today)).toEqual({ ok: true });
    expect(checkSchedule({ kind: 'once', date: '2027-11-26' }, today)).toEqual({ ok: true });
    expect(checkSchedule({ kind: 'once', date: '2027-11-27' }, today)).toEqual({
      ok: false,
      errors: { date: 'too_far' },
    });
    expect(checkSchedule({ kind: 'once', date: '2026-11-25' }, today)).toEqual({
      ok: false,
      errors: { date: 'in_the_past' },
    });
    expect(checkSchedule({ kind: 'once', date: '2029-02-28' }, '2028-02-29')).toEqual({ ok: true });
    expect(checkSchedule({ kind: 'once', date: '2029-03-01' }, '2028-02-29')).toMatchObject({
      errors: { date: 'too_far' },
    });
    expect(checkSchedule({ kind: 'once', date: '2027-02-29' }, today)).toMatchObject({
      errors: { date: 'invalid_date' },
    });
  });

  it("holds a repeat's start, end and count to the rules", () => {
    expect(checkSchedule(weekly(1, today, { times: 520 }), today)).toEqual({ ok: true });
    expect(checkSchedule(monthly(31, '2027-11-26', { until: '2040-01-01' }), today)).toEqual({ ok: true });
    expect(checkSchedule(weekly(1, '2026-11-01'), today)).toMatchObject({ errors: { start: 'in_the_past' } });
    expect(checkSchedule(weekly(1, '2027-11-27'), today)).toMatchObject({ errors: { start: 'too_far' } });
    expect(checkSchedule(weekly(1, '2026-12-01', { until: '2026-11-30' }), today)).toEqual({
      ok: false,
      errors: { until: 'until_before_start' },
    });
    expect(checkSchedule(weekly(1, '2026-12-01', { until: '2026-12-06' }), today)).toEqual({
      ok: false,
      errors: { until: 'no_dates' },
    });
    expect(checkSchedule(weekly(1, '2026-12-01', { until: '2026-12-07' }), today)).toEqual({ ok: true });
    expect(checkSchedule(weekly(1, today, { until: '2027-01-01', times: 3 }), today)).toEqual({
      ok: false,
      errors: { times: 'until_and_times' },
    });
    expect(checkSchedule(weekly(1, today, { times: 521 }), today)).toMatchObject({ errors: { times: 'out_of_range' } });
    expect(checkSchedule(monthly(1, today, { times: 121 }), today)).toMatchObject({
      errors: { times: 'out_of_range' },
    });
    expect(checkSchedule(monthly(32, today), today)).toMatchObject({ errors: { day: 'out_of_range' } });
    expect(checkSchedule(weekly(8 as 1, today), today)).toMatchObject({ errors: { weekday: 'out_of_range' } });
    expect(checkSchedule(monthly(1, today, { until: '2027-13-01' }), today)).toMatchObject({
      errors: { until: 'invalid_date' },
    });
  });
});

describe('ScheduleSchema', () => {
  it('takes each kind, strictly', () => {
    expect(ScheduleSchema.safeParse({ kind: 'once', date: '2028-02-29' }).success).toBe(true);
    expect(ScheduleSchema.safeParse({ kind: 'weekly', weekday: 7, start: '2027-01-01', times: 520 }).success).toBe(
      true,
    );
    expect(
      ScheduleSchema.safeParse({ kind: 'monthly', day: 31, start: '2027-01-01', until: '2028-01-01' }).success,
    ).toBe(true);
    expect(ScheduleSchema.safeParse({ kind: 'once', date: '2028-02-29', extra: 1 }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ kind: 'yearly', date: '2028-02-29' }).success).toBe(false);
  });

  it('refuses bad dates, ranges and both limits', () => {
    const bad = [
      { kind: 'once', date: '2027-02-29' },
      { kind: 'once', date: '2027-2-28' },
      { kind: 'weekly', weekday: 0, start: '2027-01-01' },
      { kind: 'weekly', weekday: 8, start: '2027-01-01' },
      { kind: 'weekly', weekday: 1.5, start: '2027-01-01' },
      { kind: 'weekly', weekday: 1, start: '2027-01-01', times: 521 },
      { kind: 'weekly', weekday: 1, start: '2027-01-01', times: 0 },
      { kind: 'monthly', day: 0, start: '2027-01-01' },
      { kind: 'monthly', day: 32, start: '2027-01-01' },
      { kind: 'monthly', day: 1, start: '2027-01-01', times: 121 },
      { kind: 'monthly', day: 1, start: '2027-01-01', until: '2027-04-31' },
      { kind: 'monthly', day: 1, start: '2027-01-01', until: '2028-01-01', times: 3 },
      { kind: 'weekly', weekday: 1, start: '2027-01-01', until: '2028-01-01', times: 3 },
    ];
    for (const input of bad) expect(ScheduleSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});

describe('properties', () => {
  it('occurrences are sorted, unique, inside the range, on the right day, and the ones the oracle finds', () => {
    fc.assert(
      fc.property(scheduleAndDatesArb, ([schedule, a, b]) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const dates = occurrences(schedule, from, to);
        for (let i = 1; i < dates.length; i++) expect(dates[i - 1]! < dates[i]!).toBe(true);
        for (const date of dates) {
          expect(date >= from && date <= to).toBe(true);
          const ymd = parse(date);
          if (schedule.kind === 'weekly') expect(weekdayByFormula(ymd)).toBe(schedule.weekday);
          if (schedule.kind === 'monthly') expect(ymd.d).toBe(Math.min(schedule.day, monthLength(ymd.y, ymd.m)));
          if (schedule.kind === 'once') expect(date).toBe(schedule.date);
        }
        expect(dates).toEqual(oracleBetween(schedule, from, to));
      }),
    );
  });

  it('occurrences over [a, c] are those over [a, b] and then (b, c]', () => {
    fc.assert(
      fc.property(scheduleAndDatesArb, ([schedule, ...dates]) => {
        const [a, b, c] = dates.sort();
        expect(occurrences(schedule, a, c)).toEqual([
          ...occurrences(schedule, a, b),
          ...occurrences(schedule, addDays(b, 1), c),
        ]);
      }),
    );
  });

  it('`times` is the total count, and occurrenceCount says so for `until` too', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        const all = occurrences(schedule, '2020-01-01', '2045-12-31');
        if (schedule.kind !== 'once' && schedule.times !== undefined) expect(all).toHaveLength(schedule.times);
        if (schedule.kind === 'once' || schedule.times !== undefined || schedule.until !== undefined) {
          expect(occurrenceCount(schedule)).toBe(all.length);
          expect(lastDate(schedule)).toBe(all.at(-1));
        }
      }),
    );
  });

  it('nextDates gives the first n occurrences after the day, as occurrences and the oracle do', () => {
    fc.assert(
      fc.property(scheduleAndDatesArb, fc.integer({ min: 0, max: 30 }), ([schedule, after], n) => {
        const next = nextDates(schedule, after, n);
        const expected = oracle(schedule, '2045-12-31')
          .filter((date) => date > after)
          .slice(0, n);
        expect(next).toEqual(expected);
        expect(next).toEqual(occurrences(schedule, addDays(after, 1), '2045-12-31').slice(0, n));
      }),
    );
  });

  it('a schedule the check takes comes due, first from today to a year and a month ahead', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: -5, max: 400 }), (schedule, daysBefore) => {
        // Set on a day up to 400 days before its date or start (or a few after): mostly ones the check takes.
        const today = shift(schedule.kind === 'once' ? schedule.date : schedule.start, -daysBefore);
        const check = checkSchedule(schedule, today);
        if (daysBefore < 0)
          expect(check).toMatchObject({
            ok: false,
            errors: { [schedule.kind === 'once' ? 'date' : 'start']: 'in_the_past' },
          });
        if (!check.ok) return;
        expect(ScheduleSchema.safeParse(schedule).success).toBe(true);
        const [first] = oracle(schedule, '2045-12-31');
        expect(first).toBeDefined();
        expect(first! >= today && first! <= shift(oneYearAfter(today), 31)).toBe(true);
      }),
    );
  });

  it('whatever the schema takes, the rules can read', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        expect(ScheduleSchema.parse(schedule)).toEqual(schedule);
      }),
    );
  });
});
