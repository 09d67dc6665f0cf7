import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayAccount,
  formatAccountNumber,
  normalizeAccountNumber,
  parseAccountNumber,
} from '../../common/account-number.ts';

describe('account numbers', () => {
  it('accepts the dashed, spaced and plain forms, and sends 12 digits', () => {
    for (const text of ['0133-26-012345', '0133 26 012345', '013326012345', ' 0133-26-012345 ']) {
      expect(normalizeAccountNumber(text)).toBe('013326012345');
    }
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      '0133-26-01234',
      '133-26-012345',
      '0133-2-6012345',
      '0133--26-012345',
      'abcd-26-012345',
      '0133-26-0123456',
    ]) {
      expect(normalizeAccountNumber(text)).toBeUndefined();
    }
  });

  it('property: the shown form reads back as the same account', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (digits) => {
        const account = parseAccountNumber(digits);
        expect(account).toBeDefined();
        if (!account) return;
        expect(normalizeAccountNumber(formatAccountNumber(account))).toBe(digits);
      }),
    );
  });

  it('shows 12 digits as people write them, and anything else as it is, so nothing is hidden', () => {
    expect(displayAccount('013326012345')).toBe('0133-26-012345');
    expect(displayAccount('0133-26-012345')).toBe('0133-26-012345');
    for (const text of ['000000000000x', '0133-26-01', '']) expect(displayAccount(text)).toBe(text);
  });

  it('property: what is shown reads back as the digits it shows', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (digits) => {
        expect(displayAccount(digits)).toMatch(/^\d{4}-\d{2}-\d{6}$/);
        expect(normalizeAccountNumber(displayAccount(digits))).toBe(digits);
      }),
    );
  });
});
