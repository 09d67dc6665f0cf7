import type { DraftField } from '../../../../common/bridge-contract.ts';
import { DAILY_LIMIT_ISK } from '../../../../common/isk-amount.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { END_TO_END_MAX, EXTENDED_REFERENCE_MAX } from '../../../../common/references.ts';
import { hasMessage, type Translate } from '../../i18n/index.ts';
import { formatAmount } from '../../i18n/format.ts';

/** The text for a field's error code, as the main process's check returned it. */
export function fieldErrorText(
  field: DraftField,
  code: string,
  context: { t: Translate; locale: AppLocale; remaining: number },
): string {
  const { t, locale } = context;
  const group =
    field === 'depositKennitala'
      ? 'kennitala'
      : field === 'debtorAccount' || field === 'depositAccount'
        ? 'account'
        : field === 'amount'
          ? 'amount'
          : 'text';
  const key = `field.${group}.${code}`;
  if (!hasMessage(key)) return t('error.INVALID_PAYMENT');
  return t(key, {
    limit: formatAmount(DAILY_LIMIT_ISK, locale),
    left: formatAmount(context.remaining, locale),
    max: field === 'endToEndId' ? END_TO_END_MAX : EXTENDED_REFERENCE_MAX,
  });
}
