import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  dueGrantReminder,
  gmtDay,
  grantDaysLeft,
  grantExpiry,
  grantHasEnded,
  nextGmtMidnight,
} from '../../common/time.ts';

const at = (iso: string) => Date.parse(iso);

describe('GMT day', () => {
  it('is the UTC calendar day, whatever the local zone', () => {
    expect(gmtDay(at('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(gmtDay(at('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(gmtDay(at('2026-11-23T00:30:00+01:00'))).toBe('2026-11-22');
  });

  it('resets at the next GMT midnight', () => {
    expect(nextGmtMidnight(at('2026-11-22T20:48:00Z'))).toBe(at('2026-11-23T00:00:00Z'));
    expect(nextGmtMidnight(at('2026-11-23T00:00:00Z'))).toBe(at('2026-11-24T00:00:00Z'));
  });
});

describe('the 90-day grant', () => {
  const start = at('2026-01-01T10:00:00Z');
  const end = grantExpiry(start);

  it('ends exactly 90 days after authorization', () => {
    expect(end).toBe(at('2026-04-01T10:00:00Z'));
    expect(grantHasEnded(end - 1, end)).toBe(false);
    expect(grantHasEnded(end, end)).toBe(true);
  });

  it('counts calendar days left in the customer’s time zone, not 24-hour periods', () => {
    expect(grantDaysLeft(start, end, 'Atlantic/Reykjavik')).toBe(90);
    // The last day (the end at 10:00): "today" from its first moment to its last, not "tomorrow".
    expect(grantDaysLeft(at('2026-04-01T00:00:00Z'), end, 'Atlantic/Reykjavik')).toBe(0);
    expect(grantDaysLeft(end - 1, end, 'Atlantic/Reykjavik')).toBe(0);
    // The evening before, 12 hours to go: tomorrow. 12 days 3 hours before: 12 days, not 13.
    expect(grantDaysLeft(at('2026-03-31T22:00:00Z'), end, 'Atlantic/Reykjavik')).toBe(1);
    expect(grantDaysLeft(end - 12 * DAY_MS - 3 * 3_600_000, end, 'Atlantic/Reykjavik')).toBe(12);
    // The same instants in another zone: 22:00 GMT is already 1 April in Auckland.
    expect(grantDaysLeft(at('2026-03-31T22:00:00Z'), end, 'Pacific/Auckland')).toBe(0);
    expect(grantDaysLeft(end, end, 'Atlantic/Reykjavik')).toBe(0);
    expect(grantDaysLeft(end + DAY_MS, end, 'Atlantic/Reykjavik')).toBe(0);
  });

  it('reminds at 14, 7 and 1 days before the end', () => {
    expect(dueGrantReminder(end - 14 * DAY_MS - 1, end)).toBeUndefined();
    expect(dueGrantReminder(end - 14 * DAY_MS, end)).toBe(14);
    expect(dueGrantReminder(end - 7 * DAY_MS - 1, end)).toBe(14);
    expect(dueGrantReminder(end - 7 * DAY_MS, end)).toBe(7);
    expect(dueGrantReminder(end - DAY_MS, end)).toBe(1);
    expect(dueGrantReminder(end, end)).toBeUndefined();
  });
});
