import { displayAccount } from '../../../../common/account-number.ts';
import type { DueItem, DueOrder } from '../../../../common/due-payment.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { regroupAmount } from '../../lib/format-input.ts';

/** A due payment's order as the pay form holds a draft: numbers written as the customer types them. */
export function draftOf(order: DueOrder, locale: AppLocale): PayDraft {
  return {
    debtorAccount: order.debtorAccount,
    depositKennitala: formatKennitala(order.depositKennitala),
    depositAccount: displayAccount(order.depositAccount),
    amount: regroupAmount(String(order.amount), locale),
    endToEndId: order.endToEndId,
    extendedReference: order.extendedReference,
    payeeName: order.payeeName,
  };
}

/** Whom a row pays, as the list names it: the payee's name, else the account (never the kennitala). */
export const payeeOf = (item: Pick<DueItem, 'order'>): string =>
  item.order.payeeName.trim() || displayAccount(item.order.depositAccount);
