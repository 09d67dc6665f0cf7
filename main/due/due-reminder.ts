import type { DueItem } from '../../common/due-payment.ts';
import { formatIsk } from '../../common/isk-amount.ts';
import type { AppLocale } from '../../common/locale.ts';
import { addDays, type IsoDate } from '../../common/schedule.ts';
import type { Notice } from '../platform/host-ports.ts';
import { dayOf, namedPayee } from './due-notice.ts';

/**
 * Reminders ahead of a payment that comes due (issue 42, item 12): a payment may ask for one 1, 3 or 7 days before
 * each of its dates (`remind`). The rule, for the core's tick (NoticePolicy.due):
 * - the date reminded of is the payment's next one not handled, after today (on the date itself the due notice
 *   tells, and after it the overdue one: a reminder is never late);
 * - it falls due from `remind` days before that date on, so a run that began after that day (the app was closed)
 *   reminds at its first tick while the date is still ahead;
 * - nothing of a payment under way (its payment's outcome comes first), nor of one without `remind`.
 * Told once a date (DuePayments.remindOnce keeps which), and never paid: it only says the date is coming.
 */
export function reminderDate(item: DueItem, today: IsoDate): IsoDate | undefined {
  if (item.remind === undefined || item.underWay || item.next === undefined) return undefined;
  return item.next > today && addDays(item.next, -item.remind) <= today ? item.next : undefined;
}

const TEXTS = {
  en: {
    title: 'Payment coming up',
    one: 'A payment is due {when}. It is not paid until you pay it in {app}.',
    many: '{count} payments are due soon, the first {when}. They are not paid until you pay them in {app}.',
    named: '{amount} to {payee} is due {when}. It is not paid until you pay it in {app}.',
  },
  is: {
    title: 'Greiðsla á gjalddaga bráðum',
    one: 'Greiðsla er á gjalddaga {when}. Hún er ekki greidd fyrr en þú greiðir hana í {app}.',
    many: '{count} greiðslur eru á gjalddaga á næstu dögum, sú fyrsta {when}. Þær eru ekki greiddar fyrr en þú greiðir þær í {app}.',
    named:
      '{amount}, viðtakandi: {payee}. Greiðslan er á gjalddaga {when}. Hún er ekki greidd fyrr en þú greiðir hana í {app}.',
  },
} as const satisfies Record<AppLocale, Record<'title' | 'one' | 'many' | 'named', string>>;

const DAY_MS = 86_400_000;

/** When the date is, from today: `tomorrow, 25 Nov 2026` / `on 28 Nov 2026, in 3 days` (and in Icelandic). */
function whenOf(date: IsoDate, today: IsoDate, locale: AppLocale): string {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  const day = dayOf(date, locale);
  if (locale === 'is') return days === 1 ? `á morgun, ${day}` : `${day}, eftir ${days} daga`;
  return days === 1 ? `tomorrow, ${day}` : `on ${day}, in ${days} days`;
}

/**
 * The notification of reminders ahead: `items` with the date each reminds of, the soonest first. It names payee and
 * amount as the due notice does (`namedPayee`: details allowed and shown unlocked, one payment, a name that is no
 * kennitala); otherwise the generic text. It says plainly that nothing is paid.
 */
export function reminderNotice(
  items: readonly { item: DueItem; date: IsoDate }[],
  today: IsoDate,
  locale: AppLocale,
  app: string,
  details: boolean,
): Notice | undefined {
  const first = [...items].sort((a, b) => a.date.localeCompare(b.date))[0];
  if (!first) return undefined;
  const texts = TEXTS[locale];
  const payee = namedPayee(
    items.map(({ item }) => item),
    details,
  );
  const body = payee
    ? texts.named.replace('{payee}', payee).replace('{amount}', formatIsk(first.item.order.amount, locale))
    : items.length === 1
      ? texts.one
      : texts.many.replace('{count}', String(items.length));
  return {
    title: texts.title,
    body: body.replaceAll('{app}', app).replace('{when}', whenOf(first.date, today, locale)),
  };
}
