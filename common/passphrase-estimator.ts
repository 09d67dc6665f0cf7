import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { ICELANDIC_NAMES, ICELANDIC_PLACES, ICELANDIC_WORDS } from './icelandic-words.ts';
import { birthDateForms } from './birth-date-forms.ts';
import {
  PASSPHRASE_MIN_GUESSES,
  type GuessableReason,
  type PassphraseEstimator,
  type PersonalDetails,
} from './passphrase-terms.ts';

/**
 * The strength estimator: zxcvbn-ts (a maintained port of Dropbox's zxcvbn) with its common passwords, its keyboard
 * layouts (qwerty, azerty, qwertz, dvorak, keypads) and its English words and names, plus our Icelandic names, places
 * and words, plus what the app knows of the customer (their name, their kennitala and its birth date in every form).
 * Loaded only through loadPassphraseEstimator (common/passphrase-strength.ts): it is large.
 */

/**
 * The estimator reads at most the first 100 characters: a longer passphrase needs at least as many guesses as its
 * start, so nothing weak gets through, and a 200-character one a hostile window sends costs main no more than
 * about 0.1 s. Fewer l33t substitutions for the same reason (zxcvbn's 100 took over a second on some 64-character
 * inputs); `p@ssw0rd` is still found.
 */
const MAX_LENGTH = 100;
const L33T_MAX_SUBSTITUTIONS = 10;

/** The app's reason for each of the estimator's dictionaries that is not a common word. */
const DICTIONARY_REASONS: [RegExp, GuessableReason][] = [
  [/^userInputs$/, 'ownDetails'],
  [/^passwords/, 'commonPassword'],
  [/^(firstnames|lastnames|months|daysOfWeek|icelandicNames|icelandicPlaces)/, 'nameOrDate'],
];

/** A letter without its accent, as people type a word where the keyboard has no Icelandic letters. */
const FOLDED: Record<string, string> = { þ: 'th', ð: 'd', æ: 'ae', Þ: 'Th', Ð: 'D', Æ: 'Ae' };
export function withoutAccents(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[þðæÞÐÆ]/g, (letter) => FOLDED[letter] ?? letter);
}

/** Each word, and next to it its form without accents where that differs (the estimator ranks by place in a list). */
function withFolded(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((word) => [word, withoutAccents(word)]))];
}

/**
 * What the app knows of the customer, as the estimator's "user inputs": each name and each part of it, with and
 * without accents; each kennitala's digits and its birth date in every form people write it (`12031985`, `850312`,
 * `12.03.1985`, `1985-03-12`), every century where only the masked one is known.
 */
export function personalInputs({ kennitolur = [], names = [] }: PersonalDetails): string[] {
  const inputs = new Set<string>();
  for (const name of names) {
    const lower = name.normalize('NFC').toLowerCase().trim();
    for (const part of [lower, lower.replace(/[\s-]+/g, ''), ...lower.split(/[\s-]+/)]) {
      if ([...part].length < 2) continue;
      inputs.add(part);
      inputs.add(withoutAccents(part));
    }
  }
  for (const kennitala of kennitolur) {
    const digits = /^\d{6}-?\d{4}$/.test(kennitala) ? kennitala.replace('-', '') : undefined;
    if (digits) inputs.add(digits).add(`${digits.slice(0, 6)}-${digits.slice(6)}`);
    for (const form of [...birthDateForms(kennitala), ...writtenDates(kennitala)]) inputs.add(form);
  }
  return [...inputs];
}

/** A kennitala's birth date as people write it with separators: 12.03.85, 12.03.1985, 1985-03-12, 12/03/1985. */
function writtenDates(kennitala: string): string[] {
  const [day, month] = /^(\d\d)(\d\d)\d\d/.exec(kennitala)?.slice(1) ?? [];
  if (!day || !month) return [];
  // Its year in two digits and in four, every century of a masked one (as birthDateForms reads them).
  const years = new Set(
    birthDateForms(kennitala)
      .filter((form) => (form.length === 6 || form.length === 8) && form.startsWith(`${day}${month}`))
      .map((form) => form.slice(4)),
  );
  const dates: string[] = [];
  for (const separator of ['.', '-', '/', ' ']) {
    for (const full of years) {
      dates.push([day, month, full].join(separator));
      if (full.length === 4) dates.push([full, month, day].join(separator));
    }
  }
  return dates;
}

/** The reason one match of the estimator's cheapest reading gives, or undefined for letters it could not place. */
function matchReason(match: MatchExtended): GuessableReason | undefined {
  switch (match.pattern) {
    case 'bruteforce':
    case 'separator':
      return undefined;
    case 'spatial':
      return 'keyboardPattern';
    case 'date':
    case 'regex':
      return 'nameOrDate';
    case 'dictionary': {
      const name = 'dictionaryName' in match && typeof match.dictionaryName === 'string' ? match.dictionaryName : '';
      return DICTIONARY_REASONS.find(([pattern]) => pattern.test(name))?.[1] ?? 'predictable';
    }
    default:
      return 'predictable';
  }
}

/**
 * Why the passphrase is guessable: the customer's own details where any part of it is one (what the customer can
 * most easily change, and what anyone who knows them tries first); otherwise what its longest recognised part is;
 * otherwise (short parts the estimator places, little else) too predictable.
 */
function reasonOf(sequence: readonly MatchExtended[]): GuessableReason {
  const reasons = sequence.map((match) => ({ reason: matchReason(match), length: [...match.token].length }));
  if (reasons.some(({ reason }) => reason === 'ownDetails')) return 'ownDetails';
  let longest: { reason: GuessableReason; length: number } | undefined;
  for (const { reason, length } of reasons) {
    if (reason !== undefined && (longest === undefined || length > longest.length)) longest = { reason, length };
  }
  return longest?.reason ?? 'predictable';
}

export function createPassphraseEstimator(): PassphraseEstimator {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...english.dictionary,
      icelandicNames: withFolded(ICELANDIC_NAMES),
      icelandicPlaces: withFolded(ICELANDIC_PLACES),
      icelandicWords: withFolded(ICELANDIC_WORDS),
    },
    graphs: common.adjacencyGraphs,
    maxLength: MAX_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return (passphrase, personal = {}) => {
    const result = zxcvbn.check(passphrase.normalize('NFC'), personalInputs(personal));
    if (result.guesses >= PASSPHRASE_MIN_GUESSES) return { guesses: result.guesses };
    return { guesses: result.guesses, reason: reasonOf(result.sequence) };
  };
}
