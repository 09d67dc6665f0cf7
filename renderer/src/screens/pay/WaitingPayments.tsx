import { useEffect, useState } from 'react';
import type { PaymentView } from '../../../../common/bridge-contract.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import type { PaymentState } from '../../../../common/payment-rules.ts';
import { formatAmount, formatNumber } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';

/** The stored states of a payment whose outcome is not known yet: on its way, or sent and not answered. */
const WAITING: PaymentState[] = ['sending', 'unknown'];
/** At most this many are named, each with its link; History has them all. */
const NAMED = 3;

/**
 * A payment whose outcome is not known is signposted on Pay once its result is left (issue 42, item 8): "1 payment is
 * waiting for an answer", and each (up to three) named with a link that opens its details in History, where Try
 * again now and Stop trying are; more than that, a link to History. Read again as payments change.
 */
export function WaitingPayments() {
  const t = useT();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const { showInHistory, go } = useApp((state) => state.actions);
  const [waiting, setWaiting] = useState<{ total: number; items: PaymentView[] }>();

  useEffect(() => {
    let current = true;
    let asked = 0;
    const read = () => {
      const mine = ++asked;
      unwrap(wallet.historyPage({ filter: { states: WAITING }, limit: NAMED })).then(
        ({ total, items }) => current && mine === asked && setWaiting({ total, items }),
        // Not read (locked, signed out): nothing is signposted rather than something untrue.
        () => current && mine === asked && setWaiting(undefined),
      );
    };
    read();
    const stops = [wallet.onPaymentChanged(read), wallet.onSessionChanged(read)];
    return () => {
      current = false;
      stops.forEach((stop) => stop());
    };
  }, [wallet]);

  if (!waiting || waiting.total === 0) return null;
  return (
    <div className="notice waiting-payments" data-testid="waiting-payments">
      <p id="waiting-payments-title">{t('pay.waiting', { count: formatNumber(waiting.total, locale) })}</p>
      <ul aria-labelledby="waiting-payments-title">
        {waiting.items.map((payment) => (
          <li key={payment.id}>
            <button type="button" className="link" onClick={() => showInHistory(payment.id)}>
              {t('pay.waiting.open', {
                amount: formatAmount(payment.order.amount, locale),
                payee: payment.order.payeeName || formatKennitala(payment.order.depositKennitala),
              })}
            </button>
          </li>
        ))}
      </ul>
      {waiting.total > waiting.items.length && (
        <button type="button" className="link" onClick={() => go('history')}>
          {t('pay.waiting.all')}
        </button>
      )}
    </div>
  );
}
