import { bankErrorTexts, type ErrorText } from '../../../../common/bank-error-texts.ts';
import type { PaymentFailure } from '../../../../common/payment.ts';
import { DAILY_LIMIT_ISK } from '../../../../common/isk-amount.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { hasMessage, type Translate } from '../../i18n/index.ts';
import { formatAmount } from '../../i18n/format.ts';

/**
 * What a failed payment's error means for the customer, and what to do: the bank's errors from the catalogue, the
 * app's own (no connection, no answer, the 24-hour window, an interrupted send, the app's own limit check) from the
 * history texts, and anything else with a general explanation.
 */
export function explainFailure(error: PaymentFailure, locale: AppLocale, t: Translate): ErrorText {
  if (error.code === 'LOCAL_DAILY_LIMIT') {
    return {
      title: t('history.failure.LOCAL_DAILY_LIMIT.title', { limit: formatAmount(DAILY_LIMIT_ISK, locale) }),
      action: t('history.failure.LOCAL_DAILY_LIMIT.action'),
    };
  }
  if (error.code === 'RECORD_DAMAGED') {
    return { title: t('history.failure.RecordDamaged.title'), action: t('history.failure.RecordDamaged.action') };
  }
  if (Object.hasOwn(bankErrorTexts, error.name)) {
    return bankErrorTexts[error.name as keyof typeof bankErrorTexts][locale];
  }
  const title = `history.failure.${error.name}.title`;
  const action = `history.failure.${error.name}.action`;
  if (hasMessage(title) && hasMessage(action)) return { title: t(title), action: t(action) };
  return { title: t('history.failure.generic.title'), action: t('history.failure.generic.action') };
}
