import { useEffect, useState } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import { formatAmount, formatDateTime } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';

/** What names a payment: its amount, payee and when it was made (what a payment never changes). */
interface Named {
  amount: number;
  payee: string;
  createdAt: number;
}

/**
 * The bank calls' payments by what a tester knows them by (issue 42, item 9): "1.500 kr. · Björn Sigurðsson ·
 * 22. nóv. 2026, 12:00", not their ids. Read as History reads a payment (getPayment): the call list itself carries no
 * payee's name (docs/BANK-CALLS.md). Each is read once; one that cannot be read (another customer's, a damaged
 * record) keeps its id.
 */
export function usePaymentNames(ids: readonly string[]): (id: string) => string {
  const t = useT();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const [named, setNamed] = useState<ReadonlyMap<string, Named | null>>(new Map());
  const missing = ids.filter((id) => !named.has(id));
  const wanted = missing.join('\n');

  useEffect(() => {
    if (wanted === '') return;
    let current = true;
    const asked = wanted.split('\n');
    void Promise.all(
      asked.map((id) =>
        unwrap(wallet.getPayment({ id })).then(
          ({ order, createdAt }): [string, Named] => [
            id,
            { amount: order.amount, payee: order.payeeName || displayAccount(order.depositAccount), createdAt },
          ],
          (): [string, null] => [id, null],
        ),
      ),
    ).then((read) => {
      if (current) setNamed((known) => new Map([...known, ...read]));
    });
    return () => {
      current = false;
    };
  }, [wallet, wanted]);

  return (id) => {
    const payment = named.get(id);
    if (!payment) return id;
    return t('calls.filter.paymentName', {
      amount: formatAmount(payment.amount, locale),
      payee: payment.payee,
      when: formatDateTime(payment.createdAt, locale),
    });
  };
}
