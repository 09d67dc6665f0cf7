import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, grantDaysLeft } from '../../common/time.ts';
import { addDays, civilDate, endAndClock } from '../support/calendar.ts';

describe('calendar days left of the grant (property)', () => {
  it('is N exactly when the end falls on the calendar day N days after today, in the customer’s zone', () => {
    fc.assert(
      fc.property(endAndClock, ({ end, now, zone }) => {
        const days = grantDaysLeft(now, end, zone);
        if (now >= end) {
          expect(days).toBe(0);
          return;
        }
        expect(addDays(civilDate(now, zone), days)).toBe(civilDate(end, zone));
        // "Today" only on the end's own day, "tomorrow" only on the day before it.
        expect(days === 0).toBe(civilDate(now, zone) === civilDate(end, zone));
        expect(days === 1).toBe(addDays(civilDate(now, zone), 1) === civilDate(end, zone));
      }),
      { numRuns: 500 },
    );
  });

  it('never counts more days than 24-hour periods rounded up, nor fewer than rounded down', () => {
    fc.assert(
      fc.property(endAndClock, ({ end, now, zone }) => {
        fc.pre(now < end);
        const days = grantDaysLeft(now, end, zone);
        // A calendar day is 23 to 25 hours long where clocks change, so allow the hour either way.
        expect(days).toBeLessThanOrEqual(Math.ceil((end - now + 3_600_000) / DAY_MS));
        expect(days).toBeGreaterThanOrEqual(Math.floor((end - now - 3_600_000) / DAY_MS));
      }),
      { numRuns: 300 },
    );
  });
});
