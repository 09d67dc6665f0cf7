import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bankErrorTexts } from '../../../common/bank-error-texts.ts';
import { PAYMENT_TERMS } from '../../../common/glossary.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { PaymentIntent } from '../../../common/payment.ts';
import { EXPORT_HEADERS, FAILURE_TITLE_KEYS, failureTitle } from '../../../main/payments/export-texts.ts';
import { csvSeparator, historyCsv } from '../../../main/payments/history.ts';

/**
 * The export as a spreadsheet reads it (issue 27), not as a string: the file is read back by a spreadsheet engine that
 * guesses each cell's type from its text the way Excel does when a CSV is opened by a double click (SheetJS), and,
 * where LibreOffice is installed, by LibreOffice itself. CI does not install LibreOffice (it would add half a minute
 * or more to a suite at its time limit): there the LibreOffice check skips and says why.
 */

/** 15:36 UTC is 10:36 in New York in November (UTC-5). */
const CONFIRMED = Date.parse('2026-11-26T15:36:00Z');
const LOCAL = { year: 2026, month: 11, day: 26, hour: 10, minute: 36 };

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
  createdAt: CONFIRMED,
  updatedAt: CONFIRMED,
  attempts: 1,
  order: {
    debtorKennitala: '1203852089',
    debtorAccount: '013326012345',
    depositKennitala: '0507922189',
    depositAccount: '013326020001',
    amount: 1005,
    endToEndId: `Ref ${n}`,
    extendedReference: '',
    payeeName: 'Þóra Björnsdóttir',
    ...order,
  },
  ...extra,
});

const rows = [
  intent(1, { paymentDate: '2026-11-26T15:40:00.000Z', bankStatus: 'ACCC' }),
  intent(2, {
    state: 'rejected',
    error: { name: 'AmountUnavailable', code: 'ERR_80102_105', message: 'Insufficient funds', httpStatus: 400 },
  }),
  intent(3, {
    state: 'unknown',
    error: { name: 'Interrupted', code: 'INTERRUPTED', message: 'The app stopped while the payment was being sent' },
  }),
  // Each opening a formula can start with: the guard must keep every one of them text.
  intent(4, {}, { endToEndId: '=HYPERLINK("x")', extendedReference: '+1+1', payeeName: '@SUM(1)' }),
  intent(5, {}, { endToEndId: '-2+3', extendedReference: '\t=1+1' }),
];

// Away from UTC, so that a column on the customer's clock is told apart from one in UTC. Node reads TZ anew each time
// it is set; this file runs in a worker of its own.
const inZone = <T>(zone: string | undefined, run: () => T): T => {
  const before = process.env.TZ;
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
};
/** The saved files' bytes, as save-file writes them (UTF-8, BOM first), made on a New York computer. */
const files = new Map<AppLocale, Buffer>();
beforeAll(() => {
  inZone('America/New_York', () => {
    for (const locale of ['is', 'en'] as const) files.set(locale, Buffer.from(historyCsv(rows, locale), 'utf8'));
  });
});

const fileOf = (locale: AppLocale): Buffer => {
  const file = files.get(locale);
  if (!file) throw new Error(`no ${locale} file`);
  return file;
};

/** Excel's serial number of a wall-clock time: days since 1899-12-30. */
const serialOf = (t: typeof LOCAL): number =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) / 86_400_000 + 25_569;

/** Cells by header: the header row is the file's own, in its language. */
function sheetOf(workbook: XLSX.WorkBook) {
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) throw new Error('no sheet');
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const headers = new Map<string, number>();
  for (let c = range.s.c; c <= range.e.c; c += 1) {
    const cell = sheet[XLSX.utils.encode_cell({ r: 0, c })] as XLSX.CellObject | undefined;
    if (cell) headers.set(String(cell.v), c);
  }
  const cell = (row: number, header: string): XLSX.CellObject => {
    const column = headers.get(header);
    if (column === undefined) throw new Error(`no column ${header}: ${[...headers.keys()].join(' | ')}`);
    return (sheet[XLSX.utils.encode_cell({ r: row, c: column })] as XLSX.CellObject | undefined) ?? { t: 'z' };
  };
  const formulas = Object.entries(sheet).filter(([key, value]) => !key.startsWith('!') && 'f' in (value as object));
  return { cell, formulas, rows: range.e.r };
}

const is = { ...PAYMENT_TERMS.is, ...EXPORT_HEADERS.is };
const en = { ...PAYMENT_TERMS.en, ...EXPORT_HEADERS.en };
const TERMS = { is, en };

type Sheet = ReturnType<typeof sheetOf>;

/** What both engines must make of the file, in either language. */
function expectCleanSheet(sheet: Sheet, locale: AppLocale) {
  const terms = TERMS[locale];
  expect(sheet.rows).toBe(rows.length);

  // The kennitala is text, leading zero and all, as people write it: not the number 507922189.
  expect(sheet.cell(1, terms.payeeKennitala)).toMatchObject({ t: 's', v: '050792-2189' });
  expect(sheet.cell(1, terms.from)).toMatchObject({ t: 's', v: '0133-26-012345' });

  // The time on the customer's clock is a date and time to the spreadsheet, shown as one.
  const local = sheet.cell(1, terms.createdLocal);
  expect(local.t).toBe('n');
  expect(local.v).toBeCloseTo(serialOf(LOCAL), 6);
  expect(XLSX.SSF.is_date(local.z ?? 'General')).toBe(true);
  const paid = sheet.cell(1, terms.paymentDateLocal);
  expect(paid.t).toBe('n');
  expect(paid.v).toBeCloseTo(serialOf({ ...LOCAL, minute: 40 }), 6);
  // The ISO instant stays text, exactly as written, for machines.
  expect(sheet.cell(1, terms.createdUtc)).toMatchObject({ t: 's', v: '2026-11-26T15:36:00.000Z' });
  expect(sheet.cell(1, terms.paymentDate)).toMatchObject({ t: 's', v: '2026-11-26T15:40:00.000Z' });

  expect(sheet.cell(1, terms.amount)).toMatchObject({ t: 'n', v: 1005 });
  expect(sheet.cell(1, terms.payee)).toMatchObject({ t: 's', v: 'Þóra Björnsdóttir' });

  // What went wrong, in the file's language; the code stays for machines.
  expect(sheet.cell(2, terms.error)).toMatchObject({ t: 's', v: bankErrorTexts.AmountUnavailable[locale].title });
  expect(sheet.cell(2, terms.errorCode)).toMatchObject({ t: 's', v: 'ERR_80102_105' });
  expect(sheet.cell(3, terms.error)).toMatchObject({ t: 's', v: failureTitle(rows[2] ?? intent(0), locale) });
  expect(sheet.cell(1, terms.error).t).toBe('z');

  // Nothing runs: every would-be formula is text, shown with the apostrophe that defused it.
  expect(sheet.formulas).toEqual([]);
  expect(sheet.cell(4, terms.reference)).toMatchObject({ t: 's', v: `'=HYPERLINK("x")` });
  expect(sheet.cell(4, terms.extendedReference)).toMatchObject({ t: 's', v: `'+1+1` });
  expect(sheet.cell(4, terms.payee)).toMatchObject({ t: 's', v: `'@SUM(1)` });
  expect(sheet.cell(5, terms.reference)).toMatchObject({ t: 's', v: `'-2+3` });
  expect(sheet.cell(5, terms.extendedReference)).toMatchObject({ t: 's', v: `'\t=1+1` });
}

describe.each(['is', 'en'] as const)('the CSV export read back by a spreadsheet (%s)', (locale) => {
  it('SheetJS, guessing types as Excel does on a double click, sees text, dates and numbers where they belong', () => {
    // The separator a spreadsheet in the file's language expects (Icelandic Excel's list separator is `;`).
    // Read in UTC: SheetJS 0.18 turns the date it parsed into a serial number through the process's time zone, and a
    // spreadsheet's serial is a wall-clock time that has none.
    const workbook = inZone('UTC', () =>
      XLSX.read(fileOf(locale), { type: 'buffer', FS: csvSeparator(locale), cellNF: true }),
    );
    const sheet = sheetOf(workbook);
    expect(sheet.cell(0, TERMS[locale].localId).v).toBe(PAYMENT_TERMS[locale].localId);
    expectCleanSheet(sheet, locale);
  });

  const soffice = findSoffice();
  it(`LibreOffice reads it the same way ${soffice.found ? '' : `(skipped: ${soffice.reason})`}`, async (context) => {
    if (!soffice.found) {
      context.skip(soffice.reason);
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'a2a-csv-'));
    try {
      const csv = join(dir, 'history.csv');
      await writeFile(csv, fileOf(locale));
      // CSV filter options: separator, `"`, UTF-8 (76), from line 1, no column types, the file's language (is-IS 1039,
      // en-US 1033), quoted fields not forced to text, detect special numbers (dates: without it LibreOffice reads
      // nothing but plain numbers), and evaluate formulas: the worst case for the guard.
      const filter = `CSV:${csvSeparator(locale).charCodeAt(0)},34,76,1,,${locale === 'is' ? 1039 : 1033},false,true,,,,,true`;
      await promisify(execFile)(
        soffice.path,
        [
          `-env:UserInstallation=file://${join(dir, 'profile')}`,
          '--headless',
          '--convert-to',
          'xlsx',
          `--infilter=${filter}`,
          '--outdir',
          dir,
          csv,
        ],
        { timeout: 90_000 },
      );
      // An xlsx says each cell's type: SheetJS reads what LibreOffice decided, and guesses nothing.
      const sheet = sheetOf(XLSX.read(await readFile(join(dir, 'history.xlsx')), { type: 'buffer', cellNF: true }));
      expectCleanSheet(sheet, locale);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

function findSoffice(): { found: true; path: string } | { found: false; reason: string } {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    for (const name of ['soffice', 'libreoffice']) {
      const path = join(dir, name);
      try {
        // Whether it is there and runs, not started: starting LibreOffice costs seconds.
        accessSync(path, constants.X_OK);
        return { found: true, path };
      } catch {
        // not here
      }
    }
  }
  return {
    found: false,
    reason: 'LibreOffice (soffice) is not installed; `apt-get install libreoffice-calc-nogui` runs this check',
  };
}

describe('the error column speaks as the screens do', () => {
  const Messages = z.object({ en: z.record(z.string(), z.string()), is: z.record(z.string(), z.string()) });

  it('in both languages, each failure by the title the payment’s details give it', async () => {
    // Read, not imported: main is built without the renderer; the renderer's words are the ones to match.
    const path = '../../../renderer/src/i18n/messages/failure.ts';
    const messages = Messages.parse(await import(/* @vite-ignore */ path));
    for (const locale of ['is', 'en'] as const) {
      for (const key of FAILURE_TITLE_KEYS) {
        const title = messages[locale][`failure.${key}.title`];
        expect(title, `failure.${key}.title`).toBeDefined();
        // The app's codes are upper case, its names not; `generic` stands for a name no version of the app knows yet.
        const failure =
          key === 'generic'
            ? { name: 'FromANewerVersion', code: 'NEW' }
            : key === key.toUpperCase()
              ? { name: 'X', code: key }
              : { name: key, code: 'X' };
        const limit = locale === 'is' ? '200.000 kr.' : 'ISK 200,000';
        expect(failureTitle({ state: 'rejected', error: { ...failure, message: '' } }, locale)).toBe(
          title?.replace('{limit}', limit),
        );
      }
    }
    // A refusal by the bank in the catalogue's words; a damaged record without an error of its own still explained.
    expect(
      failureTitle({ state: 'rejected', error: { name: 'AmountUnavailable', code: 'ERR', message: 'x' } }, 'is'),
    ).toBe('Ekki er næg innstæða á reikningnum sem greitt er af.');
    expect(failureTitle({ state: 'damaged' }, 'is')).toBe(messages.is['failure.RECORD_DAMAGED.title']);
    expect(failureTitle({ state: 'settled' }, 'is')).toBe('');
  });
});
