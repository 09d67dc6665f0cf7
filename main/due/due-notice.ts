import type { DueItem } from '../../common/due-payment.ts';
import { formatIsk } from '../../common/isk-amount.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Notice } from '../platform/host-ports.ts';

/**
 * `overdue`: a due date passed while the app was running (it was open, or locked), so nothing says it was closed;
 * `missed`: every one of them came due before this run began, while the app was closed.
 */
type Kind = 'today' | 'overdue' | 'missed';

const TEXTS = {
  en: {
    today: {
      title: 'Payment due today',
      one: 'A payment is due today. Open {app} to pay it; it is not paid until you do.',
      many: '{count} payments are due today. Open {app} to pay them; they are not paid until you do.',
      named: '{amount} to {payee} is due today. Open {app} to pay it; it is not paid until you do.',
    },
    overdue: {
      title: 'Payment overdue',
      one: 'A payment was due on {date}. It was not paid: open {app} to pay or skip it.',
      many: '{count} payments were due, the first on {date}. They were not paid: open {app} to pay or skip them.',
      named: '{amount} to {payee} was due on {date}. It was not paid: open {app} to pay or skip it.',
    },
    missed: {
      title: 'Payment overdue',
      one: 'A payment was due on {date}, while {app} was closed. It was not paid: open {app} to pay or skip it.',
      many: '{count} payments were due while {app} was closed, the first on {date}. They were not paid: open {app} to pay or skip them.',
      named:
        '{amount} to {payee} was due on {date}, while {app} was closed. It was not paid: open {app} to pay or skip it.',
    },
  },
  is: {
    today: {
      title: 'Greiðsla á gjalddaga í dag',
      one: 'Greiðsla er á gjalddaga í dag. Opnaðu {app} til að greiða hana; hún er ekki greidd fyrr en þú gerir það.',
      many: '{count} greiðslur eru á gjalddaga í dag. Opnaðu {app} til að greiða þær; þær eru ekki greiddar fyrr en þú gerir það.',
      named:
        '{amount}, viðtakandi: {payee}. Greiðslan er á gjalddaga í dag. Opnaðu {app} til að greiða hana; hún er ekki greidd fyrr en þú gerir það.',
    },
    overdue: {
      title: 'Gjalddagi greiðslu liðinn',
      one: 'Gjalddagi greiðslu var {date}. Hún var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
      many: '{count} greiðslur féllu í gjalddaga, sú fyrsta {date}. Þær voru ekki greiddar: opnaðu {app} til að greiða þær eða sleppa þeim.',
      named:
        '{amount}, viðtakandi: {payee}. Gjalddagi var {date} og greiðslan var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
    },
    missed: {
      title: 'Gjalddagi greiðslu liðinn',
      one: 'Greiðsla féll í gjalddaga {date} meðan {app} var lokað. Hún var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
      many: '{count} greiðslur féllu í gjalddaga meðan {app} var lokað, sú fyrsta {date}. Þær voru ekki greiddar: opnaðu {app} til að greiða þær eða sleppa þeim.',
      named:
        '{amount}, viðtakandi: {payee}. Greiðslan féll í gjalddaga {date} meðan {app} var lokað og var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
    },
  },
} as const satisfies Record<AppLocale, Record<Kind, Record<'title' | 'one' | 'many' | 'named', string>>>;

/** A due date (YYYY-MM-DD) as the notification says it: `1. des. 2026` / `1 Dec 2026`. */
export function dayOf(date: string, locale: AppLocale): string {
  const tag = locale === 'is' ? 'is-IS' : 'en-GB';
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );
}

/**
 * The desktop notification of payments waiting today, or overdue (says "while the app was closed" only for `missed`): it names the payee and amount only with `details`
 * (the customer allowed it, and the app shows that customer, unlocked) and only for a single payment whose payee has
 * a name that is not a kennitala; otherwise the generic text. It says plainly that nothing was paid.
 */
export function dueNotice(
  kind: Kind,
  items: readonly DueItem[],
  locale: AppLocale,
  app: string,
  details: boolean,
): Notice | undefined {
  const first = items[0];
  if (!first) return undefined;
  const texts = TEXTS[locale][kind];
  const payee = namedPayee(items, details);
  const body = payee
    ? texts.named.replace('{payee}', payee).replace('{amount}', formatIsk(first.order.amount, locale))
    : items.length === 1
      ? texts.one
      : texts.many.replace('{count}', String(items.length));
  // The oldest date not paid: of the one payment, or of all of them.
  const oldest = items.flatMap((item) => item.overdue).sort()[0];
  return {
    title: texts.title,
    body: body.replaceAll('{app}', app).replace('{date}', oldest ? dayOf(oldest, locale) : ''),
  };
}

/**
 * The payee a notification may name: only with `details`, only for a single payment, and only a name, never a
 * kennitala (a payee saved without a name is kept under its kennitala).
 */
export function namedPayee(items: readonly Pick<DueItem, 'order'>[], details: boolean): string | undefined {
  const first = items[0];
  if (!details || items.length !== 1 || !first) return undefined;
  const payee = first.order.payeeName.trim();
  return payee && payee.replace(/\D/g, '') !== first.order.depositKennitala ? payee : undefined;
}
