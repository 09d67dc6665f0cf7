import { describe, expect, it, vi } from 'vitest';
import type { PaymentIntent } from '../../../common/payment.ts';
import { filterHistory, foldForSearch, historyCsv, pageHistory } from '../../../main/payments/history.ts';

const base = Date.parse('2026-11-01T00:00:00Z');
const intent = (
  n: number,
  extra: Partial<PaymentIntent> = {},
  order: Partial<PaymentIntent['order']> = {},
): PaymentIntent => ({
  id: `id${n}`,
  profileId: 'local',
  requestId: `REQ${n}`,
  state: 'settled',
  stateTimes: {},
  createdAt: base + n * 3_600_000,
  updatedAt: base,
  attempts: 1,
  order: {
    debtorKennitala: '1203852089',
    debtorAccount: '013326012345',
    depositKennitala: '0507922189',
    depositAccount: '013326020001',
    amount: 1000 + n,
    endToEndId: `Ref ${n}`,
    extendedReference: '',
    payeeName: 'Björn Sigurðsson',
    ...order,
  },
  ...extra,
});

const history = [
  intent(1),
  intent(2, { state: 'rejected', error: { name: 'AmountUnavailable', code: 'ERR_80102_105', message: 'x' } }),
  intent(
    3,
    { initiationId: 'init-xyz' },
    { depositKennitala: '2311642009', depositAccount: '013326099999', payeeName: 'Guðrún' },
  ),
  intent(4, { state: 'unknown' }, { endToEndId: 'Leiga nóvember' }),
];

describe('history', () => {
  it('lists newest first', () => {
    expect(filterHistory(history).map((i) => i.id)).toEqual(['id4', 'id3', 'id2', 'id1']);
  });

  it('filters by date range (to is exclusive), state, payee and text', () => {
    expect(filterHistory(history, { from: base + 2 * 3_600_000, to: base + 4 * 3_600_000 }).map((i) => i.id)).toEqual([
      'id3',
      'id2',
    ]);
    expect(filterHistory(history, { states: ['rejected', 'unknown'] }).map((i) => i.id)).toEqual(['id4', 'id2']);
    expect(filterHistory(history, { payee: '231164-2009' }).map((i) => i.id)).toEqual(['id3']);
    expect(filterHistory(history, { payee: '0133-26-099999' }).map((i) => i.id)).toEqual(['id3']);
    expect(filterHistory(history, { payee: 'björn' }).map((i) => i.id)).toEqual(['id4', 'id2', 'id1']);
    expect(filterHistory(history, { text: 'NÓVEMBER' }).map((i) => i.id)).toEqual(['id4']);
    expect(filterHistory(history, { text: 'init-xyz' }).map((i) => i.id)).toEqual(['id3']);
    expect(filterHistory(history, { text: 'REQ2' }).map((i) => i.id)).toEqual(['id2']);
  });

  it('finds names and texts without their accents or case: "bjorn" finds Björn, "GUDRUN" Guðrún', () => {
    const ids = (filter: Parameters<typeof filterHistory>[1]) => filterHistory(history, filter).map((i) => i.id);
    expect(ids({ payee: 'bjorn' })).toEqual(['id4', 'id2', 'id1']);
    expect(ids({ payee: 'BJORN SIGURDSSON' })).toEqual(['id4', 'id2', 'id1']);
    expect(ids({ payee: 'gudrun' })).toEqual(['id3']);
    expect(ids({ payee: 'Guðrún' })).toEqual(['id3']);
    expect(ids({ text: 'leiga november' })).toEqual(['id4']);
    // The text search looks at the payee's name too, folded the same way.
    expect(ids({ text: 'sigurdss' })).toEqual(['id4', 'id2', 'id1']);
    // Folding takes off accents, it does not make letters alike: "bjarn" is no "björn".
    expect(ids({ payee: 'bjarn' })).toEqual([]);
  });

  it('folds the Icelandic letters that are no accented letter as a keyboard without them writes them', () => {
    expect(foldForSearch('Þórður Ægisson ÖRN Ásdís')).toBe('thordur aegisson orn asdis');
    expect(foldForSearch('Ingibjörg')).toBe('ingibjorg');
  });

  it('folds each payment once, whatever number of searches runs over it: later searches fold only the query', () => {
    const many = Array.from({ length: 2000 }, (_, n) => intent(n, {}, { payeeName: `Þórunn Björk ${String(n)}` }));
    const lower = vi.spyOn(String.prototype, 'toLowerCase');
    const folds = (search: () => void) => {
      const before = lower.mock.calls.length;
      search();
      return lower.mock.calls.length - before;
    };
    try {
      expect(folds(() => filterHistory(many, { payee: 'bjork 1999' }))).toBeGreaterThanOrEqual(many.length);
      expect(folds(() => filterHistory(many, { payee: 'thorunn' }))).toBe(1);
      expect(folds(() => filterHistory(many, { text: 'ref 5' }))).toBeGreaterThanOrEqual(many.length);
      expect(folds(() => filterHistory(many, { text: 'bjork 5', payee: 'þór' }))).toBe(2);
    } finally {
      lower.mockRestore();
    }
  });

  it('pages', () => {
    expect(pageHistory(history, {}, { offset: 1, limit: 2 })).toEqual({ total: 4, items: [history[2], history[1]] });
  });

  it('exports RFC 4180 CSV in UTF-8 with a BOM, whole krónur, quoted where needed', () => {
    const csv = historyCsv(
      [
        intent(5, {}, { endToEndId: 'Say "hi", ok', extendedReference: 'line1\nline2', payeeName: 'Þóra' }),
        intent(6, {}, { endToEndId: '=HYPERLINK("x")' }),
      ],
      'en',
    );
    expect(
      csv.startsWith('\uFEFFPayment id in this app,Confirmed (local time),Confirmed (UTC),Status,Amount,Currency,'),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toContain(
      ',1005,ISK,0133-26-012345,050792-2189,0133-26-020001,Þóra,"Say ""hi"", ok","line1\nline2",REQ5,',
    );
    expect(lines[1]).toContain('2026-11-01T05:00:00.000Z');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('in Icelandic: semicolons between fields, Icelandic headers, and the states as the screens name them', () => {
    const csv = historyCsv(
      [intent(5, { state: 'settled' }, { endToEndId: 'Leiga; nóvember', extendedReference: 'a,b', payeeName: 'Þóra' })],
      'is',
    );
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header?.split(';').slice(0, 5)).toEqual([
      'Auðkenni greiðslu í forritinu',
      'Staðfest (staðartími)',
      'Staðfest (UTC)',
      'Staða',
      'Upphæð',
    ]);
    expect(header).toContain(';Skýring til viðtakanda;');
    // A field holding the separator is quoted; a comma, no longer the separator, is left as it is.
    expect(row).toContain(';Greidd;1005;ISK;');
    expect(row).toContain(';"Leiga; nóvember";a,b;');
    expect(historyCsv([intent(5, { state: 'settled' })], 'en')).toContain(',Paid,1005,ISK,');
  });
});
