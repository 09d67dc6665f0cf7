import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankErrorTexts, classifyBankError } from '../../common/bank-error-texts.ts';
import { bankErrorNames, bankErrorTable } from '../../common/bank-errors.ts';

// The bank's error table, copied from its service document into the repository (the fixture says from where), so
// this test runs, and can fail, wherever the repository is checked out.
const errorsSection = join(import.meta.dirname, 'fixtures', 'bank-service-errors.md');

/** The rows of the document's error table: | HTTP | Error | Code | Message | Cause |. */
function documentedErrors(): { httpStatus: number; name: string; code: string; message: string }[] {
  return readFileSync(errorsSection, 'utf8')
    .split('\n')
    .filter((line) => /^\|\s*\d{3}\s*\|/.test(line))
    .map((line) => {
      const [httpStatus = '', name = '', code = '', message = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return { httpStatus: Number(httpStatus), name, code, message };
    });
}

describe('bank error catalogue', () => {
  it("matches every row of the bank's error table, word for word, and has no row the bank does not", () => {
    const rows = documentedErrors();
    expect(rows).toHaveLength(17);
    for (const row of rows) {
      expect(bankErrorTable[row.name as keyof typeof bankErrorTable], row.name).toEqual({
        httpStatus: row.httpStatus,
        code: row.code,
        message: row.message,
      });
    }
    expect([...bankErrorNames].sort()).toEqual(rows.map((row) => row.name).sort());
  });

  it('explains every error in Icelandic and English, with something to do', () => {
    for (const name of bankErrorNames) {
      for (const locale of ['is', 'en'] as const) {
        expect(bankErrorTexts[name][locale].title.length).toBeGreaterThan(10);
        expect(bankErrorTexts[name][locale].action.length).toBeGreaterThan(10);
      }
      expect(bankErrorTexts[name].is.title).not.toBe(bankErrorTexts[name].en.title);
    }
  });

  it('classifies by code first, then the generic code by HTTP status', () => {
    expect(classifyBankError('ERR_80102_104', 400)).toBe('OverDailyAmount');
    expect(classifyBankError('ERR_80102_121', 404)).toBe('DebtorAccountNotFound');
    expect(classifyBankError('ERR_80102_110', 400)).toBe('AccountAccessDenied');
    expect(classifyBankError('ERR_80102_000', 400)).toBe('BadRequest');
    expect(classifyBankError('ERR_80102_000', 401)).toBe('Unauthorized');
    expect(classifyBankError('ERR_80102_000', 404)).toBe('NotFound');
    expect(classifyBankError('ERR_80102_000', 500)).toBe('InternalServerError');
    expect(classifyBankError(undefined, 503)).toBe('InternalServerError');
    expect(classifyBankError('ERR_UNKNOWN', 401)).toBe('Unauthorized');
    expect(classifyBankError(undefined, 418)).toBeUndefined();
  });
});
