import type { PaymentView } from '../../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import type { PaymentState } from '../../../../common/payment-rules.ts';
import { pluralCategory } from '../../i18n/format.ts';
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { stateFromBackup } from '../../lib/restored.ts';

export const stateKey = (state: PaymentState): MessageKey => `history.state.${state}`;

/** A payment's state as its badge says it: one a backup file gave it is marked so, never passed off as the bank's. */
export function stateName(payment: PaymentView, t: Translate): string {
  const name = t(stateKey(payment.state));
  return stateFromBackup(payment) ? t('history.fromBackup', { state: name }) : name;
}

/**
 * Whether an order's field is a placeholder: a damaged record of which nothing could be read comes with zeros for
 * its accounts (and the most it could be for its amount). Only a damaged payment has them.
 */
export const isPlaceholder = (payment: PaymentView, value: string): boolean =>
  payment.state === 'damaged' && /^0+$/.test(value);

/** A damaged record whose order is a placeholder: its amount is the most it could be, not what was paid. */
export const orderUnreadable = (payment: PaymentView): boolean =>
  isPlaceholder(payment, payment.order.debtorAccount) || isPlaceholder(payment, payment.order.depositAccount);

/** The plural category picks the message: `1 greiðsla`, `21 greiðsla`, `2 greiðslur`; `1 payment`, `2 payments`. */
export function pluralKey<K extends string>(base: K, count: number, locale: AppLocale): `${K}.one` | `${K}.other` {
  return pluralCategory(count, locale) === 'one' ? `${base}.one` : `${base}.other`;
}
