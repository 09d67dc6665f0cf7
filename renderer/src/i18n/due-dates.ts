import { localeTag, type AppLocale } from '../../../common/locale.ts';
import type { IsoDate, Weekday } from '../../../common/schedule.ts';
import { intlSpeaks, MONTHS_SHORT } from './format.ts';

/**
 * The dates of payments that come due (docs/DUE-PAYMENTS.md) in the customer's language: `Mon 7 Dec`, `mán., 7. des.`;
 * with the year when it is not this year's. A due date is a GMT calendar date, so it is formatted in UTC: the day never
 * moves with the computer's time zone. Through Intl where the engine has the language (format.ts), else written here
 * the same way (test/renderer/due.isolated.test.tsx reads both), so Icelandic names are right even without ICU.
 */

/** Weekdays 1 Monday ... 7 Sunday: a week starts on Monday. */
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

const WEEKDAY_SHORT: Record<AppLocale, readonly string[]> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  is: ['mán.', 'þri.', 'mið.', 'fim.', 'fös.', 'lau.', 'sun.'],
};
const WEEKDAY_LONG: Record<AppLocale, readonly string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  is: ['mánudagur', 'þriðjudagur', 'miðvikudagur', 'fimmtudagur', 'föstudagur', 'laugardagur', 'sunnudagur'],
};
/** "Every Friday": English says the day's name; Icelandic "alla föstudaga" (accusative plural). */
const WEEKDAY_EVERY: Record<AppLocale, readonly string[]> = {
  en: WEEKDAY_LONG.en,
  is: ['mánudaga', 'þriðjudaga', 'miðvikudaga', 'fimmtudaga', 'föstudaga', 'laugardaga', 'sunnudaga'],
};

const parts = (date: IsoDate) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});

const weekdayIndex = (date: IsoDate): number => {
  const { year, month, day } = parts(date);
  // getUTCDay: 0 Sunday ... 6 Saturday; the tables start on Monday.
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
};

/** The weekday's name, as a picker lists it: Monday / mánudagur. */
export const weekdayName = (weekday: Weekday, locale: AppLocale): string => WEEKDAY_LONG[locale][weekday - 1] ?? '';

/** The weekday as "every ..." takes it: Friday / föstudaga. */
export const weekdayEvery = (weekday: Weekday, locale: AppLocale): string => WEEKDAY_EVERY[locale][weekday - 1] ?? '';

/** A day of the month as an ordinal: 1st, 2nd, 3rd, 11th, 21st, 31st / 1., 31. */
export function ordinal(day: number, locale: AppLocale): string {
  if (locale === 'is') return `${String(day)}.`;
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : day % 10 === 1 ? 'st' : day % 10 === 2 ? 'nd' : day % 10 === 3 ? 'rd' : 'th';
  return `${String(day)}${suffix}`;
}

/**
 * A due date: `Mon 7 Dec` / `mán., 7. des.`, without the weekday `7 Dec` / `7. des.`, and with the year when
 * `thisYear` is another (`Fri, 1 Jan 2027` / `fös., 1. jan. 2027`).
 */
export function formatDueDate(
  date: IsoDate,
  locale: AppLocale,
  { weekday = true, today }: { weekday?: boolean; today?: IsoDate } = {},
): string {
  const { year, month, day } = parts(date);
  const withYear = today === undefined || today.slice(0, 4) !== date.slice(0, 4);
  if (intlSpeaks(locale)) {
    return new Intl.DateTimeFormat(localeTag(locale), {
      ...(weekday ? { weekday: 'short' } : {}),
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(Date.UTC(year, month - 1, day));
  }
  const monthName = MONTHS_SHORT[locale][month - 1] ?? '';
  const dayMonth = locale === 'is' ? `${String(day)}. ${monthName}` : `${String(day)} ${monthName}`;
  const dated = withYear ? `${dayMonth} ${String(year)}` : dayMonth;
  if (!weekday) return dated;
  const name = WEEKDAY_SHORT[locale][weekdayIndex(date)] ?? '';
  // As Intl writes them: Icelandic always puts a comma after the weekday, English only before a year.
  return locale === 'is' || withYear ? `${name}, ${dated}` : `${name} ${dated}`;
}

/** Dates in a row, apart by semicolons (a date may hold a comma): `Mon 30 Nov; Thu 31 Dec; Sun, 31 Jan 2027`. */
export const formatDueDates = (dates: readonly IsoDate[], locale: AppLocale, today?: IsoDate): string =>
  dates.map((date) => formatDueDate(date, locale, today === undefined ? {} : { today })).join('; ');
