import { bankErrorTexts } from '../../../common/bank-error-texts.ts';
import { bankErrorTable, type BankErrorName } from '../../../common/bank-errors.ts';
import { DAILY_LIMIT_ISK } from '../../../common/isk-amount.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { PaymentFailure } from '../../../common/payment.ts';
import type { DailyLimitView } from '../../../common/bridge-contract.ts';
import { formatAmount, formatDuration, formatGmtTime } from './format.ts';
import { hasMessage, type Translate } from './index.ts';

/** What went wrong, in a sentence, and what the customer can do about it (when there is more to say). */
export interface FailureText {
  title: string;
  action?: string;
}

/**
 * A failure to explain: a payment's recorded error (name and code), or a call the main process refused (its code
 * alone), such as a status refresh whose token renewal failed.
 */
export type Failure = Pick<PaymentFailure, 'code'> & { name?: string };

/** A damaged record explains itself even when it carries no error of its own. */
export const DAMAGED_FAILURE: PaymentFailure = { name: 'RecordDamaged', code: 'RECORD_DAMAGED', message: '' };

const isBankErrorName = (name: string | undefined): name is BankErrorName =>
  name !== undefined && Object.hasOwn(bankErrorTable, name);

/**
 * The one explanation of a failed or uncertain payment, for the result screen and the payment's details alike:
 *
 * 1. the bank's refusals in the catalogue's words (common/bank-error-texts.ts);
 * 2. the app's own failures, by code, then by name (`failure.*`): no connection, no answer, the 24-hour window, an
 *    interrupted send, a damaged record, a token renewal that failed. The app's own daily-limit check borrows the
 *    bank's name `OverDailyAmount` but is not the bank's refusal (nothing was sent), so its code is told apart from
 *    the catalogue's;
 * 3. a refused call's general text (`error.*`), which says what to do in the same sentence;
 * 4. anything else (a record from a newer version of the app) in general words.
 */
export function explainFailure(failure: Failure, locale: AppLocale, t: Translate, today?: DailyLimitView): FailureText {
  const text = inAppCurrencyStyle(explain(failure, locale, t), locale);
  // Over the daily limit with nothing left of it (another app used it, say): paying less is no way out; the reset is.
  const overLimit = failure.code === 'LOCAL_DAILY_LIMIT' || failure.name === 'OverDailyAmount';
  if (overLimit && today && today.remaining === 0) {
    return {
      ...text,
      action: t('failure.limitUsedUp.action', {
        time: formatGmtTime(today.resetsAt, locale),
        duration: formatDuration(today.resetsAt - today.asOf, locale),
      }),
    };
  }
  return text;
}

function explain(failure: Failure, locale: AppLocale, t: Translate): FailureText {
  const byCode = textOf(`failure.${failure.code}`, t, { limit: formatAmount(DAILY_LIMIT_ISK, locale) });
  if (isBankErrorName(failure.name) && !byCode) return bankErrorTexts[failure.name][locale];
  const text = byCode ?? (failure.name === undefined ? undefined : textOf(`failure.${failure.name}`, t));
  if (text) return text;
  const general = `error.${failure.code}`;
  if (hasMessage(general)) return { title: t(general, { message: '' }) };
  return { title: t('failure.generic.title'), action: t('failure.generic.action') };
}

/**
 * Amounts the catalogue writes out (`200,000 kr.`, `0 kr.`) in the style the app writes every other amount in that
 * language (`ISK 200,000` in English), so a result never mixes two currency styles, as the limit meter beside it and
 * the app's own texts use formatAmount.
 */
const WRITTEN_AMOUNT = /\b(\d{1,3}(?:[.,]\d{3})+|\d+)[\s\u00a0]kr\./gu;

export function inAppCurrencyStyle(text: FailureText, locale: AppLocale): FailureText {
  // The full stop of `kr.` also ends the sentence where the amount is last (`more than 0 kr.`): an amount written
  // without one (`ISK 0`) keeps the sentence's.
  const restyle = (sentence: string) =>
    sentence.replace(WRITTEN_AMOUNT, (whole: string, digits: string, at: number) => {
      const amount = formatAmount(Number(digits.replace(/\D/g, '')), locale);
      const endsSentence = /^(\s+\p{Lu}|\s*$)/u.test(sentence.slice(at + whole.length));
      return endsSentence && !amount.endsWith('.') ? `${amount}.` : amount;
    });
  return { title: restyle(text.title), ...(text.action === undefined ? {} : { action: restyle(text.action) }) };
}

function textOf(key: string, t: Translate, params: Record<string, string> = {}): FailureText | undefined {
  const title = `${key}.title`;
  const action = `${key}.action`;
  if (!hasMessage(title)) return undefined;
  return { title: t(title, params), ...(hasMessage(action) ? { action: t(action, params) } : {}) };
}
