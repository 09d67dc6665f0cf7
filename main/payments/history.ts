import { z } from 'zod';
import { displayAccount } from '../../common/account-number.ts';
import { PAYMENT_STATE_NAMES, PAYMENT_TERMS, type PaymentTerm } from '../../common/glossary.ts';
import type { AppLocale } from '../../common/locale.ts';
import { formatKennitala } from '../../common/kennitala.ts';
import type { HistoryFilter, PaymentIntent } from '../../common/payment.ts';
import { EXPORT_HEADERS, failureTitle } from './export-texts.ts';

/**
 * Text as a search compares it: lower case, accents off (ö, ó, á are o, o, a), and the Icelandic letters that are no
 * accented letter written as a keyboard without them writes them (ð d, þ th, æ ae). A customer types "bjorn" or
 * "gudrun" on a foreign keyboard, or in a hurry, and means Björn and Guðrún; both sides are folded, so "Björn" still
 * finds "Björn".
 */
export function foldForSearch(text: string): string {
  // Letter by letter, each one folded once and remembered: decomposing whole strings (normalize('NFD')) costs ten
  // times more, which the first search over 100 000 payments would feel. No locale's rules are needed for
  // lower-casing Icelandic or English.
  return text.toLowerCase().replace(NOT_ASCII, foldLetter);
}
const NOT_ASCII = /[\u0080-\uffff]/g;
const FOLDED_LETTERS: Record<string, string> = { ð: 'd', đ: 'd', þ: 'th', æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss' };
const foldedLetters = new Map<string, string>();
function foldLetter(letter: string): string {
  let folded = foldedLetters.get(letter);
  if (folded === undefined) {
    // ö is o and a diaeresis, which goes; a combining mark on its own folds to nothing.
    folded = FOLDED_LETTERS[letter] ?? letter.normalize('NFD').replace(/\p{M}/gu, '');
    if (foldedLetters.size < 4096) foldedLetters.set(letter, folded);
  }
  return folded;
}

/**
 * What a search looks in, folded once and remembered, so a search over 100 000 payments folds the query and not
 * 100 000 strings again. Names by their text, since a customer pays the same few payees over and over (bounded, in
 * case not); the rest once per snapshot of an intent (a snapshot never changes; a change is a new one), and only
 * when a text search first needs it.
 */
const NAMES_REMEMBERED = 20_000;
const payees = new Map<string, string>();
function payeeOf(intent: PaymentIntent): string {
  const name = intent.order.payeeName;
  let payee = payees.get(name);
  if (payee === undefined) {
    payee = foldForSearch(name);
    if (payees.size >= NAMES_REMEMBERED) payees.clear();
    payees.set(name, payee);
  }
  return payee;
}
const texts = new WeakMap<PaymentIntent, string>();
/** What a text search looks in, folded (see `foldForSearch`). */
export function textOf(intent: PaymentIntent): string {
  let text = texts.get(intent);
  if (text === undefined) {
    const { endToEndId, extendedReference } = intent.order;
    // The customer's own note is theirs to search by (issue 42).
    const own = [
      endToEndId,
      extendedReference,
      intent.note ?? '',
      intent.initiationId ?? '',
      intent.requestId,
      intent.id,
    ].join('\n');
    text = `${foldForSearch(own)}\n${payeeOf(intent)}`;
    texts.set(intent, text);
  }
  return text;
}

/**
 * The history of one profile: filtered, newest first, paged, and exported as CSV. `ordered`: the intents come newest
 * first already (the store keeps that order), so nothing is sorted.
 */
export function filterHistory(
  intents: Iterable<PaymentIntent>,
  filter: HistoryFilter = {},
  options: { ordered?: boolean } = {},
): PaymentIntent[] {
  const payeeDigits = filter.payee?.replace(/[\s-]/g, '');
  const payeeText = filter.payee && foldForSearch(filter.payee.trim());
  const text = filter.text && foldForSearch(filter.text.trim());
  const states = filter.states && new Set(filter.states);
  const matches = (intent: PaymentIntent): boolean => {
    if (filter.from !== undefined && intent.createdAt < filter.from) return false;
    if (filter.to !== undefined && intent.createdAt >= filter.to) return false;
    if (states && !states.has(intent.state)) return false;
    if (payeeText) {
      const { depositKennitala, depositAccount } = intent.order;
      const byNumber =
        !!payeeDigits && /^\d+$/.test(payeeDigits) && `${depositKennitala} ${depositAccount}`.includes(payeeDigits);
      if (!byNumber && !payeeOf(intent).includes(payeeText)) return false;
    }
    if (text && !textOf(intent).includes(text)) return false;
    return true;
  };
  const matching = [...intents].filter(matches);
  return options.ordered ? matching : matching.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/** Whether a filter leaves anything out (an empty list of states leaves out everything). */
export function narrowsHistory(filter: HistoryFilter): boolean {
  return (
    filter.from !== undefined ||
    filter.to !== undefined ||
    filter.states !== undefined ||
    !!filter.payee?.trim() ||
    !!filter.text?.trim()
  );
}

export function pageHistory(
  intents: Iterable<PaymentIntent>,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
  options: { ordered?: boolean } = {},
): { total: number; items: PaymentIntent[] } {
  const all = filterHistory(intents, filter, options);
  return { total: all.length, items: all.slice(page.offset, page.offset + page.limit) };
}

/** `2026-11-26 10:36:00`: an instant on this computer's clock, as the screens show it. */
function spreadsheetDateTime(instant: number): string {
  const date = new Date(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}

const IsoInstant = z.iso.datetime({ offset: true });
const IsoDay = z.iso.date();

/**
 * The bank's payment date on this computer's clock when it is an ISO instant; a bare day is a day wherever one is, so
 * it stays as it is. Anything else (the bank documents no format) is left to the column that keeps its words.
 */
function localPaymentDate(paymentDate: string | undefined): string {
  if (paymentDate === undefined) return '';
  if (IsoInstant.safeParse(paymentDate).success) return spreadsheetDateTime(Date.parse(paymentDate));
  return IsoDay.safeParse(paymentDate).success ? paymentDate : '';
}

type ExportColumn = PaymentTerm | keyof (typeof EXPORT_HEADERS)[AppLocale];

/**
 * The export's columns, named as the screens name them (common/glossary.ts), in the customer's language. Written for
 * a spreadsheet opened by a double click, which guesses each cell's type from its text:
 * - times twice: `2026-11-26 10:36:00` on the customer's clock, which Excel (in any language) and LibreOffice (with
 *   "Detect special numbers") read as a date and time, and which sorts right even where it stays text; then the ISO
 *   instant in UTC, for machines, which every spreadsheet keeps as text;
 * - the kennitala as people write it, `050792-2189`: bare digits are a number to a spreadsheet, which drops the
 *   leading zero (507922189). Text by its dash, with no formula (`="…"`) and no apostrophe for a spreadsheet to show;
 * - what went wrong in the file's language, as the payment's details say it, beside the code for machines.
 */
const COLUMNS: [ExportColumn, (intent: PaymentIntent, locale: AppLocale) => string | number][] = [
  ['localId', (i) => i.id],
  ['createdLocal', (i) => spreadsheetDateTime(i.createdAt)],
  ['createdUtc', (i) => new Date(i.createdAt).toISOString()],
  ['state', (i, locale) => PAYMENT_STATE_NAMES[locale][i.state]],
  ['amount', (i) => i.order.amount],
  ['currency', () => 'ISK'],
  ['from', (i) => displayAccount(i.order.debtorAccount)],
  ['payeeKennitala', (i) => formatKennitala(i.order.depositKennitala)],
  ['to', (i) => displayAccount(i.order.depositAccount)],
  ['payee', (i) => i.order.payeeName],
  ['reference', (i) => i.order.endToEndId],
  ['extendedReference', (i) => i.order.extendedReference],
  ['requestId', (i) => i.requestId],
  ['initiationId', (i) => i.initiationId ?? ''],
  ['bankStatus', (i) => i.bankStatus ?? ''],
  ['paymentDateLocal', (i) => localPaymentDate(i.paymentDate)],
  ['paymentDate', (i) => i.paymentDate ?? ''],
  ['errorCode', (i) => i.error?.code ?? ''],
  ['error', (i, locale) => failureTitle(i, locale)],
];

const NOTE_COLUMN: (typeof COLUMNS)[number] = ['note', (i) => i.note ?? ''];

/**
 * Spreadsheets read CSV by the system's conventions: in Icelandic a semicolon between fields (the comma is the
 * decimal mark there), in English a comma.
 */
export const csvSeparator = (locale: AppLocale): ';' | ',' => (locale === 'is' ? ';' : ',');

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is defused with a leading apostrophe. */
function csvField(value: string | number, separator: string): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * UTF-8 with a byte-order mark (so spreadsheets read Icelandic letters right), CRLF line ends, whole krónur (no
 * decimal mark to read by the file's language), the headers, states and errors in the customer's language.
 */
export function historyCsv(
  intents: Iterable<PaymentIntent>,
  locale: AppLocale,
  options: { notes?: boolean } = {},
): string {
  const separator = csvSeparator(locale);
  const titles: Record<ExportColumn, string> = { ...PAYMENT_TERMS[locale], ...EXPORT_HEADERS[locale] };
  // The customer's notes only when they ticked it (issue 42): a file leaves the computer more easily than the app.
  const columns = options.notes ? [...COLUMNS, NOTE_COLUMN] : COLUMNS;
  const rows = [columns.map(([column]) => csvField(titles[column], separator)).join(separator)];
  for (const intent of intents) {
    rows.push(columns.map(([, value]) => csvField(value(intent, locale), separator)).join(separator));
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
