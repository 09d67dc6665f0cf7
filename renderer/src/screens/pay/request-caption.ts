import { displayAccount } from '../../../../common/account-number.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import type { PaymentRequest } from '../../../../common/payment-request.ts';
import type { Translate } from '../../i18n/index.ts';
import { formatAmount } from '../../i18n/format.ts';

/**
 * What a request says to the payer, in the app's language: who asks (the name in the request, else the account), how
 * much, into which account, and its text. The saved QR code's caption and the large view both read it.
 */
export function requestCaption(request: PaymentRequest, t: Translate, locale: AppLocale) {
  const account = displayAccount(request.account);
  const who = request.name ?? account;
  const amount =
    request.amount === undefined
      ? t('request.caption.anyAmount')
      : t('request.caption.amount', { amount: formatAmount(request.amount, locale) });
  const message = request.message ? t('request.caption.message', { message: request.message }) : undefined;
  return {
    who,
    amount,
    message,
    /** The saved QR code's caption, a line each. */
    lines: [
      { text: t('request.caption.who', { name: who }), strong: true },
      { text: amount, strong: true },
      { text: t('request.caption.account', { account }) },
      ...(message ? [{ text: message }] : []),
    ],
  };
}
