import type { DueItem } from '../../common/due-payment.ts';
import { formatIsk } from '../../common/isk-amount.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Notice } from '../platform/host-ports.ts';

type Kind = 'today' | 'overdue';

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
      one: 'A payment was due while {app} was closed. It was not paid: open {app} to pay or skip it.',
      many: '{count} payments were due while {app} was closed. They were not paid: open {app} to pay or skip them.',
      named: '{amount} to {payee} was due while {app} was closed. It was not paid: open {app} to pay or skip it.',
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
      title: 'Greiðsla komin fram yfir gjalddaga',
      one: 'Greiðsla féll á gjalddaga meðan {app} var lokað. Hún var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
      many: '{count} greiðslur féllu á gjalddaga meðan {app} var lokað. Þær voru ekki greiddar: opnaðu {app} til að greiða þær eða sleppa þeim.',
      named:
        '{amount}, viðtakandi: {payee}. Greiðslan féll á gjalddaga meðan {app} var lokað og var ekki greidd: opnaðu {app} til að greiða hana eða sleppa henni.',
    },
  },
} as const satisfies Record<AppLocale, Record<Kind, Record<'title' | 'one' | 'many' | 'named', string>>>;

/**
 * The desktop notification of payments waiting today, or overdue: it names the payee and amount only with `details`
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
  const payee = first.order.payeeName.trim();
  const nameable = details && items.length === 1 && payee && payee.replace(/\D/g, '') !== first.order.depositKennitala;
  const body = nameable
    ? texts.named.replace('{payee}', payee).replace('{amount}', formatIsk(first.order.amount, locale))
    : items.length === 1
      ? texts.one
      : texts.many.replace('{count}', String(items.length));
  return { title: texts.title, body: body.replaceAll('{app}', app) };
}
