/**
 * The words the passphrase check and its estimator share (common/passphrase-strength.ts, which loads
 * common/passphrase-estimator.ts on first use): the floor, the reasons and their codes, and the estimator's shape. In
 * a module of their own, so that the estimator, loaded later, imports nothing that loads it.
 */

/**
 * The floor: the estimator's count of the guesses an attacker who knows what people choose needs. Every guess costs
 * one scrypt: about 250 ms on one core of the reference machine for the passcode's key, about 1 s for a backup's
 * (docs/SECURITY.md, docs/BACKUP.md, `npm run bench:passcode`). 10^14 guesses on 16 cores take about 50 000 years for
 * the passcode and 200 000 for a backup, to try them all (half that on average), by the estimator's count. Not 10^12:
 * the estimator takes every further part of a passphrase as at least 10^4 guesses, so any passphrase it reads as four
 * parts counts 10^12, and `ég elska þig mamma` (the most common words) passed. At 10^14 the parts must count for
 * something themselves. Four random words count 10^16 and more (`hestur kaffi gluggi sumar`, `correct horse battery
 * staple`); every passphrase found accepted before it, at most 10^8.
 */
export const PASSPHRASE_MIN_GUESSES = 1e14;

/**
 * Why a passphrase under the floor is guessable, in the app's words (the estimator's findings mapped, its own
 * English feedback never shown): the customer's own name or kennitala in it, a common password, a keyboard pattern,
 * a name, a place or a date, or otherwise too predictable (common words, sequences, repeats, too little else).
 */
export const GUESSABLE_REASONS = [
  'ownDetails',
  'commonPassword',
  'keyboardPattern',
  'nameOrDate',
  'predictable',
] as const;
export type GuessableReason = (typeof GUESSABLE_REASONS)[number];

/** The error code main answers for each reason, the same for a passcode and a backup: each has its own words. */
export const GUESSABLE_CODES = {
  ownDetails: 'PASSPHRASE_OWN_DETAILS',
  commonPassword: 'PASSPHRASE_COMMON',
  keyboardPattern: 'PASSPHRASE_KEYBOARD',
  nameOrDate: 'PASSPHRASE_NAME_OR_DATE',
  predictable: 'PASSPHRASE_PREDICTABLE',
} as const satisfies Record<GuessableReason, string>;

/** What the guesser is taken to know of the customer: what the app knows of them. */
export interface PersonalDetails {
  /** Kennitölur: 10 digits (main), or a masked one (`120385-****`, the window: then every century). */
  kennitolur?: readonly string[];
  /** The customers' names as the bank gave them (`Anna Jónsdóttir`). */
  names?: readonly string[];
}

export interface PassphraseMeasure {
  /** The estimator's count of guesses, of the passphrase's first 100 characters (a longer one is only harder). */
  guesses: number;
  /** Under the floor: why, in the app's words. */
  reason?: GuessableReason;
}

export type PassphraseEstimator = (passphrase: string, personal?: PersonalDetails) => PassphraseMeasure;
