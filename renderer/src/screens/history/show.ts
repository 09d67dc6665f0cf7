import { formatAccountNumber, parseAccountNumber } from '../../../../common/account-number.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import type { PaymentState } from '../../../../common/payment.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** `0133-26-012345` for 12 digits; anything else as it is. */
export function showAccount(digits: string): string {
  const account = parseAccountNumber(digits);
  return account ? formatAccountNumber(account) : digits;
}

/** `120385-2089` for 10 digits; a masked one (`120385-****`) as it is. */
export const showKennitala = (value: string): string => (/^\d{10}$/.test(value) ? formatKennitala(value) : value);

export const stateKey = (state: PaymentState): MessageKey => `history.state.${state}`;

/** Intl's plural category picks the message: `1 greiðsla`, `21 greiðsla`, `2 greiðslur`; `1 payment`, `2 payments`. */
export function pluralKey<K extends string>(base: K, count: number, locale: string): `${K}.one` | `${K}.other` {
  const category = new Intl.PluralRules(locale === 'is' ? 'is-IS' : 'en-GB').select(count);
  return category === 'one' ? `${base}.one` : `${base}.other`;
}
