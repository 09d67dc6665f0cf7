import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKennitala, formatKennitala, kennitalaCheckDigit, maskKennitala } from '../../common/kennitala.ts';

/** Builds a kennitala from its parts with a correct check digit, or undefined where none exists. */
function build(day: number, month: number, year: number, serial: number, century: string): string | undefined {
  const firstEight = `${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${String(year).padStart(2, '0')}${String(serial).padStart(2, '0')}`;
  const check = kennitalaCheckDigit(firstEight);
  return check === undefined ? undefined : `${firstEight}${check}${century}`;
}

describe('kennitala', () => {
  it("accepts the sandbox customers' numbers, with or without the dash", () => {
    for (const kt of ['1203852089', '0507922189', '2311642009', '3006012000', '1712782019', '0909552099']) {
      expect(checkKennitala(kt)).toEqual({ ok: true, value: kt });
    }
    expect(checkKennitala('120385-2089')).toEqual({ ok: true, value: '1203852089' });
    expect(checkKennitala(' 120385-2089 ')).toEqual({ ok: true, value: '1203852089' });
  });

  it('refuses a wrong check digit', () => {
    expect(checkKennitala('1203852079')).toEqual({ ok: false, error: 'checksum' });
  });

  it('refuses the wrong shape', () => {
    for (const bad of ['', '120385208', '12038520899', '1203-852089', 'abcdefghij', '120385 2089']) {
      expect(checkKennitala(bad)).toEqual({ ok: false, error: 'format' });
    }
  });

  it("refuses a company's number (day 41-71) with its own reason", () => {
    const company = build(52, 1, 90, 12, '9');
    expect(company).toBeDefined();
    expect(checkKennitala(company ?? '')).toEqual({ ok: false, error: 'company' });
  });

  it('refuses an impossible day or month, and a bad century digit', () => {
    expect(checkKennitala(build(32, 1, 90, 12, '9') ?? '')).toEqual({ ok: false, error: 'date' });
    expect(checkKennitala(build(0, 1, 90, 12, '9') ?? '')).toEqual({ ok: false, error: 'date' });
    expect(checkKennitala(build(10, 13, 90, 12, '9') ?? '')).toEqual({ ok: false, error: 'date' });
    expect(checkKennitala(build(10, 5, 90, 12, '7') ?? '')).toEqual({ ok: false, error: 'century' });
  });

  it('property: every well-formed individual number is accepted, and changing any one digit of it is caught', () => {
    const parts = fc.record({
      day: fc.integer({ min: 1, max: 31 }),
      month: fc.integer({ min: 1, max: 12 }),
      year: fc.integer({ min: 0, max: 99 }),
      serial: fc.integer({ min: 20, max: 99 }),
      century: fc.constantFrom('8', '9', '0'),
    });
    fc.assert(
      fc.property(parts, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (p, position, delta) => {
        const kt = build(p.day, p.month, p.year, p.serial, p.century);
        fc.pre(kt !== undefined);
        if (kt === undefined) return;
        expect(checkKennitala(kt)).toEqual({ ok: true, value: kt });
        expect(checkKennitala(formatKennitala(kt))).toEqual({ ok: true, value: kt });
        const changed = `${kt.slice(0, position)}${(Number(kt[position]) + delta) % 10}${kt.slice(position + 1)}`;
        // Weighted mod 11 catches every single-digit change among the first nine digits.
        expect(checkKennitala(changed).ok && changed !== kt).toBe(false);
      }),
    );
  });

  it('masks all but the birth date', () => {
    expect(maskKennitala('1203852089')).toBe('120385-****');
    expect(formatKennitala('1203852089')).toBe('120385-2089');
  });
});
