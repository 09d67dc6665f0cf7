/**
 * Time rules. The daily limit's day is the GMT day; the grant lasts 90 days from authorization. Every function
 * takes the instant as an argument: callers pass their injected clock's `now()`.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const GRANT_DAYS = 90;
export const GRANT_MS = GRANT_DAYS * DAY_MS;
/** Days before the grant's end at which the customer is reminded. */
export const GRANT_REMINDER_DAYS = [14, 7, 1] as const;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /**
   * Calls the listener whenever the clock is set or moved by hand (a test's or a tester's sandbox clock); the
   * returned function stops it. A clock that only follows the machine's time has none.
   */
  onMove?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Day names already written, by day number: a history of 100 000 payments names a few thousand days. */
const dayNames = new Map<number, string>();

/** `2026-11-22`: the GMT day an instant falls on. */
export function gmtDay(instant: number): string {
  const day = Math.floor(instant / DAY_MS);
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size < 100_000) dayNames.set(day, name);
  }
  return name;
}

/** The instant the GMT day after `instant` begins: when the daily limit resets. */
export function nextGmtMidnight(instant: number): number {
  return (Math.floor(instant / DAY_MS) + 1) * DAY_MS;
}

export function grantExpiry(authorizedAt: number): number {
  return authorizedAt + GRANT_MS;
}

/** The machine's time zone (an IANA name), read at each call: the customer's, unless a test sets `TZ`. */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
}

/** One formatter per time zone: the civil date's numbers, whatever the language. */
const civilDates = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day an instant falls on in a time zone, as a day number (days since 1 January 1970 of that calendar):
 * two instants are on the same day there when their numbers are equal, and on the next day when one more.
 */
export function calendarDay(instant: number, timeZone: string): number {
  let format = civilDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    if (civilDates.size < 1000) civilDates.set(timeZone, format);
  }
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of format.formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/**
 * Calendar days left in the customer's time zone: 0 on the grant's last day ("today"), 1 the day before
 * ("tomorrow"), N when it ends N days from today, whatever the time of day; 0 too once it has ended (grantHasEnded
 * tells which). Counting 24-hour periods said "tomorrow" at 08:00 on the last day (issue 42).
 */
export function grantDaysLeft(now: number, expiresAt: number, timeZone: string = localTimeZone()): number {
  if (grantHasEnded(now, expiresAt)) return 0;
  return Math.max(0, calendarDay(expiresAt, timeZone) - calendarDay(now, timeZone));
}

export function grantHasEnded(now: number, expiresAt: number): boolean {
  return now >= expiresAt;
}

/** The reminder due now (14, 7 or 1 days before the end), the closest one passed; undefined before the first. */
export function dueGrantReminder(now: number, expiresAt: number): (typeof GRANT_REMINDER_DAYS)[number] | undefined {
  if (grantHasEnded(now, expiresAt)) return undefined;
  const left = expiresAt - now;
  return [...GRANT_REMINDER_DAYS].reverse().find((days) => left <= days * DAY_MS);
}
