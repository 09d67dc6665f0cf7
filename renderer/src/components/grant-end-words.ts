import type { AppLocale } from '../../../common/locale.ts';
import type { Translate } from '../i18n/index.ts';
import { formatDate, formatTimeOfDay } from '../i18n/format.ts';

/**
 * How the banner, the last day's dialog and Settings word the grant's end (issue 42): `daysLeft` is main's count of
 * calendar days in the customer's time zone (common/time.ts grantDaysLeft), so "today" is the end's own day and
 * "tomorrow" the day before it, whatever the hour. On those two days the time of day is said too (the customer
 * plans to renew before it); every sentence names the date.
 */
export function grantEndWords(
  t: Translate,
  locale: AppLocale,
  daysLeft: number,
  grantEnd: number,
): { sentence: string; title: string } {
  const date = formatDate(grantEnd, locale);
  const time = formatTimeOfDay(grantEnd, locale);
  if (daysLeft <= 0) {
    return { sentence: t('grant.endsToday', { date, time }), title: t('grant.dialogTitleToday', { time }) };
  }
  if (daysLeft === 1) {
    return { sentence: t('grant.endsTomorrow', { date, time }), title: t('grant.dialogTitleTomorrow', { time }) };
  }
  return { sentence: t('grant.endsInDays', { date, days: daysLeft }), title: t('grant.dialogTitle', { date }) };
}
