import type { CallDetail } from '../../common/bank-calls.ts';
import type { AppLocale } from '../../common/locale.ts';

/**
 * A removed text's word in the customer's language. Calls are kept with the English word (redact.ts, removedText),
 * and shown, or put in a support bundle, in the language in use then. The Icelandic is as long as the English, so a
 * body cut to its length stays within it.
 */
const REMOVED_TEXT = /\[removed, length (\d+)\]/g;
/** A value removed whole (a secret, a field about the customer): one word for it in Icelandic too (issue 42). */
const REMOVED_VALUE = /\[removed\]/g;

export function removedInLanguage(text: string, locale: AppLocale): string {
  if (locale !== 'is') return text;
  return text
    .replace(REMOVED_TEXT, (_all, length: string) => `[fjarlægt, lengd ${length}]`)
    .replace(REMOVED_VALUE, '[fjarlægt]');
}

/** A call's bodies with their removed texts in the customer's language. */
export function detailInLanguage(detail: CallDetail, locale: AppLocale): CallDetail {
  if (locale !== 'is') return detail;
  const inLanguage = <T extends { body?: string | undefined }>(exchange: T): T =>
    exchange.body === undefined ? exchange : { ...exchange, body: removedInLanguage(exchange.body, locale) };
  return {
    ...detail,
    request: inLanguage(detail.request),
    ...(detail.response ? { response: inLanguage(detail.response) } : {}),
  };
}
