import { bankErrorTexts } from '../../../common/bank-error-texts.ts';
import type { BankErrorName } from '../../../common/bank-errors.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { PaymentFailure } from '../../../common/payment.ts';
import { hasMessage, useT } from '../i18n/index.ts';
import { useApp } from '../lib/wallet-context.tsx';

/** What a failed or uncertain payment's error means for the customer, and what to do: the bank's catalogue first. */
export function explainFailure(
  failure: PaymentFailure,
  locale: AppLocale,
  t: ReturnType<typeof useT>,
): { title: string; action?: string } {
  const byCode = `result.error.${failure.code}`;
  if (hasMessage(byCode)) return { title: t(byCode) };
  if (Object.hasOwn(bankErrorTexts, failure.name)) return bankErrorTexts[failure.name as BankErrorName][locale];
  const byName = `result.error.${failure.name}`;
  if (hasMessage(byName)) return { title: t(byName) };
  return { title: t('result.error.other', { code: failure.code }) };
}

export function PaymentError({ failure }: { failure: PaymentFailure }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const text = explainFailure(failure, locale, t);
  return (
    <div className="payment-error" data-testid="payment-error">
      <p>
        <strong>{text.title}</strong>
      </p>
      {text.action && <p>{text.action}</p>}
    </div>
  );
}
