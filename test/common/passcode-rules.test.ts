import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kennitalaCheckDigit } from '../../common/kennitala.ts';
import {
  birthDateForms,
  PASSCODE_PROBLEM_CODES,
  passcodeProblem,
  STRONG_PASSPHRASE_MIN_LENGTH,
} from '../../common/passcode-rules.ts';

/**
 * The passcode's rules (issue 26): codes anyone tries first are refused, the customer's birth date too, and where the
 * passcode is what encrypts the data key only a strong passphrase will do. The renderer checks with these as the
 * customer types and main checks again, so what is refused is refused the same way on both sides.
 */
const sequence = (start: number, step: number, length: number) =>
  Array.from({ length }, (_, index) => String((((start + step * index) % 10) + 10) % 10)).join('');
const reverse = (text: string) => [...text].reverse().join('');
const allDigits = (length: number) => Array.from({ length: 10 ** length }, (_, n) => String(n).padStart(length, '0'));

/**
 * Every trivial 6-digit code, made rather than recognised (an oracle written apart from the rules): sequences with a
 * constant step going round after 9 (one digit six times is step 0), a unit of 1 to 3 digits repeated, a trivial
 * 3-digit code with each digit doubled or two digits each tripled (112233, 111222), and a trivial 3-digit code with
 * its mirror (123321). A 3-digit code is trivial when it is a sequence or reads the same backwards (121).
 */
function trivialSixDigitCodes(): Set<string> {
  const codes = new Set<string>();
  const threes = new Set<string>();
  for (let start = 0; start < 10; start += 1) {
    for (let step = 0; step < 10; step += 1) {
      codes.add(sequence(start, step, 6));
      threes.add(sequence(start, step, 3));
    }
  }
  for (const three of allDigits(3)) if (three === reverse(three)) threes.add(three);
  for (const unit of [...allDigits(1), ...allDigits(2), ...allDigits(3)]) codes.add(unit.repeat(6).slice(0, 6));
  for (const three of threes) {
    codes.add([...three].map((digit) => digit + digit).join(''));
    codes.add(three + reverse(three));
  }
  for (const two of allDigits(2)) codes.add([...two].map((digit) => digit.repeat(3)).join(''));
  return codes;
}

/** A valid kennitala of a person: a real date, a serial, its check digit and a century digit. */
const kennitala = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.integer({ min: 0, max: 99 }),
    serial: fc.integer({ min: 20, max: 99 }),
    century: fc.constantFrom('8', '9', '0'),
  })
  .map(({ day, month, year, serial, century }) => {
    const firstEight = [day, month, year, serial].map((part) => String(part).padStart(2, '0')).join('');
    const check = kennitalaCheckDigit(firstEight);
    return check === undefined ? undefined : `${firstEight}${check}${century}`;
  })
  .filter((value): value is string => value !== undefined);

const masked = (full: string) => `${full.slice(0, 6)}-****`;

describe('trivial codes', () => {
  it('refuses the codes anyone tries first, and keeps the ones with no pattern', () => {
    for (const code of ['111111', '123456', '654321', '012345', '890123', '121212', '123123', '112233', '123321']) {
      expect(passcodeProblem(code), code).toBe('trivial');
    }
    for (const code of ['abcdefgh', 'hgfedcba', 'qwertyui', 'ASDFGHJKL', 'passpass', 'abcabcab', 'aabbccdd']) {
      expect(passcodeProblem(code), code).toBe('trivial');
    }
    for (const code of ['482916', '135792', '851203', 'hestur á túni', 'Password1234']) {
      expect(passcodeProblem(code), code).toBeUndefined();
    }
  });

  it('over all 10^6 six-digit codes: refuses exactly the trivial ones, 0.15% of them', () => {
    const oracle = trivialSixDigitCodes();
    const refused: string[] = [];
    for (const code of allDigits(6)) {
      const problem = passcodeProblem(code);
      if (problem !== undefined) {
        expect(problem).toBe('trivial');
        refused.push(code);
      }
    }
    expect(refused.length).toBe(oracle.size);
    expect(refused.filter((code) => !oracle.has(code))).toEqual([]);
    expect(refused.length / 10 ** 6).toBeLessThan(0.002);
  }, 60_000);

  it('property: one digit repeated, and every sequence with a constant step, are refused at any length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: -9, max: 9 }),
        fc.integer({ min: 6, max: 60 }),
        (start, step, length) => {
          expect(passcodeProblem(sequence(start, step, length))).toBe('trivial');
        },
      ),
    );
  });

  it('property: a short pattern repeated is refused, digits or letters', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^\d{1,4}$/), fc.stringMatching(/^[a-zþæöð]{1,4}$/)),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        (unit, times, cut) => {
          const code = unit.repeat(times + 8).slice(0, Math.max(8, unit.length * times) + cut);
          expect(passcodeProblem(code)).toBe('trivial');
        },
      ),
    );
  });

  it('property: a run of the alphabet, up or down, is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 8, max: 26 }),
        fc.boolean(),
        (from, length, down) => {
          const run = 'abcdefghijklmnopqrstuvwxyz'.slice(from, from + length);
          fc.pre(run.length >= 8);
          expect(passcodeProblem(down ? reverse(run) : run)).toBe('trivial');
        },
      ),
    );
  });

  it('property: a random 6-digit code is refused only when the oracle calls it trivial', () => {
    const oracle = trivialSixDigitCodes();
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (code) => {
        expect(passcodeProblem(code)).toBe(oracle.has(code) ? 'trivial' : undefined);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the customer’s birth date', () => {
  it('refuses DDMMYY, DDMMYYYY, YYMMDD, YYYYMMDD, MMDDYY, MMDDYYYY and the kennitala, with the century it gives', () => {
    const anna = '1203852089';
    expect(birthDateForms(anna)).toEqual([
      '120385',
      '850312',
      '031285',
      '12031985',
      '19850312',
      '03121985',
      '1203852089',
    ]);
    for (const form of birthDateForms(anna))
      expect(passcodeProblem(form, { kennitolur: [anna] }), form).toBe('birthDate');
    // The century digit is 9: 1985, not 2085.
    expect(passcodeProblem('12032085', { kennitolur: [anna] })).toBeUndefined();
    // Without the customer's kennitala the rules cannot know it.
    expect(passcodeProblem('12031985')).toBeUndefined();
  });

  it('refuses it with little else around it, and as people write it', () => {
    const kennitolur = ['1203852089'];
    for (const code of [
      '12031985' + '00',
      '99' + '120385',
      '120385' + '11111',
      '1203852089' + '12',
      '12.03.1985',
      '120385-2089',
    ]) {
      expect(passcodeProblem(code, { kennitolur }), code).toBe('birthDate');
    }
    // With a passcode's worth of other digits, the date gives nothing away.
    expect(passcodeProblem('120385' + '482916', { kennitolur })).toBeUndefined();
  });

  it('property: every form of any customer’s birth date is refused, with the kennitala and with its masked form', () => {
    fc.assert(
      fc.property(kennitala, fc.stringMatching(/^\d{0,5}$/), fc.boolean(), (full, extra, before) => {
        for (const form of birthDateForms(full)) {
          const code = before ? extra + form : form + extra;
          expect(passcodeProblem(code, { kennitolur: [full] }), code).toBe('birthDate');
          // The renderer knows only DDMMYY (the masked kennitala): it refuses at least what main refuses.
          expect(passcodeProblem(code, { kennitolur: [masked(full)] }), code).toBe('birthDate');
        }
      }),
    );
  });

  it('property: the renderer’s check (masked kennitala) refuses everything main’s (full kennitala) refuses', () => {
    fc.assert(
      fc.property(kennitala, fc.stringMatching(/^\d{6,12}$/), (full, code) => {
        if (passcodeProblem(code, { kennitolur: [full] }) !== undefined) {
          expect(passcodeProblem(code, { kennitolur: [masked(full)] })).toBeDefined();
        }
      }),
    );
  });
});

describe('where the passcode is what encrypts the data key', () => {
  const strong = { guardsDataKey: true };

  it('needs a passphrase of 16 or more characters, 8 different, with no pattern', () => {
    expect(passcodeProblem('482916', strong)).toBe('passphraseNeeded');
    expect(passcodeProblem('4829 1637 5520 1184 3391', strong)).toBe('passphraseNeeded');
    expect(passcodeProblem('hestur á túni', strong)).toBe('passphraseTooShort');
    expect(passcodeProblem('aaaaaaaaaaaaaaab', strong)).toBe('fewDifferent');
    expect(passcodeProblem('abcdefghijklmnopq', strong)).toBe('trivial');
    expect(passcodeProblem('hestur á túni í dag', strong)).toBeUndefined();
    // Counted as the customer sees it: an accent typed as two code points is one character.
    expect(passcodeProblem('hestur á túni í d'.normalize('NFD'), strong)).toBe(
      passcodeProblem('hestur á túni í d', strong),
    );
  });

  it('property: any number, however long and however written, is refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d[\d .-]{0,40}$/), (code) => {
        expect(passcodeProblem(code, strong)).toBe('passphraseNeeded');
      }),
    );
  });

  it('property: anything shorter than 16 characters is refused', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: STRONG_PASSPHRASE_MIN_LENGTH - 1 }), (code) => {
        expect(passcodeProblem(code, strong)).toBeDefined();
      }),
    );
  });

  it('property: four different words pass the length and pattern rules (the estimator is tested apart)', () => {
    const words = ['hestur', 'köttur', 'sjór', 'fjall', 'gluggi', 'sól', 'tungl', 'bátur', 'rigning', 'ský'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...words), { minLength: 4, maxLength: 6 }), (chosen) => {
        expect(passcodeProblem(chosen.join(' '), strong)).toBeUndefined();
      }),
    );
  });

  it('each problem has the code main answers with', () => {
    expect(PASSCODE_PROBLEM_CODES).toMatchObject({
      trivial: 'PASSCODE_TRIVIAL',
      birthDate: 'PASSCODE_BIRTH_DATE',
      passphraseNeeded: 'PASSPHRASE_NEEDED',
      passphraseTooShort: 'PASSPHRASE_NEEDED',
      fewDifferent: 'PASSPHRASE_FEW_DIFFERENT',
      digitsTooFew: 'PASSCODE_WEAK',
      // What the strength estimator finds (issue 38, item 6): the same codes as a backup's.
      ownDetails: 'PASSPHRASE_OWN_DETAILS',
      commonPassword: 'PASSPHRASE_COMMON',
      keyboardPattern: 'PASSPHRASE_KEYBOARD',
      nameOrDate: 'PASSPHRASE_NAME_OR_DATE',
      predictable: 'PASSPHRASE_PREDICTABLE',
    });
  });
});
