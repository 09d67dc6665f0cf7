import { displayAccount } from '../../common/account-number.ts';
import type { HistoryFilter, PaymentIntent } from '../../common/payment.ts';

/** The history of one profile: filtered, newest first, paged, and exported as CSV. */
export function filterHistory(intents: Iterable<PaymentIntent>, filter: HistoryFilter = {}): PaymentIntent[] {
  const payeeDigits = filter.payee?.replace(/[\s-]/g, '');
  const payeeText = filter.payee?.trim().toLocaleLowerCase('is');
  const text = filter.text?.trim().toLocaleLowerCase('is');
  const states = filter.states && new Set(filter.states);
  const matches = (intent: PaymentIntent): boolean => {
    if (filter.from !== undefined && intent.createdAt < filter.from) return false;
    if (filter.to !== undefined && intent.createdAt >= filter.to) return false;
    if (states && !states.has(intent.state)) return false;
    if (payeeText) {
      const { depositKennitala, depositAccount, payeeName } = intent.order;
      const byNumber =
        !!payeeDigits && /^\d+$/.test(payeeDigits) && `${depositKennitala} ${depositAccount}`.includes(payeeDigits);
      if (!byNumber && !payeeName.toLocaleLowerCase('is').includes(payeeText)) return false;
    }
    if (text) {
      const haystack = [
        intent.order.endToEndId,
        intent.order.extendedReference,
        intent.order.payeeName,
        intent.initiationId ?? '',
        intent.requestId,
        intent.id,
      ]
        .join('\n')
        .toLocaleLowerCase('is');
      if (!haystack.includes(text)) return false;
    }
    return true;
  };
  return [...intents].filter(matches).sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

export function pageHistory(
  intents: Iterable<PaymentIntent>,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
): { total: number; items: PaymentIntent[] } {
  const all = filterHistory(intents, filter);
  return { total: all.length, items: all.slice(page.offset, page.offset + page.limit) };
}

const COLUMNS: [string, (intent: PaymentIntent) => string | number][] = [
  ['Payment id', (i) => i.id],
  ['Created (UTC)', (i) => new Date(i.createdAt).toISOString()],
  ['State', (i) => i.state],
  ['Amount', (i) => i.order.amount],
  ['Currency', () => 'ISK'],
  ['From account', (i) => displayAccount(i.order.debtorAccount)],
  ['Payee kennitala', (i) => i.order.depositKennitala],
  ['Payee account', (i) => displayAccount(i.order.depositAccount)],
  ['Payee name', (i) => i.order.payeeName],
  ['Reference', (i) => i.order.endToEndId],
  ['Extended reference', (i) => i.order.extendedReference],
  ['X-Request-ID', (i) => i.requestId],
  ['Initiation id', (i) => i.initiationId ?? ''],
  ['Bank status', (i) => i.bankStatus ?? ''],
  ['Payment date', (i) => i.paymentDate ?? ''],
  ['Error code', (i) => i.error?.code ?? ''],
  ['Error', (i) => i.error?.message ?? ''],
];

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is defused with a leading apostrophe. */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** UTF-8 with a byte-order mark (so spreadsheets read Icelandic letters right), CRLF line ends, whole krónur. */
export function historyCsv(intents: Iterable<PaymentIntent>): string {
  const rows = [COLUMNS.map(([title]) => csvField(title)).join(',')];
  for (const intent of intents) rows.push(COLUMNS.map(([, value]) => csvField(value(intent))).join(','));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
