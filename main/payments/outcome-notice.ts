import type { AppLocale } from '../../common/locale.ts';
import type { PaymentIntent } from '../../common/payment.ts';

/** A desktop notification: shown over other windows and on the lock screen, so it names no person and no amount. */
export interface Notice {
  title: string;
  body: string;
}

const TEXTS = {
  en: {
    settled: ['Payment completed', 'Your bank has completed a payment. Open {app} to see it.'],
    accepted: ['Payment went through', 'Your bank has accepted a payment whose answer was lost. Open {app} to see it.'],
    rejected: ['Payment refused', 'Your bank refused a payment. Open {app} to see why.'],
  },
  is: {
    settled: ['Greiðsla kláruð', 'Bankinn þinn hefur klárað greiðslu. Opnaðu {app} til að sjá hana.'],
    accepted: [
      'Greiðsla fór í gegn',
      'Bankinn þinn tók við greiðslu sem svarið við týndist. Opnaðu {app} til að sjá hana.',
    ],
    rejected: ['Greiðslu hafnað', 'Bankinn þinn hafnaði greiðslu. Opnaðu {app} til að sjá hvers vegna.'],
  },
} as const satisfies Record<AppLocale, Record<'settled' | 'accepted' | 'rejected', readonly [string, string]>>;

/** What the customer is told when the app learned a payment's outcome by itself; undefined when nothing is final-er. */
export function outcomeNotice(after: PaymentIntent, locale: AppLocale, app: string): Notice | undefined {
  if (after.state !== 'settled' && after.state !== 'accepted' && after.state !== 'rejected') return undefined;
  const [title, body] = TEXTS[locale][after.state];
  return { title, body: body.replace('{app}', app) };
}
