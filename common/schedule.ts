/**
 * The date rules of payments that come due (issue 29): a payment given a date, or a repeat every week on a weekday
 * or every month on a day of the month. Pure: no clock, no storage, no Node APIs; every function takes the day it
 * is asked about (`today`, the caller's clock's `gmtDay(now())`).
 *
 * A date is a GMT calendar date, `YYYY-MM-DD`, the day of the daily limit (common/time.ts): Iceland keeps GMT all
 * year, so the customer's calendar day and the GMT day are one. Dates are compared as strings (the format sorts) and
 * counted with `Date.UTC` only, never with a local time zone. A week starts on Monday: weekday 1 is Monday, 7 Sunday.
 *
 * The rules in plain words, and what is built on them, are in docs/DUE-PAYMENTS.md.
 */
import { DAY_MS, gmtDay } from './time.ts';

/** A GMT calendar date, `2026-11-26`. */
export type IsoDate = string;

/** Weekday numbers: 1 Monday ... 7 Sunday (ISO 8601). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A repeat's most occurrences: ten years either way. */
export const MAX_WEEKLY_TIMES = 520;
export const MAX_MONTHLY_TIMES = 120;

/**
 * When a payment comes due.
 *
 * - `once`: on `date`.
 * - `weekly`: every week on `weekday` (1 Monday ... 7 Sunday), the first on or after `start`.
 * - `monthly`: every month on day `day`, the first on or after `start`. In a month shorter than `day` (29, 30 or 31)
 *   it falls on that month's last day: `day: 31` is Jan 31, Feb 28 (29 in a leap year), Mar 31, Apr 30, ...; the
 *   short month does not change the day of the months after it.
 *
 * A repeat ends after `times` occurrences (counted from `start`, skipped ones included), or with the last one on or
 * before `until`, or never; not both.
 */
export type Schedule =
  | { kind: 'once'; date: IsoDate }
  | { kind: 'weekly'; weekday: Weekday; start: IsoDate; until?: IsoDate; times?: number }
  | { kind: 'monthly'; day: number; start: IsoDate; until?: IsoDate; times?: number };

// ---------------------------------------------------------------------------------------------------------------
// Day arithmetic. A date's day number is its days since 1970-01-01; a month index is year * 12 + (month - 1).

const DATE_PATTERN = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;

/** The day number of a date, or NaN when it is not one (`2027-02-29`, `2026-13-01`, `0999-01-01`). */
function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) return NaN;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
  // Date.UTC rolls Feb 30 over into March: only a date that comes back the same is one.
  return gmtDay(day * DAY_MS) === date ? day : NaN;
}

const dateOf = (day: number): IsoDate => gmtDay(day * DAY_MS);

/** A real calendar date written `YYYY-MM-DD`, years 1000 to 9999. */
export const isDate = (value: string): boolean => !Number.isNaN(dayNumber(value));

/** `date` moved by `days` (negative for earlier). */
export const addDays = (date: IsoDate, days: number): IsoDate => dateOf(dayNumber(date) + days);

/** The weekday of a date: 1 Monday ... 7 Sunday. */
export function weekdayOf(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday (4).
  return (((((dayNumber(date) + 3) % 7) + 7) % 7) + 1) as Weekday;
}

/** Days in a month, month 1-12: February has 29 in a leap year. */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const monthIndexOf = (date: IsoDate): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** Day `day` of the month at `monthIndex`, or the month's last day when it is shorter. */
function monthlyDate(monthIndex: number, day: number): IsoDate {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return dateOf(Date.UTC(year, month - 1, Math.min(day, daysInMonth(year, month))) / DAY_MS);
}

/** The same day a year later; Feb 29 becomes Feb 28. */
export function oneYearAfter(date: IsoDate): IsoDate {
  return monthlyDate(monthIndexOf(date) + 12, Number(date.slice(8, 10)));
}

// ---------------------------------------------------------------------------------------------------------------
// Occurrences. A schedule's occurrences are numbered 0, 1, 2, ... from its first, before any limit. The functions
// take a schedule the schema took (or `checkSchedule` found no `invalid_date` in): a date that is not one throws.

/** Occurrence `n`'s date, before `times` and `until` are applied. */
function nth(schedule: Schedule, n: number): IsoDate {
  switch (schedule.kind) {
    case 'once':
      return schedule.date;
    case 'weekly': {
      const start = dayNumber(schedule.start);
      return dateOf(start + ((schedule.weekday - weekdayOf(schedule.start) + 7) % 7) + 7 * n);
    }
    case 'monthly':
      return monthlyDate(firstMonth(schedule) + n, schedule.day);
  }
}

/** The month index of a monthly repeat's first occurrence: `start`'s month, or the next when its day has passed. */
function firstMonth(schedule: Extract<Schedule, { kind: 'monthly' }>): number {
  const month = monthIndexOf(schedule.start);
  return monthlyDate(month, schedule.day) < schedule.start ? month + 1 : month;
}

/** The number of the first occurrence on or after `date` (before limits): 0 when `date` is before the first. */
function firstIndexFrom(schedule: Schedule, date: IsoDate): number {
  switch (schedule.kind) {
    case 'once':
      return schedule.date < date ? 1 : 0;
    case 'weekly': {
      const days = dayNumber(date) - dayNumber(nth(schedule, 0));
      return Math.max(0, Math.ceil(days / 7));
    }
    case 'monthly': {
      const n = Math.max(0, monthIndexOf(date) - firstMonth(schedule));
      return nth(schedule, n) < date ? n + 1 : n;
    }
  }
}

/** Whether occurrence `n` on `date` is inside the schedule's limits. */
function withinLimits(schedule: Schedule, n: number, date: IsoDate): boolean {
  if (schedule.kind === 'once') return n === 0;
  if (schedule.times !== undefined && n >= schedule.times) return false;
  return schedule.until === undefined || date <= schedule.until;
}

/**
 * Up to `max` occurrences on or after `from` (from the first when undefined) and on or before `to` (when given), in
 * order.
 */
function collect(schedule: Schedule, from: IsoDate | undefined, to: IsoDate | undefined, max: number): IsoDate[] {
  const dates: IsoDate[] = [];
  if (from !== undefined && !isDate(from)) return dates;
  if (to !== undefined && (!isDate(to) || (from !== undefined && to < from))) return dates;
  for (let n = from === undefined ? 0 : firstIndexFrom(schedule, from); dates.length < max; n++) {
    const date = nth(schedule, n);
    if ((to !== undefined && date > to) || !withinLimits(schedule, n, date)) break;
    dates.push(date);
  }
  return dates;
}

/** The due dates from `fromDate` to `toDate`, both included, in order; none when `toDate` is before `fromDate`. */
export function occurrences(schedule: Schedule, fromDate: IsoDate, toDate: IsoDate): IsoDate[] {
  return collect(schedule, fromDate, toDate, Infinity);
}

/** The most dates `nextDates` gives: ten years of a weekly repeat. */
export const MAX_NEXT_DATES = MAX_WEEKLY_TIMES;

/**
 * The first `n` due dates after `afterDate` (not on it), in order: fewer when the schedule ends first. `n` is held
 * to 0..MAX_NEXT_DATES, so a repeat without an end cannot be asked for all of its dates.
 */
export function nextDates(schedule: Schedule, afterDate: IsoDate, n: number): IsoDate[] {
  const count = Number.isNaN(n) ? 0 : Math.min(Math.max(0, Math.floor(n)), MAX_NEXT_DATES);
  return collect(schedule, addDays(afterDate, 1), undefined, count);
}

/**
 * How many times the payment comes due in all: 1 for `once`, `times` when given, the occurrences up to `until` when
 * given (0 when `until` comes before the first), Infinity for a repeat without an end.
 */
export function occurrenceCount(schedule: Schedule): number {
  if (schedule.kind === 'once') return 1;
  if (schedule.times !== undefined) return schedule.times;
  if (schedule.until === undefined) return Infinity;
  return schedule.until < nth(schedule, 0) ? 0 : firstIndexFrom(schedule, addDays(schedule.until, 1));
}

/** The last due date, or undefined for a repeat without an end (or an `until` before the first). */
export function lastDate(schedule: Schedule): IsoDate | undefined {
  const count = occurrenceCount(schedule);
  return count === Infinity || count === 0 ? undefined : nth(schedule, count - 1);
}

// ---------------------------------------------------------------------------------------------------------------
// What is due.

/**
 * What the Due list shows of one scheduled payment on `today`.
 *
 * Nothing here is sent by itself: a due or overdue occurrence waits for the customer to pay it now, skip it, change
 * the payment or stop it.
 */
export interface DueState {
  /**
   * Occurrences before today that are not handled, oldest first: the app was closed (or the customer did nothing) on
   * their day. Shown as overdue; never sent late by the app.
   */
  overdue: IsoDate[];
  /** Today, when an occurrence falls on it and is not handled: the payment is waiting. */
  dueToday: IsoDate | undefined;
  /** The first occurrence after today that is not handled (one paid or skipped early is passed over). */
  next: IsoDate | undefined;
  /** Every occurrence is handled, or the schedule has none left: the payment can leave the Due list. */
  ended: boolean;
}

/**
 * Which occurrences are overdue, due today and next, given `lastHandled`: the date up to which (inclusive) every
 * occurrence is handled, paid, skipped or stopped. Handling is in date order: paying or skipping an occurrence
 * handles every earlier one too, so one date is all the record a payment keeps. `lastHandled` may be after today
 * (the next one paid now, or skipped ahead of its day). Undefined: nothing handled yet.
 */
export function dueState(schedule: Schedule, lastHandled: IsoDate | undefined, today: IsoDate): DueState {
  const open = lastHandled === undefined ? undefined : addDays(lastHandled, 1);
  const yesterday = addDays(today, -1);
  const tomorrow = addDays(today, 1);
  const overdue = open === undefined || open <= yesterday ? collect(schedule, open, yesterday, Infinity) : [];
  const dueToday = (open === undefined || open <= today) && collect(schedule, today, today, 1).length > 0;
  const next = collect(schedule, open !== undefined && open > tomorrow ? open : tomorrow, undefined, 1)[0];
  return {
    overdue,
    dueToday: dueToday ? today : undefined,
    next,
    ended: collect(schedule, open, undefined, 1).length === 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Checks. The schema holds a stored or sent schedule to its shape; `checkSchedule` holds a new or changed one to the
// dates the customer may choose on `today`.

export type ScheduleError =
  /** Not a calendar date. */
  | 'invalid_date'
  /** Out of its range: weekday 1-7, day 1-31, times 1-520 (weekly) or 1-120 (monthly). */
  | 'out_of_range'
  /** Before today. */
  | 'in_the_past'
  /** More than a year after today. */
  | 'too_far'
  | 'until_before_start'
  /** `until` comes before the first occurrence: the repeat would never come due. */
  | 'no_dates'
  /** Both `until` and `times`. */
  | 'until_and_times';

export type ScheduleCheck = { ok: true } | { ok: false; errors: Partial<Record<string, ScheduleError>> };

const between = (value: number, min: number, max: number): boolean =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * Checks a schedule the customer sets or changes on `today`, one error per field (`date`, `start`, `until`,
 * `times`, `weekday`, `day`): the date, or a repeat's start, from today to a year after it (a year after Feb 29 is
 * Feb 28). A repeat's `until` may be further: a repeat may run for years. A change is checked as a new schedule, its
 * start from today on. The schedule is one the schema took, or a form's draft typed the same: this says which field
 * is wrong in words the form can show, the schema only that the shape is.
 */
export function checkSchedule(schedule: Schedule, today: IsoDate): ScheduleCheck {
  const errors: Partial<Record<string, ScheduleError>> = {};
  const latest = oneYearAfter(today);
  const checkDay = (field: string, date: IsoDate) => {
    if (!isDate(date)) errors[field] = 'invalid_date';
    else if (date < today) errors[field] = 'in_the_past';
    else if (date > latest) errors[field] = 'too_far';
  };
  if (schedule.kind === 'once') {
    checkDay('date', schedule.date);
  } else {
    checkDay('start', schedule.start);
    if (schedule.kind === 'weekly' && !between(schedule.weekday, 1, 7)) errors.weekday = 'out_of_range';
    if (schedule.kind === 'monthly' && !between(schedule.day, 1, 31)) errors.day = 'out_of_range';
    const { until, times } = schedule;
    if (times !== undefined && !between(times, 1, schedule.kind === 'weekly' ? MAX_WEEKLY_TIMES : MAX_MONTHLY_TIMES))
      errors.times = 'out_of_range';
    else if (times !== undefined && until !== undefined) errors.times = 'until_and_times';
    if (until !== undefined) {
      if (!isDate(until)) errors.until = 'invalid_date';
      else if (isDate(schedule.start) && until < schedule.start) errors.until = 'until_before_start';
      else if (!errors.start && !errors.weekday && !errors.day && occurrenceCount(schedule) === 0)
        errors.until = 'no_dates';
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}
