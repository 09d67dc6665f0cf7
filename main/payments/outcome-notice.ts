import { formatIsk } from '../../common/isk-amount.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import { isTold, type ToldState } from '../../common/payment-status.ts';
import type { Notice } from '../platform/host-ports.ts';

/** A desktop notification: the port's shape (platform/host-ports.ts), named here too for this module's importers. */
export type { Notice };

const TEXTS = {
  en: {
    settled: ['Payment completed', 'Your bank has completed a payment. Open {app} to see it.'],
    // Learnt by sending it again with the same request id (issue 38): the bank took it once, whatever came before.
    accepted: [
      'Payment went through',
      'Your bank has accepted a payment whose outcome was not known: the app sent it again with the same request id, so it went through once. Open {app} to see it.',
    ],
    rejected: ['Payment refused', 'Your bank refused a payment. Open {app} to see why.'],
  },
  is: {
    settled: ['Greiðslu lokið', 'Bankinn hefur lokið greiðslunni. Opnaðu {app} til að sjá hana.'],
    accepted: [
      'Greiðsla fór í gegn',
      'Bankinn þinn tók við greiðslu sem óvíst var um: forritið sendi hana aftur með sama auðkenni, svo hún fór einu sinni í gegn. Opnaðu {app} til að sjá hana.',
    ],
    rejected: ['Greiðslu hafnað', 'Bankinn þinn hafnaði greiðslu. Opnaðu {app} til að sjá hvers vegna.'],
  },
} as const satisfies Record<AppLocale, Record<ToldState, readonly [string, string]>>;

const DETAILS = {
  en: {
    settled: 'Your payment of {amount} to {payee} is completed.',
    accepted: 'Your payment of {amount} to {payee} went through (once).',
    rejected: 'Your payment of {amount} to {payee} was refused. Open {app} to see why.',
  },
  is: {
    settled: 'Greiðslu þinni, {amount} til {payee}, er lokið.',
    accepted: 'Greiðsla þín, {amount} til {payee}, fór í gegn (einu sinni).',
    rejected: 'Greiðslu þinni, {amount} til {payee}, var hafnað. Opnaðu {app} til að sjá hvers vegna.',
  },
} as const satisfies Record<AppLocale, Record<ToldState, string>>;

/**
 * What the customer is told when the app learned a payment's outcome by itself; undefined when nothing is final-er.
 * With `details`, the payee (by name; a payee without one is not named) and the amount.
 */
export function outcomeNotice(
  after: PaymentIntent,
  locale: AppLocale,
  app: string,
  details = false,
): Notice | undefined {
  if (!isTold(after.state)) return undefined;
  const [title, body] = TEXTS[locale][after.state];
  const payee = after.order.payeeName?.trim();
  // A payee "named" by their kennitala (written with or without its dash) is not named.
  if (!details || !payee || payee.replace(/\D/g, '') === after.order.depositKennitala) {
    return { title, body: body.replace('{app}', app) };
  }
  const text = DETAILS[locale][after.state]
    .replace('{amount}', formatIsk(after.order.amount, locale))
    .replace('{payee}', payee)
    .replace('{app}', app);
  return { title, body: text };
}
