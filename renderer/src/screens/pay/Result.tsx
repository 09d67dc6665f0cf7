import { useState } from 'react';
import { normalizeAccountNumber } from '../../../../common/account-number.ts';
import { useStore } from 'zustand';
import { formatKennitala } from '../../../../common/kennitala.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { PaymentError } from '../../components/PaymentError.tsx';
import { ReceiptPanel } from '../../components/ReceiptPanel.tsx';
import { PaymentStatus } from '../../components/PaymentStatus.tsx';
import type { PaymentSender } from '../../components/use-payment-actions.ts';
import { hasReceipt } from '../../components/Receipt.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import type { PayStore } from './pay-store.ts';

/**
 * The payment after the review: its state as the customer sees it (components/PaymentStatus.tsx, from the one table
 * in common/payment-status.ts), with the table's actions, and this screen's own: save the payee, the receipt, the
 * bank's ids, the pay form again.
 */
export function Result({ store }: { store: PayStore }) {
  const t = useT();
  const wallet = useWallet();
  const { resetDraft } = useApp((state) => state.actions);
  const stage = useStore(store, (state) => state.stage);
  const limit = useStore(store, (state) => state.limit);
  const actions = useStore(store, (state) => state.actions);
  const [payeeSaved, setPayeeSaved] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [receipt, setReceipt] = useState(false);
  // A payee the customer saved on the form (or earlier) is not offered for saving again: the form's list says so
  // (kept in the pay store), not asked again. Not known (the list could not be read): offered.
  const lists = useStore(store, (state) => state.lists);
  const order = stage.name === 'result' ? stage.payment.order : undefined;
  const account = order ? normalizeAccountNumber(order.depositAccount) : undefined;
  const savedBefore =
    lists.payeesRead === 'reading'
      ? undefined
      : lists.payeesRead === 'read' &&
        lists.payees.some((payee) => payee.kennitala === order?.depositKennitala && payee.accountNumber === account);
  if (stage.name !== 'result') return null;
  const { payment, newPayee, send } = stage;
  // The store that confirmed the payment sends it; the status shows that send and asks it again.
  const sender: PaymentSender = {
    ...send,
    error: send.error,
    send: actions.send,
    presenceGiven: actions.presenceGiven,
    cancelPrompt: actions.cancelPrompt,
    clearError: actions.clearSendError,
  };

  const focusAfter = useFocusAfter();
  const savePayee = async () => {
    setSaveError(undefined);
    try {
      const payees = await unwrap(
        wallet.savePayee({
          name: payment.order.payeeName || formatKennitala(payment.order.depositKennitala),
          kennitala: payment.order.depositKennitala,
          accountNumber: payment.order.depositAccount,
        }),
      );
      actions.setPayees(payees);
      setPayeeSaved(true);
      // The button goes with the focus on it: the words that say it is saved take it (issue 42).
      focusAfter(() => document.getElementById('payee-saved'));
    } catch (caught) {
      setSaveError(errorCode(caught));
    }
  };
  const newPayment = () => {
    resetDraft();
    actions.backToForm();
  };
  const taken = hasReceipt(payment);

  return (
    <div
      className="result"
      role="region"
      aria-labelledby="result-title"
      data-testid="pay-result"
      data-state={payment.state}
    >
      {/* Keyed by the payment: a new payment starts with no call of the last one on screen. */}
      <PaymentStatus
        key={payment.id}
        payment={payment}
        headingId="result-title"
        sender={sender}
        today={limit}
        screen={{ receipt: () => setReceipt(true), backToForm: actions.backToForm, newPayment }}
      >
        {taken && payment.state !== 'declaredPaid' && newPayee && !payeeSaved && savedBefore === false && (
          <button type="button" className="secondary" onClick={() => void savePayee()}>
            {t('pay.savePayee')}
          </button>
        )}
      </PaymentStatus>
      {payeeSaved && (
        <p id="payee-saved" role="status">
          {t('pay.payeeSaved')}
        </p>
      )}
      {saveError && <PaymentError failure={{ code: saveError }} alert testId="payment-refused" />}
      {/* The bank's ids are for support and for the payment's details in History, not the outcome's first view. */}
      <details className="result-ids" data-testid="result-ids">
        <summary>{t('result.technical')}</summary>
        <dl className="summary">
          {payment.initiationId && (
            <>
              <dt>{t('result.initiationId')}</dt>
              <dd data-testid="initiation-id">{payment.initiationId}</dd>
            </>
          )}
          {payment.bankStatus && (
            <>
              <dt>{t('result.status')}</dt>
              <dd>
                {t(`state.${payment.state}`)} ({payment.bankStatus})
              </dd>
            </>
          )}
          <dt>{t('result.requestId')}</dt>
          <dd data-testid="request-id">{payment.requestId}</dd>
        </dl>
      </details>
      {receipt && hasReceipt(payment) && (
        <Dialog title={t('receipt.title')} onClose={() => setReceipt(false)}>
          <ReceiptPanel payment={payment} onClose={() => setReceipt(false)} />
        </Dialog>
      )}
    </div>
  );
}
