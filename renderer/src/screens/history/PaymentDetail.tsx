import { useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { displayAccount } from '../../../../common/account-number.ts';
import type { PaymentView } from '../../../../common/bridge-contract.ts';
import { shownState, UNTRUSTED_HISTORY } from '../../../../common/payment-status.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import type { PaymentState } from '../../../../common/payment-rules.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { PaymentError } from '../../components/PaymentError.tsx';
import { PaymentStatus } from '../../components/PaymentStatus.tsx';
import { DAMAGED_FAILURE } from '../../i18n/explain-failure.ts';
import { hasReceipt } from '../../components/Receipt.tsx';
import { ReceiptPanel } from '../../components/ReceiptPanel.tsx';
import { PaymentNote } from './PaymentNote.tsx';
import { useT } from '../../i18n/index.ts';
import { formatAmount, formatDateTime } from '../../i18n/format.ts';
import { useApp } from '../../state/wallet-context.tsx';
import type { HistoryStore } from './history-store.ts';
import { isPlaceholder, orderUnreadable, stateKey, stateName } from './show.ts';
import { showKennitala } from '../../lib/show-kennitala.ts';

/**
 * What a payment confirmed past the warning of a history not trusted names as acknowledged: main's constant, which
 * lives in a zod module (so only its type comes here; the compiler says if the two ever differ).
 */

/** Every field of one payment, its error explained, and (once the bank has accepted it) a way to ask for news. */
export function PaymentDetail({ store }: { store: HistoryStore }) {
  const t = useT();
  const detail = useStore(store, (state) => state.detail);
  const actions = useStore(store, (state) => state.actions);
  // The receipt shows in the same dialog, in place of the details; closing it goes back to them.
  const [receiptOf, setReceiptOf] = useState<string>();
  if (!detail) return null;
  const { payment } = detail;
  if (receiptOf === payment.id && hasReceipt(payment)) {
    return (
      <Dialog key="receipt" title={t('receipt.title')} onClose={() => setReceiptOf(undefined)}>
        <ReceiptPanel payment={payment} onClose={() => setReceiptOf(undefined)} />
      </Dialog>
    );
  }
  const damaged = payment.state === 'damaged';
  // An accepted payment's status is asked with this dialog's own button, which says what it learned; never for a
  // damaged record (nor when main says the record is damaged). An unknown one the app may still send is sent again
  // with the same request id ("Try again now"); never one whose sends ended (its 24 hours, Stop trying, a backup).
  const retryable = shownState(payment) === 'unknown';
  const refreshable = (payment.state === 'accepted' || retryable) && detail.errorCode !== 'RECORD_DAMAGED';

  return (
    <Dialog key="detail" title={t('history.detail.title')} onClose={actions.close}>
      <div className="history-detail" data-testid="payment-detail">
        {/* What is known and what can be done, from the one table (common/payment-status.ts), as on the pay screen. */}
        <PaymentStatus
          key={payment.id}
          payment={payment}
          headingId="history-status-title"
          failure={false}
          omit={['checkNow', 'receipt']}
          focusFirst={false}
          screen={{}}
        />
        {/* Long: it scrolls on its own (by keyboard too), and the buttons below stay in view. */}
        <div className="history-detail-body" tabIndex={0} role="region" aria-label={t('history.detail.title')}>
          {/* A damaged record: what to do comes first. */}
          {damaged && <Failure payment={payment} />}
          <Facts payment={payment} />
          {!damaged && payment.error && <Failure payment={payment} />}
          {!damaged && <PaymentNote payment={payment} />}
        </div>
        <div className="history-detail-status" role="status">
          {detail.refreshing && t('history.detail.refreshing')}
          {detail.refreshed && t('history.detail.refreshed', { state: t(stateKey(payment.state)) })}
        </div>
        {detail.errorCode && (
          <PaymentError
            failure={{ code: detail.errorCode }}
            alert
            lead={t('history.detail.refreshFailed')}
            testId="refresh-error"
          />
        )}
        <div className="actions">
          {refreshable && (
            <button
              type="button"
              className="primary"
              // Busy, not disabled: a disabled button drops the focus to the page (issue 42); the store asks once.
              aria-disabled={detail.refreshing || undefined}
              onClick={() => void actions.refreshStatus()}
            >
              {t(retryable ? 'status.action.tryAgain' : 'status.action.checkNow')}
            </button>
          )}
          {hasReceipt(payment) && (
            <button type="button" onClick={() => setReceiptOf(payment.id)}>
              {t('receipt.open')}
            </button>
          )}
          <button type="button" onClick={actions.close}>
            {t('action.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * How often the app sent the payment, said as what it did (issue 42): a bare "Times sent: 15" alarmed more than it
 * told, where every one of those sends carried the same request id, so the bank processed it at most once.
 */
function sentWords(attempts: number, t: ReturnType<typeof useT>): string {
  if (attempts <= 0) return t('history.detail.sentNever');
  if (attempts === 1) return t('history.detail.sentOnce');
  return t('history.detail.sentTimes', { count: attempts });
}

function Facts({ payment }: { payment: PaymentView }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const { order } = payment;
  const when = (instant: number | undefined) => (instant === undefined ? none(t) : formatDateTime(instant, locale));
  const times = (Object.entries(payment.stateTimes) as [PaymentState, number][]).sort((a, b) => a[1] - b[1]);
  const unreadable = t('history.detail.unreadable');
  // A damaged record of which nothing could be read has zeros for its accounts: they are not shown as accounts.
  const account = (value: string) => (isPlaceholder(payment, value) ? unreadable : displayAccount(value));
  const kennitala = (value: string) => (isPlaceholder(payment, value) ? unreadable : showKennitala(value));
  const amount = formatAmount(order.amount, locale);

  return (
    <>
      <Section title={t('history.detail.payment')}>
        <Field label={t('history.detail.amount')}>
          <strong>{orderUnreadable(payment) ? t('history.upTo', { amount }) : amount}</strong>
        </Field>
        <Field label={t('history.detail.state')}>
          <span className={`history-badge state-${payment.state}`}>{stateName(payment, t)}</span>
        </Field>
        <Field label={t('history.detail.created')}>{when(payment.createdAt)}</Field>
        <Field label={t('history.detail.firstSent')}>{when(payment.firstSentAt)}</Field>
        <Field label={t('history.detail.updated')}>{when(payment.updatedAt)}</Field>
        <Field label={t('history.detail.attempts')}>{sentWords(payment.attempts, t)}</Field>
        <Field label={t('history.detail.stateTimes')}>
          <ol className="history-state-times">
            {times.map(([state, instant]) => (
              <li key={state}>
                {t(stateKey(state))}: {formatDateTime(instant, locale)}
              </li>
            ))}
          </ol>
        </Field>
      </Section>
      <Section title={t('history.detail.identifiers')}>
        <Field label={t('history.detail.localId')}>
          <code>{payment.id}</code>
        </Field>
        <Field label={t('history.detail.requestId')}>
          <code data-testid="request-id">{payment.requestId}</code>
        </Field>
        <Field label={t('history.detail.initiationId')}>
          {payment.initiationId ? <code data-testid="initiation-id">{payment.initiationId}</code> : none(t)}
        </Field>
        {payment.acknowledgedDuplicateOf === UNTRUSTED_HISTORY ? (
          <Field label={t('history.detail.confirmedNew')}>{t('history.detail.untrustedHistory')}</Field>
        ) : (
          payment.acknowledgedDuplicateOf && (
            <Field label={t('history.detail.duplicateOf')}>
              <code>{payment.acknowledgedDuplicateOf}</code>
            </Field>
          )
        )}
      </Section>
      <Section title={t('history.detail.bank')}>
        <Field label={t('history.detail.bankStatus')}>{payment.bankStatus ?? none(t)}</Field>
        <Field label={t('history.detail.paymentDate')}>{paymentDate(payment.paymentDate, locale) ?? none(t)}</Field>
      </Section>
      <Section title={t('history.detail.accounts')}>
        <Field label={t('history.detail.from')}>{account(order.debtorAccount)}</Field>
        <Field label={t('history.detail.owner')}>{kennitala(order.debtorKennitala)}</Field>
        <Field label={t('history.detail.payee')}>{order.payeeName || t('history.noName')}</Field>
        <Field label={t('history.detail.payeeKennitala')}>{kennitala(order.depositKennitala)}</Field>
        <Field label={t('history.detail.to')}>{account(order.depositAccount)}</Field>
      </Section>
      <Section title={t('history.detail.references')}>
        <Field label={t('history.detail.reference')}>{order.endToEndId || none(t)}</Field>
        <Field label={t('history.detail.extendedReference')}>{order.extendedReference || none(t)}</Field>
      </Section>
    </>
  );
}

function Failure({ payment }: { payment: PaymentView }) {
  const t = useT();
  // A damaged record is explained even should its error be missing.
  const error = payment.error ?? (payment.state === 'damaged' ? DAMAGED_FAILURE : undefined);
  if (!error) return null;
  const status = error.httpStatus === undefined ? '' : t('history.detail.httpStatus', { status: error.httpStatus });
  return (
    <section className="history-failure" aria-labelledby="history-failure-title" data-testid="payment-failure">
      <h3 id="history-failure-title">{t('history.detail.error')}</h3>
      {/* Once the app no longer sends it (past the 24 hours, stopped, from a backup) a failure's advice to check again
          no longer holds (the status above says what to do); the 24 hours' own explanation does. */}
      {(payment.state !== 'unknown' || shownState(payment) === 'unknown' || error.name === 'WindowExpired') && (
        <PaymentError failure={error} />
      )}
      <p className="history-technical">
        {t('history.detail.errorTechnical', { name: error.name, code: error.code, status, message: error.message })}
      </p>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="history-detail-section">
      <h3>{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="history-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = (t: ReturnType<typeof useT>) => t('history.detail.none');

/** The bank's payment date is an ISO date or date-time; shown on the customer's clock when it reads as one. */
function paymentDate(value: string | undefined, locale: AppLocale): string | undefined {
  if (!value) return undefined;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? value : formatDateTime(instant, locale);
}
