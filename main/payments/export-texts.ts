import { bankErrorTexts } from '../../common/bank-error-texts.ts';
import { bankErrorTable, type BankErrorName } from '../../common/bank-errors.ts';
import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PaymentFailure, PaymentIntent } from '../../common/payment.ts';

/**
 * The few words the CSV export needs that common/glossary.ts does not have: main cannot read the renderer's messages,
 * so they live here. Headers of the columns added for spreadsheets, beside the ISO ones kept for machines.
 */
export const EXPORT_HEADERS: Record<AppLocale, { createdLocal: string; createdUtc: string; paymentDateLocal: string }> =
  {
    en: {
      createdLocal: 'Confirmed (local time)',
      createdUtc: 'Confirmed (UTC)',
      paymentDateLocal: 'Payment date (local time)',
    },
    is: {
      createdLocal: 'Staðfest (staðartími)',
      createdUtc: 'Staðfest (UTC)',
      paymentDateLocal: 'Greiðsludagur (staðartími)',
    },
  };

const limit = (locale: AppLocale): string => {
  const digits = String(DAILY_LIMIT_ISK).replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'is' ? '.' : ',');
  return locale === 'is' ? `${digits} kr.` : `ISK ${digits}`;
};

/**
 * The app's own failures, by code first and then by name, as the screens title them (the titles of the renderer's
 * `failure.*` messages, renderer/src/i18n/messages/failure.ts): the error column says in the file's language what
 * the payment's details say, not the developer's English the record keeps. Only the titles: a row of a spreadsheet
 * is no place for advice. The bank's refusals are not here: their words are the catalogue's
 * (common/bank-error-texts.ts).
 */
const FAILURE_TITLES: Record<AppLocale, Record<string, string>> = {
  en: {
    generic: 'The payment did not go through as expected.',
    NetworkError: 'The connection to the bank failed.',
    Timeout: 'The bank did not answer in time.',
    RateLimited: 'The bank was busy and asked the app to wait.',
    UnexpectedResponse: 'The bank answered in a way the app did not understand.',
    WindowExpired: 'More than 24 hours passed since you confirmed the payment, so the app stopped sending it.',
    Interrupted: 'The app stopped while the payment was being sent.',
    RECORD_DAMAGED: 'This payment’s record is damaged: check your online banking before paying again.',
    LOCAL_DAILY_LIMIT: `The app did not send this payment: it would have gone over today’s limit of ${limit('en')}.`,
  },
  is: {
    generic: 'Greiðslan fór ekki í gegn eins og til stóð.',
    NetworkError: 'Sambandið við bankann rofnaði.',
    Timeout: 'Bankinn svaraði ekki í tæka tíð.',
    RateLimited: 'Bankinn var önnum kafinn og bað forritið að bíða.',
    UnexpectedResponse: 'Forritið skildi ekki svar bankans.',
    WindowExpired: 'Meira en sólarhringur leið frá því að þú staðfestir greiðsluna, svo forritið hætti að senda hana.',
    Interrupted: 'Forritið stöðvaðist meðan verið var að senda greiðsluna.',
    RECORD_DAMAGED: 'Færsla þessarar greiðslu er skemmd: athugaðu netbankann þinn áður en þú greiðir aftur.',
    LOCAL_DAILY_LIMIT: `Forritið sendi ekki þessa greiðslu: hún hefði farið yfir daglegt hámark, ${limit('is')}.`,
  },
};

/** The keys of FAILURE_TITLES, for the test that holds them to the renderer's `failure.*` messages. */
export const FAILURE_TITLE_KEYS = Object.keys(FAILURE_TITLES.en);

const isBankErrorName = (name: string): name is BankErrorName => Object.hasOwn(bankErrorTable, name);

/**
 * What went wrong with a payment, in the file's language, in the order the screens explain it
 * (renderer/src/i18n/explain-failure.ts): the app's own failure by code (its daily-limit check borrows the bank's
 * name `OverDailyAmount` but nothing was sent), a bank refusal by name, the app's own by name, else general words (a
 * record from a newer version of the app). A damaged record is explained even without an error of its own. Empty when
 * nothing went wrong.
 */
export function failureTitle(intent: Pick<PaymentIntent, 'state' | 'error'>, locale: AppLocale): string {
  const failure: Pick<PaymentFailure, 'name' | 'code'> | undefined =
    intent.error ?? (intent.state === 'damaged' ? { name: 'RecordDamaged', code: 'RECORD_DAMAGED' } : undefined);
  if (!failure) return '';
  const titles = FAILURE_TITLES[locale];
  const byCode = Object.hasOwn(titles, failure.code) ? titles[failure.code] : undefined;
  if (byCode !== undefined) return byCode;
  if (isBankErrorName(failure.name)) return bankErrorTexts[failure.name][locale].title;
  const byName = Object.hasOwn(titles, failure.name) ? titles[failure.name] : undefined;
  return byName ?? titles.generic ?? '';
}
