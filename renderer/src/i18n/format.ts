import { formatIsk } from '../../../common/isk-amount.ts';
import { localeTag as tag, type AppLocale } from '../../../common/locale.ts';

/**
 * Numbers, amounts, dates and times in the language in use: `192.500 kr.` and `23. nóv. 2026, 17:31` in Icelandic,
 * `ISK 192,500` and `23 Nov 2026, 17:31` in English.
 *
 * Through Intl where the engine has the language's locale data. Electron ships full ICU, but the app does not depend
 * on it: an engine built without a language's data (a trimmed ICU, small-icu) does not fail, it silently formats in
 * its own default, which put `ISK 192,500 af ISK 200,000` and `Nov 23, 2026, 5:31 PM` into Icelandic sentences. Where
 * `supportedLocalesOf` says the data is missing, the same formats are written here by hand (test/renderer/format.isolated.test.ts
 * runs every formatter both ways and expects the same text).
 */

/** What the engine's Intl answered, per language; asked again should Intl itself be another (a test's stand-in). */
let known: { intl: typeof Intl; speaks: Map<AppLocale, boolean> } | undefined;

/** Whether Intl can format, and pick plurals, in this language here. */
export function intlSpeaks(locale: AppLocale): boolean {
  if (known?.intl !== Intl) known = { intl: Intl, speaks: new Map() };
  let speaks = known.speaks.get(locale);
  if (speaks === undefined) {
    speaks = hasData(tag(locale));
    known.speaks.set(locale, speaks);
  }
  return speaks;
}

function hasData(wanted: string): boolean {
  try {
    return (
      Intl.NumberFormat.supportedLocalesOf([wanted]).length > 0 &&
      Intl.DateTimeFormat.supportedLocalesOf([wanted]).length > 0 &&
      Intl.PluralRules.supportedLocalesOf([wanted]).length > 0
    );
  } catch {
    return false;
  }
}

const NBSP = '\u00a0';
const GROUP: Record<AppLocale, string> = { is: '.', en: ',' };
/** Months' short names, the same in every engine, Intl or not (the spending table's months use them too). */
export const MONTHS_SHORT: Record<AppLocale, readonly string[]> = {
  is: ['jan.', 'feb.', 'mar.', 'apr.', 'maí', 'jún.', 'júl.', 'ágú.', 'sep.', 'okt.', 'nóv.', 'des.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
};
const MONTHS_LONG: Record<AppLocale, readonly string[]> = {
  is: [
    'janúar',
    'febrúar',
    'mars',
    'apríl',
    'maí',
    'júní',
    'júlí',
    'ágúst',
    'september',
    'október',
    'nóvember',
    'desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** A whole number grouped in thousands: 1.234.567 / 1,234,567 (a fraction is rounded: krónur have none). */
function grouped(value: number, locale: AppLocale): string {
  const digits = String(Math.round(Math.abs(value)));
  const sign = value < 0 && digits !== '0' ? '-' : '';
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[locale]);
}

const two = (n: number): string => String(n).padStart(2, '0');

/** 23. nóv. 2026 / 23 Nov 2026, or with the month's whole name. */
function day(date: Date, locale: AppLocale, months: Record<AppLocale, readonly string[]>): string {
  const month = months[locale][date.getMonth()] ?? '';
  const dayOfMonth = String(date.getDate());
  return locale === 'is'
    ? `${dayOfMonth}. ${month} ${String(date.getFullYear())}`
    : `${dayOfMonth} ${month} ${String(date.getFullYear())}`;
}

export function formatAmount(value: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) return formatIsk(value, locale);
  const number = grouped(value, locale);
  if (locale === 'is') return `${number}${NBSP}kr.`;
  return number.startsWith('-') ? `-ISK${NBSP}${number.slice(1)}` : `ISK${NBSP}${number}`;
}

export function formatNumber(value: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) return new Intl.NumberFormat(tag(locale)).format(value);
  return grouped(value, locale);
}

/** A date and time on the customer's own clock. */
export function formatDateTime(instant: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) {
    return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(instant);
  }
  const date = new Date(instant);
  return `${day(date, locale, MONTHS_SHORT)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

export function formatDate(instant: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) return new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long' }).format(instant);
  return day(new Date(instant), locale, MONTHS_LONG);
}

/** A time of day on the customer's own clock, to the second: when the app asks the bank next. */
export function formatTime(instant: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) {
    return new Intl.DateTimeFormat(tag(locale), { timeStyle: 'medium', hourCycle: 'h23' }).format(instant);
  }
  const date = new Date(instant);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** A time of day on the customer's own clock, to the minute: 12:55 (both languages, 24 hours). */
export function formatTimeOfDay(instant: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) {
    return new Intl.DateTimeFormat(tag(locale), { timeStyle: 'short', hourCycle: 'h23' }).format(instant);
  }
  const date = new Date(instant);
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Whether two instants fall on the same day of the customer's own calendar (a time alone says which day only then). */
export function sameDay(a: number, b: number): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/** A time in GMT, which says so: the daily limit's day is GMT, whatever the customer's clock. */
export function formatGmtTime(instant: number, locale: AppLocale): string {
  if (intlSpeaks(locale)) {
    const time = new Intl.DateTimeFormat(tag(locale), { timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' });
    return `${time.format(instant)} GMT`;
  }
  const date = new Date(instant);
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())} GMT`;
}

/**
 * The plural category a count's message takes: `1 greiðsla`, `21 greiðsla`, `11 greiðslur`, `2 greiðslur`;
 * `1 payment`, `21 payments`.
 */
export function pluralCategory(count: number, locale: AppLocale): 'one' | 'other' {
  if (intlSpeaks(locale)) return new Intl.PluralRules(tag(locale)).select(count) === 'one' ? 'one' : 'other';
  if (locale === 'en') return count === 1 ? 'one' : 'other';
  return Number.isInteger(count) && count % 10 === 1 && count % 100 !== 11 ? 'one' : 'other';
}

/** "3 h 12 min" / "3 klst. 12 mín.": how long until then, to the minute. */
export function formatDuration(ms: number, locale: AppLocale): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = locale === 'is' ? 'klst.' : 'h';
  const m = locale === 'is' ? 'mín.' : 'min';
  return hours > 0 ? `${hours} ${h} ${rest} ${m}` : `${rest} ${m}`;
}
