import fc from 'fast-check';
import { DAY_MS, GRANT_MS } from '../../common/time.ts';

/** Calendar helpers for tests of "today", "tomorrow" and "in N days" (issue 42), independent of common/time.ts. */

/** Zones with whole, half and quarter hours, summer time north and south, and both sides of the date line. */
export const ZONES = [
  'Atlantic/Reykjavik',
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

/** The calendar date an instant falls on in a zone, as the zone's own clock shows it: `2026-04-01`. */
export function civilDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** The calendar date `days` after a date: counted on the calendar, never in hours. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A grant ending between 2020 and 2040, and a moment in its 90 days (or a little after it). */
export const endAndClock = fc
  .record({
    end: fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
    before: fc.oneof(
      fc.integer({ min: -2 * DAY_MS, max: GRANT_MS }),
      // The last three days, where "today" and "tomorrow" are said, to the millisecond.
      fc.integer({ min: 0, max: 3 * DAY_MS }),
    ),
    zone: fc.constantFrom(...ZONES),
  })
  .map(({ end, before, zone }) => ({ end, now: end - before, zone }));
