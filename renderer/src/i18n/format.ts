import { formatIsk } from '../../../common/isk-amount.ts';
import { localeTag as tag, type AppLocale } from '../../../common/locale.ts';

/** Numbers, amounts, dates and times through Intl, in the language in use. */

export const formatAmount = (value: number, locale: AppLocale): string => formatIsk(value, locale);

export const formatNumber = (value: number, locale: AppLocale): string =>
  new Intl.NumberFormat(tag(locale)).format(value);

/** A date and time on the customer's own clock. */
export const formatDateTime = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(instant);

export const formatDate = (instant: number, locale: AppLocale): string =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: 'long' }).format(instant);

/** A time in GMT, which says so: the daily limit's day is GMT, whatever the customer's clock. */
export const formatGmtTime = (instant: number, locale: AppLocale): string =>
  `${new Intl.DateTimeFormat(tag(locale), { timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(instant)} GMT`;

/** "3 h 12 min" / "3 klst. 12 mín.": how long until then, to the minute. */
export function formatDuration(ms: number, locale: AppLocale): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = locale === 'is' ? 'klst.' : 'h';
  const m = locale === 'is' ? 'mín.' : 'min';
  return hours > 0 ? `${hours} ${h} ${rest} ${m}` : `${rest} ${m}`;
}
