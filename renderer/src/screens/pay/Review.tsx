import { useState } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import type { DraftValidation, DuplicateWarning, PaymentView } from '../../../../common/bridge-contract.ts';
import type { DueOccurrence } from '../../../../common/due-payment.ts';
import { formatDueDate } from '../../i18n/due-dates.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { amountInWords } from '../../i18n/amount-words.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { formatAmount, formatDateTime } from '../../i18n/format.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusOnShow } from '../../lib/focus.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';

/**
 * What the duplicate warning says of the earlier payment: only what the app knows (common/payment-status.ts).
 * "You paid" is for a payment the bank took. `untrusted` names none: the history on this computer may have lost it.
 */
const DUPLICATE_WORDS: Record<DuplicateWarning['kind'], MessageKey> = {
  paid: 'review.duplicate',
  declaredPaid: 'review.duplicate.declaredPaid',
  uncertain: 'review.duplicate.uncertain',
  notSent: 'review.duplicate.notSent',
  untrusted: 'review.duplicate.untrusted',
};

/**
 * Every field once more before anything is sent. "Pay" locks at the first press: the intent and its request id are
 * stored by the main process before the first send, so even a double click could not pay twice, but it should not
 * look as if it might.
 */
export function Review({
  validation,
  draft,
  onBack,
  onConfirmed,
  due,
}: {
  validation: DraftValidation;
  /** The draft the validation checked: the one confirmed, so the payment is the one on screen. */
  draft: PayDraft;
  onBack: () => void;
  /** Confirmed, with its request id on disk: the pay store sends it, and the result shows what happens. */
  onConfirmed: (payment: PaymentView) => void;
  /** The Due list's occurrence this pays: main holds it while the payment is on its way, and handles it once paid. */
  due?: DueOccurrence | undefined;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const session = useApp((state) => state.session);
  const [acknowledged, setAcknowledged] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const order = validation.order;
  if (!order) return null;
  const amount = formatAmount(order.amount, locale);
  const duplicate = validation.duplicate;

  const pay = async () => {
    setPaying(true);
    setError(undefined);
    try {
      // The warning the customer acknowledged names one earlier payment; a second press finds this one instead.
      const acknowledgeDuplicate = acknowledged && duplicate ? duplicate.intentId : undefined;
      onConfirmed(
        await unwrap(
          wallet.confirmPayment({
            draft,
            ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}),
            ...(due ? { due } : {}),
          }),
        ),
      );
    } catch (caught) {
      // Nothing was stored or sent: the customer may fix it and press again.
      setError(errorCode(caught));
      setPaying(false);
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
      {due && (
        <p className="notice" data-testid="review-due">
          {t('due.review', { when: formatDueDate(due.date, locale) })}
        </p>
      )}
      {validation.newPayee && <p className="notice">{t('review.newPayee')}</p>}
      {duplicate && (
        <div className="warning" role="alert" data-testid="duplicate-warning">
          <p>
            {t(DUPLICATE_WORDS[duplicate.kind], {
              amount: formatAmount(duplicate.amount, locale),
              date: formatDateTime(duplicate.createdAt, locale),
            })}
          </p>
          <label className="checkbox">
            <input type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
            {t(duplicate.kind === 'untrusted' ? 'review.untrustedAck' : 'review.duplicateAck')}
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
    </div>
  );
}
