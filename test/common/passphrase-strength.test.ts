import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_PASSPHRASE_CODES, measuredBackupPassphraseProblem } from '../../common/backup-passphrase.ts';
import { measuredPasscodeProblem, PASSCODE_PROBLEM_CODES, passcodeProblem } from '../../common/passcode-rules.ts';
import { personalInputs, withoutAccents } from '../../common/passphrase-estimator.ts';
import {
  loadPassphraseEstimator,
  PASSPHRASE_MIN_GUESSES,
  type GuessableReason,
  type PassphraseEstimator,
} from '../../common/passphrase-strength.ts';

/**
 * Issue 38, item 6: where a passphrase is all that stands between a copy of the data and an offline guesser, the
 * length and pattern rules took each of these, and one fell at the fifth guess. The strength estimator (zxcvbn-ts
 * with its dictionaries, our Icelandic words and what the app knows of the customer) refuses them, saying why, and
 * takes four random words.
 */
const ANNA = { kennitolur: ['1203852089'], names: ['Anna Jónsdóttir'] };
const EIGHT: [string, GuessableReason][] = [
  ['password12345678', 'commonPassword'],
  ['qwertyuiop123456', 'commonPassword'],
  ['abcdefgh12345678', 'predictable'],
  ['1q2w3e4r5t6y7u8i', 'commonPassword'],
  ['iloveyou12345678', 'commonPassword'],
  ['Password1234567!', 'commonPassword'],
  ['reykjavik2026!!!', 'nameOrDate'],
  ['anna12031985anna', 'ownDetails'],
];
const FOUR_RANDOM_WORDS = ['hestur kaffi gluggi sumar', 'correct horse battery staple'];
/** What people add to a password the rules refused, to get it through. */
const SUFFIXES = ['1', '12', '123', '!', '!!', '?', '.', '1!', '2026', '#1'];
/** The EFF-style list of 7776 words that ships with the estimator: four drawn from it are 7776^4 ≈ 3.7·10^15. */
const DICEWARE: readonly string[] = zxcvbnCommon.dictionary['diceware-common'];

let estimate: PassphraseEstimator;
beforeAll(async () => {
  estimate = await loadPassphraseEstimator();
});

const strong = { guardsDataKey: true, ...ANNA };

describe('the eight passphrases the length rules took', () => {
  it('the length and pattern rules alone still take each (what the estimator is for)', () => {
    for (const [passphrase] of EIGHT)
      expect(passcodeProblem(passphrase, { guardsDataKey: true }), passphrase).toBe(undefined);
  });

  it.each(EIGHT)('%s: under the floor, refused as %s for the data key and for a backup', async (passphrase, reason) => {
    const measure = estimate(passphrase, ANNA);
    expect(measure.guesses).toBeLessThan(PASSPHRASE_MIN_GUESSES);
    expect(measure.reason).toBe(reason);
    expect(await measuredPasscodeProblem(passphrase, strong)).toBe(reason);
    // A backup refuses Anna's birth date by its own rule first; main answers the same code for both.
    const backup = await measuredBackupPassphraseProblem(passphrase, ANNA);
    expect(backup && BACKUP_PASSPHRASE_CODES[backup]).toBe(PASSCODE_PROBLEM_CODES[reason]);
  });

  it('property: a refused one with a common suffix, or a capital first letter, stays refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EIGHT.map(([passphrase]) => passphrase)),
        fc.constantFrom('', ...SUFFIXES),
        fc.constantFrom('', ...SUFFIXES),
        fc.boolean(),
        (passphrase, suffix, more, capital) => {
          const changed =
            (capital ? passphrase.charAt(0).toUpperCase() + passphrase.slice(1) : passphrase) + suffix + more;
          expect(estimate(changed, ANNA).reason, changed).toBeDefined();
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('what the estimator takes', () => {
  it.each(FOUR_RANDOM_WORDS)('four random words: %s', async (passphrase) => {
    expect(estimate(passphrase, ANNA)).toEqual({ guesses: expect.any(Number) as unknown });
    expect(estimate(passphrase, ANNA).guesses).toBeGreaterThanOrEqual(PASSPHRASE_MIN_GUESSES);
    expect(await measuredPasscodeProblem(passphrase, strong)).toBeUndefined();
    expect(await measuredBackupPassphraseProblem(passphrase, ANNA)).toBeUndefined();
  });

  it('property: four different words drawn from a large list are taken', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...DICEWARE), { minLength: 4, maxLength: 4 }), (words) => {
        const passphrase = words.join(' ');
        expect(estimate(passphrase, ANNA).reason, passphrase).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('a passcode where a keychain guards the data key is not measured: 6 digits still do', async () => {
    expect(await measuredPasscodeProblem('482916', { kennitolur: ANNA.kennitolur })).toBeUndefined();
    expect(await measuredPasscodeProblem('password', { kennitolur: ANNA.kennitolur })).toBeUndefined();
  });
});

describe('what the app knows of the customer', () => {
  it('her name and her kennitala, in every form, are her own details; the window’s masked kennitala too', () => {
    const masked = { kennitolur: ['120385-****'], names: ['Anna Jónsdóttir'] };
    for (const passphrase of [
      'AnnaJónsdóttir1985!',
      'anna jonsdottir 2026',
      'Jónsdóttir 12.03.85!',
      'hestur 120385 kaffi',
    ]) {
      expect(estimate(passphrase, ANNA).reason, passphrase).toBe('ownDetails');
      expect(estimate(passphrase, masked).reason, passphrase).toBe('ownDetails');
      // Not known to be hers, still refused: a name and a date are what everyone tries.
      expect(estimate(passphrase).reason, passphrase).toBeDefined();
    }
  });

  it('gives the estimator her name’s parts with and without accents, and her birth date as people write it', () => {
    const inputs = personalInputs(ANNA);
    for (const input of ['anna', 'jónsdóttir', 'jonsdottir', 'annajónsdóttir', '1203852089', '120385-2089']) {
      expect(inputs).toContain(input);
    }
    for (const input of ['120385', '12031985', '19850312', '850312', '12.03.85', '12.03.1985', '1985-03-12']) {
      expect(inputs).toContain(input);
    }
    // The masked one: each century, since the window does not know which.
    expect(personalInputs({ kennitolur: ['120385-****'] })).toEqual(expect.arrayContaining(['12031885', '12032085']));
    expect(withoutAccents('Reykjavík Þórður Ægir Ölfus')).toBe('Reykjavik Thordur Aegir Olfus');
  });

  it('Icelandic words, places and names are known without their accents too', () => {
    for (const [passphrase, reason] of [
      ['Reykjavík1985!!!', 'nameOrDate'],
      ['REYKJAVIK2026!!!', 'nameOrDate'],
      ['Gudrun1985!!!!!!', 'nameOrDate'],
      ['thordur.thordur.2026', 'predictable'],
      ['lykilord12345678', 'commonPassword'],
      ['ég elska þig mamma', 'predictable'],
    ] as const) {
      expect(estimate(passphrase).reason, passphrase).toBeDefined();
      if (reason !== 'commonPassword') expect(estimate(passphrase).reason, passphrase).toBe(reason);
    }
  });
});

describe('bounded work, whatever is sent', () => {
  it('reads the first 100 characters: a longer passphrase counts as its start, never as less', () => {
    const start = 'hestur kaffi gluggi sumar '.repeat(4);
    expect([...start]).toHaveLength(104);
    const head = start.slice(0, 100);
    expect(estimate(`${head}password`).guesses).toBe(estimate(head).guesses);
    expect(estimate('password12345678' + 'x'.repeat(184)).reason).toBeDefined();
  });
});
