import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, formatIsk, parseAndCheckAmount, parseIskAmount } from '../../common/isk-amount.ts';

describe('ISK amounts', () => {
  it('reads fifteen hundred however it is grouped, in either locale', () => {
    for (const text of [
      '1500',
      '1.500',
      '1,500',
      '1 500',
      '1\u00a0500',
      '1.500 kr.',
      'ISK 1,500',
      'kr 1500',
      ' 1500 ',
    ]) {
      expect(parseIskAmount(text)).toEqual({ ok: true, value: 1500 });
    }
    expect(parseIskAmount('200.000')).toEqual({ ok: true, value: 200_000 });
    expect(parseIskAmount('1,234,567')).toEqual({ ok: true, value: 1_234_567 });
  });

  it('refuses a fraction instead of guessing: 1,5 and 1.5 are neither 1 nor 15', () => {
    for (const text of ['1,5', '1.5', '1.50', '1,500.50', '1.500,00', '0,99']) {
      expect(parseIskAmount(text)).toEqual({ ok: false, error: 'fraction' });
    }
  });

  it('refuses malformed groups and stray text', () => {
    for (const text of ['1.5000', '1.500,000', '1,500.000', '1 500.000', 'abc', '12a', '1..500', '.500']) {
      expect(parseIskAmount(text)).toEqual({ ok: false, error: 'format' });
    }
    expect(parseIskAmount('   ')).toEqual({ ok: false, error: 'empty' });
  });

  it('applies the rules of one payment: more than zero, at most 200 000', () => {
    expect(parseAndCheckAmount('0')).toEqual({ ok: false, error: 'zero' });
    expect(parseAndCheckAmount('-5')).toEqual({ ok: false, error: 'negative' });
    expect(parseAndCheckAmount('200.000')).toEqual({ ok: true, value: 200_000 });
    expect(parseAndCheckAmount('200.001')).toEqual({ ok: false, error: 'over_limit' });
    expect(parseAndCheckAmount('5.000', 4_999)).toEqual({ ok: false, error: 'over_limit' });
    expect(checkAmount(1.5)).toEqual({ ok: false, error: 'fraction' });
    expect(checkAmount(Number.NaN)).toEqual({ ok: false, error: 'format' });
  });

  it('formats as people write it', () => {
    expect(formatIsk(1500, 'is').replace(/\s/gu, ' ')).toBe('1.500 kr.');
    expect(formatIsk(1500, 'en').replace(/\s/gu, ' ')).toBe('ISK 1,500');
  });

  it('property: what is formatted in either locale reads back as the same amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('is' as const, 'en' as const),
        (value, locale) => {
          expect(parseIskAmount(formatIsk(value, locale))).toEqual({ ok: true, value });
        },
      ),
    );
  });

  it('property: a decimal part of one or two digits is never read as krónur', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('.', ','),
        (whole, part, sep) => {
          const text = `${whole}${sep}${String(part).padStart(part < 10 && part % 2 ? 1 : 2, '0')}`;
          expect(parseIskAmount(text).ok).toBe(false);
        },
      ),
    );
  });
});
