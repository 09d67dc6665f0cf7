import { useState } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import type { DraftValidation, PaymentView } from '../../../../common/bridge-contract.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { PresencePrompt } from '../../components/PresencePrompt.tsx';
import { amountInWords } from '../../i18n/amount-words.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount, formatDateTime } from '../../i18n/format.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusOnShow } from '../../lib/focus.ts';
import { useApp, useWallet } from '../../lib/wallet-context.tsx';

/**
 * Every field once more before anything is sent. "Pay" locks at the first press: the intent and its request id are
 * stored by the main process before the first send, so even a double click could not pay twice, but it should not
 * look as if it might.
 */
export function Review({
  validation,
  draft,
  onBack,
  onDone,
}: {
  validation: DraftValidation;
  /** The draft the validation checked: the one confirmed, so the payment is the one on screen. */
  draft: PayDraft;
  onBack: () => void;
  onDone: (payment: PaymentView, error?: string) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const session = useApp((state) => state.session);
  const [acknowledged, setAcknowledged] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();
  const [askPresence, setAskPresence] = useState<PaymentView>();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const order = validation.order;
  if (!order) return null;
  const amount = formatAmount(order.amount, locale);
  const duplicate = validation.duplicate;

  const pay = async () => {
    setPaying(true);
    setError(undefined);
    let confirmed: PaymentView;
    try {
      // The warning the customer acknowledged names one earlier payment; a second press finds this one instead.
      const acknowledgeDuplicate = acknowledged && duplicate ? duplicate.intentId : undefined;
      confirmed = await unwrap(
        wallet.confirmPayment({ draft, ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}) }),
      );
    } catch (caught) {
      // Nothing was stored or sent: the customer may fix it and press again.
      setError(errorCode(caught));
      setPaying(false);
      return;
    }
    await send(confirmed);
  };

  const send = async (confirmed: PaymentView) => {
    try {
      onDone(await unwrap(wallet.submitPayment({ id: confirmed.id })));
    } catch (caught) {
      // The passcode was entered too long ago: asked for here, then the same payment is sent.
      if (errorCode(caught) === 'PRESENCE_REQUIRED') return setAskPresence(confirmed);
      // Confirmed but not sent (signed out, for one): the result screen offers to send it with the same request id.
      onDone(confirmed, errorCode(caught));
    }
  };

  return (
    <div className="review" role="region" aria-labelledby="review-title">
      <h3 id="review-title" ref={heading} tabIndex={-1}>
        {t('review.title')}
      </h3>
      <p>{t('review.intro')}</p>
      <dl className="summary">
        <dt>{t('review.from')}</dt>
        <dd>
          {session?.name} ({order.debtorKennitala}) · {displayAccount(order.debtorAccount)}
        </dd>
        <dt>{t('review.to')}</dt>
        <dd data-testid="review-to">
          {order.payeeName ? `${order.payeeName} · ` : ''}
          {formatKennitala(order.depositKennitala)} · {displayAccount(order.depositAccount)}
        </dd>
        <dt>{t('review.amount')}</dt>
        <dd data-testid="review-amount">
          <strong>{amount}</strong>
        </dd>
        <dt>{t('review.inWords')}</dt>
        <dd data-testid="review-words">{amountInWords(order.amount, locale)}</dd>
        <dt>{t('review.reference')}</dt>
        <dd>{order.endToEndId || t('review.none')}</dd>
        <dt>{t('review.extendedReference')}</dt>
        <dd>{order.extendedReference || t('review.none')}</dd>
      </dl>
      {validation.newPayee && <p className="notice">{t('review.newPayee')}</p>}
      {duplicate && (
        <div className="warning" role="alert" data-testid="duplicate-warning">
          <p>
            {t('review.duplicate', {
              amount: formatAmount(duplicate.amount, locale),
              date: formatDateTime(duplicate.createdAt, locale),
            })}
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
            {t('review.duplicateAck')}
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {errorText(error)}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={paying || (duplicate !== undefined && !acknowledged)}
          aria-busy={paying || undefined}
          onClick={() => void pay()}
        >
          {paying ? t('review.paying') : t('review.pay', { amount })}
        </button>
        <button type="button" onClick={onBack} disabled={paying}>
          {t('action.back')}
        </button>
      </div>
      {askPresence && (
        <PresencePrompt
          amount={amount}
          onConfirmed={() => {
            setAskPresence(undefined);
            void send(askPresence);
          }}
          onCancel={() => {
            setAskPresence(undefined);
            onDone(askPresence, 'PRESENCE_REQUIRED');
          }}
        />
      )}
    </div>
  );
}
