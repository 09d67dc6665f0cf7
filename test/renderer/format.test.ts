import { describe, expect, it } from 'vitest';
import { formatDueDate } from '../../renderer/src/i18n/due-dates.ts';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatGmtTime,
  formatNumber,
  MONTHS_SHORT,
  pluralCategory,
} from '../../renderer/src/i18n/format.ts';

/**
 * The app's numbers, amounts, dates and times, through the platform's Intl (Electron and official Node carry full
 * ICU data; issue 43 removed the formats written by hand for engines without it).
 */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** 23 November 2026, 17:31 on the machine's own clock, as the history shows a payment's time. */
const EVENING = new Date(2026, 10, 23, 17, 31).getTime();

describe('formats', () => {
  it('writes krónur, numbers, dates and times the Icelandic way', () => {
    expect(plain(formatAmount(192_500, 'is'))).toBe('192.500 kr.');
    expect(plain(formatAmount(200_000, 'is'))).toBe('200.000 kr.');
    expect(plain(formatAmount(0, 'is'))).toBe('0 kr.');
    expect(formatNumber(10_000, 'is')).toBe('10.000');
    expect(formatDateTime(EVENING, 'is')).toBe('23. nóv. 2026, 17:31');
    expect(formatDate(EVENING, 'is')).toBe('23. nóvember 2026');
    expect(formatGmtTime(Date.parse('2026-11-24T00:00:00Z'), 'is')).toBe('00:00 GMT');
    expect([1, 21, 11, 2, 0].map((count) => pluralCategory(count, 'is'))).toEqual([
      'one',
      'one',
      'other',
      'other',
      'other',
    ]);
  });

  it('writes English the British way', () => {
    expect(plain(formatAmount(192_500, 'en'))).toBe('ISK 192,500');
    expect(formatDateTime(EVENING, 'en')).toBe('23 Nov 2026, 17:31');
    expect(formatDate(EVENING, 'en')).toBe('23 November 2026');
    expect(pluralCategory(21, 'en')).toBe('other');
  });

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
