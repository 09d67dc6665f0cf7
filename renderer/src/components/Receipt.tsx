import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { displayAccount } from '../../../common/account-number.ts';
import type { PaymentView } from '../../../common/bridge-contract.ts';
import { receiptKind } from '../../../common/payment-status.ts';
import { KENNITALA_DIGITS_PATTERN, maskKennitala } from '../../../common/kennitala.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { Environment } from '../../../common/profile.ts';
import { gmtDay } from '../../../common/time.ts';
import { amountInWords } from '../i18n/amount-words.ts';
import { formatAmount, formatDateTime, formatGmtTime } from '../i18n/format.ts';
import { translate, useMessages, type MessageKey } from '../i18n/index.ts';
import { stateFromBackup } from '../lib/restored.ts';
import { showKennitala } from '../lib/show-kennitala.ts';

export interface ReceiptProps {
  payment: PaymentView;
  locale: AppLocale;
  /** The environment of the profile the payment was made in: every one but production says it is a test. */
  environment: Environment;
  /** The profile's name as the customer sees it. */
  profileName: string;
  /**
   * The payer's name as main knows it from the bank's sign-in (the session), never as typed in the window; absent
   * where main has none, and then no row rather than an empty one.
   */
  payerName?: string | undefined;
}

/** A payment the bank took has a receipt, and one the customer says went through (marked so). */
export const hasReceipt = (payment: PaymentView): boolean => receiptKind(payment.state) !== 'none';

/** When the bank took it: its answer's time, else the first send. */
export const receiptTime = (payment: PaymentView): number =>
  payment.stateTimes.accepted ?? payment.stateTimes.settled ?? payment.firstSentAt ?? payment.createdAt;

const masked = (value: string) => (KENNITALA_DIGITS_PATTERN.test(value) ? maskKennitala(value) : value);

/**
 * A payment's receipt: one component for the screen, the printer and the saved PDF (which is this same HTML printed
 * by Chromium). The payer's kennitala is masked; everything else the customer may need to show is there.
 */
export function Receipt({ payment, locale, environment, profileName, payerName }: ReceiptProps) {
  useMessages(locale); // waits until the receipt's language is here
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const { order } = payment;
  const at = receiptTime(payment);
  const test = environment !== 'production';
  // The test mark shouts the environment as the banner does; the environment's row names it in ordinary case.
  const environmentName = test ? t(`env.${environment}`) : t('receipt.production');
  const environmentRow = test ? t(`profiles.env.${environment}`) : t('receipt.production');
  const none = t('receipt.none');
  const fromBackup = stateFromBackup(payment);
  return (
    <article className={`receipt${test ? ' receipt-test' : ''}`} data-testid="receipt" lang={locale}>
      {test && (
        <p className="receipt-test-mark" data-testid="receipt-test">
          {t('receipt.test', { environment: environmentName })}
        </p>
      )}
      <h3 className="receipt-title">{t('receipt.title')}</h3>
      {/* A state a backup file gave it is the file's word: anybody can write one, so it is never the bank's. */}
      {fromBackup ? (
        <p className="receipt-customer-word" data-testid="receipt-from-backup">
          {t('receipt.fromBackup')}
        </p>
      ) : (
        receiptKind(payment.state) === 'customer' && (
          <p className="receipt-customer-word" data-testid="receipt-customer-word">
            {t('receipt.customerWord')}
          </p>
        )
      )}
      <p className="receipt-amount">
        <strong>{formatAmount(order.amount, locale)}</strong>
      </p>
      <dl className="receipt-fields">
        <Row label={t('receipt.amountInWords')}>{amountInWords(order.amount, locale)}</Row>
        {payerName && <Row label={t('receipt.payer')}>{payerName}</Row>}
        <Row label={t('receipt.payerKennitala')}>
          <Unbroken>{masked(order.debtorKennitala)}</Unbroken>
        </Row>
        <Row label={t('receipt.fromAccount')}>
          <Unbroken>{displayAccount(order.debtorAccount)}</Unbroken>
        </Row>
        <Row label={t('receipt.payee')}>{order.payeeName || none}</Row>
        <Row label={t('receipt.payeeKennitala')}>
          <Unbroken>{showKennitala(order.depositKennitala)}</Unbroken>
        </Row>
        <Row label={t('receipt.toAccount')}>
          <Unbroken>{displayAccount(order.depositAccount)}</Unbroken>
        </Row>
        <Row label={t('receipt.reference')}>
          <code>{order.endToEndId || none}</code>
        </Row>
        <Row label={t('receipt.message')}>{order.extendedReference || none}</Row>
        <Row label={t('receipt.when')}>
          {t('receipt.gmt', { date: gmtDay(at), time: formatGmtTime(at, locale) })}
          <br />
          {t('receipt.local', { dateTime: formatDateTime(at, locale) })}
        </Row>
        <Row label={t('receipt.bankStatus')}>
          {fromBackup ? t('history.fromBackup', { state: t(`state.${payment.state}`) }) : t(`state.${payment.state}`)}
          {payment.bankStatus ? ` (${payment.bankStatus})` : ''}
        </Row>
        <Row label={t('receipt.initiationId')}>
          <code>{payment.initiationId ?? none}</code>
        </Row>
        <Row label={t('receipt.requestId')}>
          <code>{payment.requestId}</code>
        </Row>
        <Row label={t('receipt.environment')}>
          {/* A built-in profile is named for its environment: "Staðbundið prófunarumhverfi", once, not twice. */}
          {sameName(profileName, environmentRow) ? profileName : `${profileName} (${environmentRow})`}
        </Row>
      </dl>
    </article>
  );
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * An account number or kennitala: read as one piece, so never broken at its dashes (0133-26- on one line and 012345 on
 * the next reads as two numbers) even where the long ids around it may break anywhere.
 */
function Unbroken({ children }: { children: ReactNode }) {
  return <span className="receipt-number">{children}</span>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="receipt-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The receipt as the printer and "Save as PDF" see it: the same component, outside the app's root, shown only in
 * print (styles.css hides everything else there).
 */
export function PrintableReceipt(props: ReceiptProps) {
  return createPortal(
    <div className="print-root" data-testid="print-root">
      <Receipt {...props} />
    </div>,
    document.body,
  );
}
