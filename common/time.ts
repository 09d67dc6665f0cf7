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

/** Whole days left, rounded up: 1 until the last moment, 0 once it has ended. */
export function grantDaysLeft(now: number, expiresAt: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / DAY_MS));
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
