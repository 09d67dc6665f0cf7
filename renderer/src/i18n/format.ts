import { formatIsk } from '../../../common/isk-amount.ts';
import { localeTag as tag, type AppLocale } from '../../../common/locale.ts';

/**
 * Numbers, amounts, dates and times in the language in use: `192.500 kr.` and `23. nóv. 2026, 17:31` in Icelandic,
 * `ISK 192,500` and `23 Nov 2026, 17:31` in English. All through the platform's Intl: Electron and official Node builds
 * carry full ICU data.
 */

/** Months' short names, as Intl writes them in a date (the spending table's months use them). */
export const MONTHS_SHORT: Record<AppLocale, readonly string[]> = {
  is: ['jan.', 'feb.', 'mar.', 'apr.', 'maí', 'jún.', 'júl.', 'ágú.', 'sep.', 'okt.', 'nóv.', 'des.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
};

export const formatAmount = (value: number, locale: AppLocale): string => formatIsk(value, locale);

export const formatNumber = (value: number, locale: AppLocale): string =>
  new Intl.NumberFormat(tag(locale)).format(value);

/** A date and time on the customer's own clock. */
export const formatDateTime = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(instant);

export const formatDate = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long' }).format(instant);

/** A time of day on the customer's own clock, to the second: when the app asks the bank next. */
export const formatTime = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { timeStyle: 'medium', hourCycle: 'h23' }).format(instant);

/** A time of day on the customer's own clock, to the minute: 12:55 (both languages, 24 hours). */
export const formatTimeOfDay = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { timeStyle: 'short', hourCycle: 'h23' }).format(instant);

/** Whether two instants fall on the same day of the customer's own calendar (a time alone says which day only then). */
export function sameDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/** A time in GMT, which says so: the daily limit's day is GMT, whatever the customer's clock. */
export function formatGmtTime(instant: number, locale: AppLocale): string {
  const time = new Intl.DateTimeFormat(tag(locale), { timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });
  return `${time.format(instant)} GMT`;
}

/**
 * The plural category a count's message takes, for the messages that are a `.one`/`.other` pair: `1 greiðsla`,
 * `21 greiðsla`, `11 greiðslur`, `2 greiðslur`; `1 payment`, `21 payments`. A message of its own says this in ICU
 * (`{count, plural, ...}`, i18n/index.ts).
 */
export const pluralCategory = (count: number, locale: AppLocale): 'one' | 'other' =>
  new Intl.PluralRules(tag(locale)).select(count) === 'one' ? 'one' : 'other';

/** "3 h 12 min" / "3 klst. 12 mín.": how long until then, to the minute. */
export function formatDuration(ms: number, locale: AppLocale): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = locale === 'is' ? 'klst.' : 'h';
  const m = locale === 'is' ? 'mín.' : 'min';
  return hours > 0 ? `${hours} ${h} ${rest} ${m}` : `${rest} ${m}`;
}
