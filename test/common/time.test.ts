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

  it('counts whole days left, rounding up', () => {
    expect(grantDaysLeft(start, end)).toBe(90);
    expect(grantDaysLeft(end - 1, end)).toBe(1);
    expect(grantDaysLeft(end, end)).toBe(0);
    expect(grantDaysLeft(end + DAY_MS, end)).toBe(0);
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
