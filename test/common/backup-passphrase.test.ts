import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKUP_PASSPHRASE_CODES,
  BACKUP_PASSPHRASE_PROBLEMS,
  backupPassphraseProblem,
  measuredBackupPassphraseProblem,
  type BackupPassphraseProblem,
} from '../../common/backup-passphrase.ts';
import { PASSCODE_MAX_LENGTH, STRONG_PASSPHRASE_MIN_LENGTH } from '../../common/passcode-rules.ts';

/**
 * The backup's passphrase (issue 29): a file anyone may find and guess at offline without limit, so the strong
 * passphrase's rules (16+ characters, 8+ different, not trivial), not only digits, and no customer's kennitala or
 * birth date in it; and (issue 38, item 6) one the strength estimator counts 10^14 guesses or more for
 * (test/common/passphrase-strength.test.ts has the estimator's own tests).
 */
const ANNA = '1203852089';

describe('the backup passphrase’s problems', () => {
  const examples: Record<BackupPassphraseProblem, string[]> = {
    tooShort: ['', 'hestur á túni', 'ab3$ab3$ab3$ab3', 'Þórður Ægisson!'],
    tooLong: ['x'.repeat(PASSCODE_MAX_LENGTH + 1), 'hestur á túni '.repeat(20)],
    onlyDigits: ['4829 1673 5092 8461', '4829-1673-5092-8461', '12.03.1985 42.17.6631'],
    kennitala: [
      'hesturinn minn 120385',
      'Anna 12.03.1985 á Akureyri',
      'Anna 1985-03-12 á Akureyri',
      'kennitalan 120385-2089 hér',
      'afmæli 03121985 bandarískt',
      'ég er 12 03 85 fædd og glöð',
    ],
    trivial: ['qwertyuiopasdfghj', 'abcdefghijklmnopq', 'lykilordlykilord', 'hestur1hestur1hestur1'],
    fewDifferent: ['aaabbbcccdddeeeff', 'ababababcdcdcdcdx', 'lolololo lolololo!'],
    // What only the estimator finds (each with its reason's own words).
    ownDetails: ['AnnaJónsdóttir!!!', 'anna jonsdottir 2026'],
    commonPassword: ['password12345678', 'iloveyou12345678', 'Password1234567!'],
    // Most keyboard runs are common passwords too, and said so.
    keyboardPattern: ['zxcvbnm,./;lkjhgf', 'ytrewq;lkjhgf/.,m'],
    nameOrDate: ['reykjavik2026!!!', 'Guðrún 24.12.1999'],
    predictable: ['abcdefgh12345678', 'ég elska þig mamma'],
  };

  it('gives each problem for its examples, the window’s rules before the estimator has loaded', async () => {
    expect([...BACKUP_PASSPHRASE_PROBLEMS].sort()).toEqual(Object.keys(examples).sort());
    const anna = { kennitolur: [ANNA], names: ['Anna Jónsdóttir'] };
    for (const [problem, passphrases] of Object.entries(examples)) {
      for (const passphrase of passphrases) {
        expect(await measuredBackupPassphraseProblem(passphrase, anna), passphrase).toBe(problem);
        const unmeasured = backupPassphraseProblem(passphrase, anna);
        expect(unmeasured, passphrase).toBe(problem in BACKUP_PASSPHRASE_CODES_BY_RULE ? problem : undefined);
      }
    }
  });

  it('main answers each problem with a code of its own, or the rules’ one', () => {
    expect(BACKUP_PASSPHRASE_CODES).toEqual({
      ...BACKUP_PASSPHRASE_CODES_BY_RULE,
      ownDetails: 'PASSPHRASE_OWN_DETAILS',
      commonPassword: 'PASSPHRASE_COMMON',
      keyboardPattern: 'PASSPHRASE_KEYBOARD',
      nameOrDate: 'PASSPHRASE_NAME_OR_DATE',
      predictable: 'PASSPHRASE_PREDICTABLE',
    });
  });

  it('takes good passphrases, and the boundary lengths', async () => {
    for (const passphrase of [
      'Sólskin á Þingvöllum í júní',
      'hestur á túni og kýr',
      'correct horse battery staple',
      'hestur kaffi gluggi sumar',
      'Anna 12.03.2085 á Akureyri',
      [...'abcdefghijklmnopqrstuvwxyzáéíóúýðþæö']
        .map((letter, n) => `${letter}${n * 7}ö`)
        .join(' ')
        .padEnd(PASSCODE_MAX_LENGTH, '.'),
    ]) {
      expect(await measuredBackupPassphraseProblem(passphrase, { kennitolur: [ANNA] }), passphrase).toBeUndefined();
    }
    // Another person's birth date is no more guessable than other digits.
    expect(await measuredBackupPassphraseProblem('kennitala 120385 annars fólks')).toBeUndefined();
    // 16 characters as the customer sees them: composed letters count once, however they were typed.
    const sixteen = 'Hrafnaflóki!Gjög';
    expect([...sixteen]).toHaveLength(STRONG_PASSPHRASE_MIN_LENGTH);
    expect(await measuredBackupPassphraseProblem(sixteen.normalize('NFD'))).toBeUndefined();
    expect(await measuredBackupPassphraseProblem(sixteen.slice(0, -1))).toBe('tooShort');
    expect(await measuredBackupPassphraseProblem('Hrafnaflóki!Gjög'.repeat(13))).toBe('tooLong');
  });

  it('refuses the kennitala of the customer only, and every century where only the masked one is known', () => {
    expect(backupPassphraseProblem('Anna 12.03.1985 á Akureyri')).toBeUndefined();
    expect(backupPassphraseProblem('Anna 12.03.1985 á Akureyri', { kennitolur: ['0101012020'] })).toBeUndefined();
    // The century digit 9 says 1985: 2085 is another date.
    expect(backupPassphraseProblem('Anna 12.03.2085 á Akureyri', { kennitolur: [ANNA] })).toBeUndefined();
    // The renderer knows only 120385-****: every century.
    expect(backupPassphraseProblem('Anna 12.03.2085 á Akureyri', { kennitolur: ['120385-****'] })).toBe('kennitala');
    expect(backupPassphraseProblem('Anna 12.03.1985 á Akureyri', { kennitolur: ['120385-****'] })).toBe('kennitala');
    // Of several customers, any.
    expect(backupPassphraseProblem('Anna 12.03.1985 á Akureyri', { kennitolur: ['0101012020', ANNA] })).toBe(
      'kennitala',
    );
  });
});

/** The rules before the estimator, and their one code. */
const BACKUP_PASSPHRASE_CODES_BY_RULE = {
  tooShort: 'BACKUP_WEAK_PASSPHRASE',
  tooLong: 'BACKUP_WEAK_PASSPHRASE',
  onlyDigits: 'BACKUP_WEAK_PASSPHRASE',
  // Her own kennitala: the reason's code, as the estimator gives for it.
  kennitala: 'PASSPHRASE_OWN_DETAILS',
  trivial: 'BACKUP_WEAK_PASSPHRASE',
  fewDifferent: 'BACKUP_WEAK_PASSPHRASE',
};

/** Characters of all kinds, Icelandic and other letters, digits, signs. */
const CHARACTERS = [...'abcdefghijklmnopqrstuvwxyzáéíóúýðþæöABDÐEFGHIJÞÆÖ0123456789 !#$%&*+-_?@~'];

describe('properties', () => {
  it('property: 16 or more characters, 8 or more of them different, without the kennitala and not a pattern, pass the rules before the estimator', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CHARACTERS), { minLength: 8, maxLength: 16 }),
        fc.array(fc.constantFrom(...CHARACTERS), { minLength: 0, maxLength: 40 }),
        fc.integer(),
        (different, more, seed) => {
          // Letters, to be sure it is not digits only, then the rest shuffled by the seed.
          const rest = [...different, ...more].sort(
            (a, b) => (((a.codePointAt(0) ?? 0) * seed) % 7) - (((b.codePointAt(0) ?? 0) * seed) % 7),
          );
          const passphrase = ['k', 'ý', 'r', ...rest].join('').padEnd(STRONG_PASSPHRASE_MIN_LENGTH, 'ð');
          fc.pre(!/\d{6}/.test(passphrase.replace(/[\s\-./,]/g, '')));
          expect(backupPassphraseProblem(passphrase, { kennitolur: [ANNA] }), passphrase).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: anything shorter than 16 characters is refused', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: STRONG_PASSPHRASE_MIN_LENGTH - 1 }), (passphrase) => {
        fc.pre([...passphrase.normalize('NFC')].length < STRONG_PASSPHRASE_MIN_LENGTH);
        expect(backupPassphraseProblem(passphrase)).toBe('tooShort');
      }),
      { numRuns: 500 },
    );
  });

  it('property: a good passphrase with the kennitala or a birth date form put in anywhere is refused', () => {
    const forms = ['120385', '12031985', '850312', '19850312', '031285', '03121985', '1203852089', '12.03.1985'];
    fc.assert(
      fc.property(fc.constantFrom(...forms), fc.nat({ max: 27 }), (form, at) => {
        const base = 'Sólskin á Þingvöllum í júní';
        const passphrase = `${base.slice(0, at)} ${form} ${base.slice(at)}`;
        expect(backupPassphraseProblem(passphrase, { kennitolur: [ANNA] })).toBe('kennitala');
        expect(backupPassphraseProblem(passphrase, { kennitolur: ['120385-****'] })).toBe('kennitala');
      }),
    );
  });
});
