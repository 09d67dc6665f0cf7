import { useEffect, useState } from 'react';
import { normalizeAccountNumber } from '../../../../common/account-number.ts';
import { useStore } from 'zustand';
import { formatKennitala } from '../../../../common/kennitala.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { PaymentError } from '../../components/PaymentError.tsx';
import { ReceiptPanel } from '../../components/ReceiptPanel.tsx';
import { PresencePrompt } from '../../components/PresencePrompt.tsx';
import { DAMAGED_FAILURE } from '../../i18n/explain-failure.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount } from '../../i18n/format.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusOnShow } from '../../lib/focus.ts';
import { useApp, useWallet } from '../../lib/wallet-context.tsx';
import type { PayStore } from './pay-store.ts';

/**
 * The outcome: accepted, refused with the bank's explanation, or not known yet with "Check again"; or, when the app's
 * own record of the payment is damaged, a word to check the online banking and nothing that would send it again.
 */
export function Result({ store }: { store: PayStore }) {
  const t = useT();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const { resetDraft } = useApp((state) => state.actions);
  const stage = useStore(store, (state) => state.stage);
  const limit = useStore(store, (state) => state.limit);
  const actions = useStore(store, (state) => state.actions);
  const [checking, setChecking] = useState(false);
  const [askPresence, setAskPresence] = useState(false);
  const [payeeSaved, setPayeeSaved] = useState(false);
  const [receipt, setReceipt] = useState(false);
  // A payee the customer saved on the form (or earlier) is not offered for saving again.
  const [savedBefore, setSavedBefore] = useState<boolean>();
  const order = stage.name === 'result' ? stage.payment.order : undefined;
  const kennitala = order?.depositKennitala;
  const account = order ? normalizeAccountNumber(order.depositAccount) : undefined;
  useEffect(() => {
    if (kennitala === undefined) return;
    let current = true;
    unwrap(wallet.listPayees()).then(
      (payees) => {
        if (current) {
          setSavedBefore(payees.some((payee) => payee.kennitala === kennitala && payee.accountNumber === account));
        }
      },
      // Not known: offer it, as before the list could be read.
      () => {
        if (current) setSavedBefore(false);
      },
    );
    return () => {
      current = false;
    };
  }, [wallet, kennitala, account]);
  // The heading says what happened; it takes the focus when it appears and whenever the outcome changes.
  const heading = useFocusOnShow<HTMLHeadingElement>(stage.name === 'result' ? stage.payment.state : undefined);
  if (stage.name !== 'result') return null;
  const { payment, error, newPayee } = stage;

  const checkAgain = async () => {
    // Never sent because the passcode was not given: asked for first, then the same payment goes.
    if (error === 'PRESENCE_REQUIRED') return setAskPresence(true);
    setChecking(true);
    try {
      await actions.checkAgain();
    } finally {
      setChecking(false);
    }
  };
  const savePayee = async () => {
    try {
      await unwrap(
        wallet.savePayee({
          name: payment.order.payeeName || formatKennitala(payment.order.depositKennitala),
          kennitala: payment.order.depositKennitala,
          accountNumber: payment.order.depositAccount,
        }),
      );
      setPayeeSaved(true);
    } catch (caught) {
      actions.refused(errorCode(caught));
    }
  };
  const newPayment = () => {
    resetDraft();
    actions.backToForm();
  };

  const amount = formatAmount(payment.order.amount, locale);
  const payee = payment.order.payeeName || formatKennitala(payment.order.depositKennitala);
  // A damaged record (the state, or the refusal of a send or check): whether it was paid is not known, and the app
  // never sends it again, so no "Check again".
  const damaged = payment.state === 'damaged' || error === 'RECORD_DAMAGED';
  const accepted = !damaged && (payment.state === 'accepted' || payment.state === 'settled');
  const uncertain =
    !damaged && (payment.state === 'unknown' || payment.state === 'confirmed' || payment.state === 'sending');

  return (
    <div
      className="result"
      role="region"
      aria-labelledby="result-title"
      data-testid="pay-result"
      data-state={damaged ? 'damaged' : payment.state}
    >
      {accepted && (
        <>
          <h3 id="result-title" ref={heading} tabIndex={-1}>
            {t('result.successTitle')}
          </h3>
          <p role="status">{t('result.success', { amount, payee })}</p>
        </>
      )}
      {!damaged && payment.state === 'rejected' && (
        <>
          <h3 id="result-title" ref={heading} tabIndex={-1}>
            {t('result.rejectedTitle')}
          </h3>
          {payment.error && <PaymentError failure={payment.error} today={limit} />}
        </>
      )}
      {uncertain && (
        <>
          <h3 id="result-title" ref={heading} tabIndex={-1}>
            {t('result.unknownTitle')}
          </h3>
          {payment.error && <PaymentError failure={payment.error} />}
          <p>{t('result.unknown', { requestId: payment.requestId })}</p>
        </>
      )}
      {damaged && (
        <>
          <h3 id="result-title" ref={heading} tabIndex={-1}>
            {t('result.damagedTitle')}
          </h3>
          <PaymentError failure={DAMAGED_FAILURE} alert />
        </>
      )}
      {/* A call about this payment that main refused (a check again, saving the payee), explained as the payment's own. */}
      {error && !(damaged && error === 'RECORD_DAMAGED') && (
        <PaymentError failure={{ code: error }} alert testId="payment-refused" />
      )}
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
      <div className="actions">
        {uncertain && (
          <button type="button" className="primary" disabled={checking} onClick={() => void checkAgain()}>
            {checking ? t('result.checking') : t('result.checkAgain')}
          </button>
        )}
        {accepted && newPayee && !payeeSaved && savedBefore === false && (
          <button type="button" className="secondary" onClick={() => void savePayee()}>
            {t('pay.savePayee')}
          </button>
        )}
        {payeeSaved && <p role="status">{t('pay.payeeSaved')}</p>}
        {accepted && (
          <button type="button" onClick={() => setReceipt(true)}>
            {t('receipt.open')}
          </button>
        )}
        {payment.state === 'rejected' && (
          <button type="button" onClick={actions.backToForm}>
            {t('result.backToForm')}
          </button>
        )}
        {!uncertain && (
          <button type="button" className={accepted ? 'primary' : undefined} onClick={newPayment}>
            {t('result.newPayment')}
          </button>
        )}
      </div>
      {receipt && accepted && (
        <Dialog title={t('receipt.title')} onClose={() => setReceipt(false)}>
          <ReceiptPanel payment={payment} onClose={() => setReceipt(false)} />
        </Dialog>
      )}
      {askPresence && (
        <PresencePrompt
          amount={amount}
          onConfirmed={() => {
            setAskPresence(false);
            setChecking(true);
            void actions.checkAgain().finally(() => setChecking(false));
          }}
          onCancel={() => setAskPresence(false)}
        />
      )}
    </div>
  );
}
