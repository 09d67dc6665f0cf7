import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlWithout } from './intl-without.ts';
import type { AppLocale } from '../../common/locale.ts';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatGmtTime,
  formatNumber,
  intlSpeaks,
  pluralCategory,
} from '../../renderer/src/i18n/format.ts';
import { translate } from '../../renderer/src/i18n/index.ts';

const withoutIcelandic = (): void => {
  vi.stubGlobal('Intl', intlWithout('is'));
};
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** 23 November 2026, 17:31 on the machine's own clock, as the history shows a payment's time. */
const EVENING = new Date(2026, 10, 23, 17, 31).getTime();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['with', (): void => undefined],
  ['without', withoutIcelandic],
] as const)('Icelandic formats %s ICU data for is', (_with, setUp) => {
  it('writes krónur, numbers, dates and times the Icelandic way', () => {
    setUp();
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

  it('leaves English as it was', () => {
    setUp();
    expect(plain(formatAmount(192_500, 'en'))).toBe('ISK 192,500');
    expect(formatDateTime(EVENING, 'en')).toBe('23 Nov 2026, 17:31');
    expect(formatDate(EVENING, 'en')).toBe('23 November 2026');
    expect(pluralCategory(21, 'en')).toBe('other');
  });
});

describe('the stand-in for an engine without Icelandic data', () => {
  it('is one: Intl alone would put US formats into Icelandic text', () => {
    withoutIcelandic();
    expect(intlSpeaks('is')).toBe(false);
    expect(intlSpeaks('en')).toBe(true);
    const intl = new Intl.NumberFormat('is-IS', { style: 'currency', currency: 'ISK', maximumFractionDigits: 0 });
    expect(plain(intl.format(192_500))).toBe('ISK 192,500');
    expect(new Intl.DateTimeFormat('is-IS', { dateStyle: 'medium', timeStyle: 'short' }).format(EVENING)).toBe(
      'Nov 23, 2026, 5:31 PM',
    );
  });
});

describe('the formats written by hand are ICU’s, to the character', () => {
  const amounts = [0, 7, 999, 1_000, 1_500, 12_345, 192_500, 200_000, 1_000_000, 123_456_789, -1_500];
  const instants = Array.from({ length: 12 }, (_, month) => [
    new Date(2026, month, 1, 0, 0).getTime(),
    new Date(2027, month, 28, 9, 5).getTime(),
    new Date(2026, month, 15, 23, 59).getTime(),
  ]).flat();
  const counts = Array.from({ length: 250 }, (_, count) => count);

  function everything(locale: AppLocale) {
    return {
      amounts: amounts.map((value) => formatAmount(value, locale)),
      numbers: amounts.map((value) => formatNumber(value, locale)),
      dateTimes: instants.map((instant) => formatDateTime(instant, locale)),
      dates: instants.map((instant) => formatDate(instant, locale)),
      gmt: instants.map((instant) => formatGmtTime(instant, locale)),
      plurals: counts.map((count) => pluralCategory(count, locale)),
    };
  }

  it.each(['is', 'en'] as const)('%s', (locale) => {
    expect(intlSpeaks(locale)).toBe(true);
    const withIcu = everything(locale);
    vi.stubGlobal('Intl', intlWithout(locale));
    expect(intlSpeaks(locale)).toBe(false);
    expect(everything(locale)).toEqual(withIcu);
  });
});

/**
 * Chromium's ICU data, and so Electron's window, leaves Icelandic out (`Intl.NumberFormat.supportedLocalesOf(['is'])`
 * is empty there): a message's own count (`#`) is written as the window writes numbers, not by that engine's Intl.
 */
describe('a counted message without ICU data for is', () => {
  it('writes its count the Icelandic way, and picks the Icelandic form', () => {
    withoutIcelandic();
    expect(intlSpeaks('is')).toBe(false);
    expect(plain(translate('is', 'lock.settings.minutes', { count: 1_000 }))).toBe('1.000 mínútur');
    expect(plain(translate('is', 'lock.settings.minutes', { count: 21 }))).toBe('21 mínútu');
    expect(plain(translate('is', 'lock.settings.minutes', { count: 11 }))).toBe('11 mínútur');
  });
});
