import { describe, expect, it } from 'vitest';
import { formatDueDate } from '../../renderer/src/i18n/due-dates.ts';
import { MONTHS_SHORT } from '../../renderer/src/i18n/format.ts';

/**
 * The app's month names and due dates, with the platform's Intl (format.isolated.test.ts holds amounts, numbers,
 * dates and times with and without the engine's Icelandic, which Electron's Chromium leaves out).
 */
describe('formats', () => {
  it.each(['is', 'en'] as const)('names the months in %s as a date does', (locale) => {
    const intl = new Intl.DateTimeFormat(locale === 'is' ? 'is-IS' : 'en-GB', { month: 'short', timeZone: 'UTC' });
    expect(MONTHS_SHORT[locale]).toEqual(Array.from({ length: 12 }, (_, month) => intl.format(Date.UTC(2026, month))));
  });

  it('writes due dates with the weekday, and without', () => {
    const dates = ['2026-11-30', '2026-12-07'] as const;
    const shown = (locale: 'is' | 'en') =>
      dates.flatMap((date) => [
        formatDueDate(date, locale, { today: '2026-11-22' }),
        formatDueDate(date, locale, { weekday: false, today: '2026-11-22' }),
      ]);
    expect(shown('is')).toEqual(['mán., 30. nóv.', '30. nóv.', 'mán., 7. des.', '7. des.']);
    expect(shown('en')).toEqual(['Mon 30 Nov', '30 Nov', 'Mon 7 Dec', '7 Dec']);
    expect(formatDueDate('2027-01-31', 'is', { today: '2026-11-22' })).toBe('sun., 31. jan. 2027');
  });
});
