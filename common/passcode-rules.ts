import {
  GUESSABLE_CODES,
  loadPassphraseEstimator,
  type GuessableReason,
  type PassphraseEstimator,
} from './passphrase-strength.ts';
import { birthDateForms } from './birth-date-forms.ts';

export { birthDateForms } from './birth-date-forms.ts';

/**
 * The rules of the app's passcode, without zod: the renderer checks with them as the customer types, and main checks
 * again with the same rules (and every customer it knows) before it derives anything. A passcode is 6 or more digits,
 * or a passphrase: 8 or more characters that are not all digits; never a trivial one (111111, 123456, 121212,
 * qwertyui) nor the customer's birth date. Where the passcode is what encrypts the data key (no keychain), only a
 * strong passphrase will do (see STRONG_PASSPHRASE_MIN_LENGTH), and one the strength estimator finds hard to guess
 * (common/passphrase-strength.ts): main checks with measuredPasscodeProblem, which loads the estimator.
 */
export const PASSCODE_MIN_DIGITS = 6;
export const PASSPHRASE_MIN_LENGTH = 8;
/** Long enough for any passphrase a person types; short enough that deriving it costs what it should. */
export const PASSCODE_MAX_LENGTH = 200;

/**
 * Where no keychain protects the data key, the passcode's key does (docs/SECURITY.md), and a copy of the data folder
 * lets anyone test guesses offline, with none of the app's waits: each costs only scrypt's time, about 240 ms on one
 * core. Every 6-digit code then falls in about 4 hours on 16 cores, every 8-digit one in about 17 days; a date or a
 * phone number in far less. So there the passcode must be a passphrase of 16 or more characters, not only digits,
 * with 8 or more different characters, and not trivial (NIST SP 800-63B-4 asks 15 characters of a password that is
 * the only factor, as it is here). Length is not strength: `password12345678` passed these rules and fell at the
 * fifth guess, so the passphrase must also be one the estimator counts 10^14 guesses or more for
 * (PASSPHRASE_MIN_GUESSES). `npm run bench:passcode` prints the cost of a guess on the machine it runs on.
 */
export const STRONG_PASSPHRASE_MIN_LENGTH = 16;
export const STRONG_PASSPHRASE_MIN_DIFFERENT = 8;

/** How many minutes of no use lock the app, unless the customer chose otherwise. */
export const DEFAULT_IDLE_MINUTES = 5;
export const IDLE_MINUTE_CHOICES = [1, 2, 5, 10, 15, 30, 60] as const;
export type IdleMinutes = (typeof IDLE_MINUTE_CHOICES)[number];

/** How long a passcode entered counts as the customer being there for a payment, unless the vendor chose less. */
export const DEFAULT_PRESENCE_SECONDS = 60;

/** Wrong passcodes allowed without a wait, and how many wipe the sign-ins. */
export const FREE_TRIES = 3;
export const TRIES_BEFORE_WIPE = 10;

/** What the rules need to know of where the passcode is set. */
export interface PasscodeContext {
  /** The passcode will be what encrypts the data key (the keychain protects nothing): a strong passphrase is needed. */
  guardsDataKey?: boolean;
  /**
   * The customers' kennitölur: 10 digits (main), or only the birth date's six (DDMMYY: the renderer sees a masked
   * one, `120385-****`, and then every century is refused).
   */
  kennitolur?: readonly string[];
  /** The customers' names, which a passphrase guarding the data key may not be made of. */
  names?: readonly string[];
  /**
   * The strength estimator, where the passcode guards the data key: without it only the length and pattern rules
   * are applied (the window, while it loads). Main never goes without: measuredPasscodeProblem loads it.
   */
  estimator?: PassphraseEstimator;
}

export type PasscodeProblem =
  | 'tooShort'
  | 'tooLong'
  | 'digitsTooFew'
  | 'trivial'
  | 'birthDate'
  | 'passphraseNeeded'
  | 'passphraseTooShort'
  | 'fewDifferent'
  | GuessableReason;

/**
 * The error code main answers for each problem, each with its own text in the renderer (a lock screen that only
 * shows main's answer still says why). The length rules keep the code they always had.
 */
export const PASSCODE_PROBLEM_CODES = {
  tooShort: 'PASSCODE_WEAK',
  tooLong: 'PASSCODE_WEAK',
  digitsTooFew: 'PASSCODE_WEAK',
  trivial: 'PASSCODE_TRIVIAL',
  birthDate: 'PASSCODE_BIRTH_DATE',
  passphraseNeeded: 'PASSPHRASE_NEEDED',
  passphraseTooShort: 'PASSPHRASE_NEEDED',
  fewDifferent: 'PASSPHRASE_FEW_DIFFERENT',
  ...GUESSABLE_CODES,
} as const satisfies Record<PasscodeProblem, string>;

/** What is wrong with a new passcode, or undefined when it may be used. */
export function passcodeProblem(passcode: string, context: PasscodeContext = {}): PasscodeProblem | undefined {
  if (passcode.length > PASSCODE_MAX_LENGTH) return 'tooLong';
  // As main derives it: composed characters in one form (passcode.ts), so a length is what the customer sees.
  const characters = [...passcode.normalize('NFC').toLowerCase()];
  const number = asNumber(passcode);
  if (context.guardsDataKey) {
    // A number people choose is a date, a phone number, a kennitala: the first an attacker tries, whatever its length.
    if (number !== undefined) return 'passphraseNeeded';
    if (characters.length < STRONG_PASSPHRASE_MIN_LENGTH) return 'passphraseTooShort';
  } else if (/^\d*$/.test(passcode)) {
    if (passcode.length < PASSCODE_MIN_DIGITS) return 'digitsTooFew';
  } else if (characters.length < PASSPHRASE_MIN_LENGTH) {
    return 'tooShort';
  }
  if (number !== undefined && isBirthDate(number, context.kennitolur ?? [])) return 'birthDate';
  if (isTrivial(number === undefined ? characters : [...number])) return 'trivial';
  if (context.guardsDataKey && new Set(characters).size < STRONG_PASSPHRASE_MIN_DIFFERENT) return 'fewDifferent';
  if (context.guardsDataKey && context.estimator) {
    const { kennitolur, names } = context;
    return context.estimator(passcode, { ...(kennitolur && { kennitolur }), ...(names && { names }) }).reason;
  }
  return undefined;
}

/**
 * passcodeProblem with the strength estimator wherever the passcode guards the data key, loaded for it (main's
 * check, and the window's before it sends). Where a keychain guards the data key the estimator is not needed.
 */
export async function measuredPasscodeProblem(
  passcode: string,
  context: PasscodeContext = {},
): Promise<PasscodeProblem | undefined> {
  const problem = passcodeProblem(passcode, context);
  if (problem || !context.guardsDataKey || context.estimator) return problem;
  return passcodeProblem(passcode, { ...context, estimator: await loadPassphraseEstimator() });
}

/** The digits of a passcode that is a number, written with or without separators (`12.03.1985`, `120385-2089`). */
function asNumber(passcode: string): string | undefined {
  const digits = passcode.replace(/[\s\-./,]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
}

/**
 * Rows of a QWERTY keyboard and of the Icelandic one, each read on into the next: `qwertyuiop`, `asdfghjklæ`,
 * `opasdf`. Digits are sequences (see `steps`).
 */
const KEYBOARD_ROWS = ['qwertyuiopasdfghjklzxcvbnm', 'qwertyuiopðasdfghjklæzxcvbnmþ'];

/**
 * Trivial: what an attacker tries before anything else. One character or a short pattern repeated (`111111`,
 * `121212`, `123123`, `passpass`), a sequence with a constant step (`123456`, `654321`, `012345`, `135791`,
 * `abcdefgh`), a keyboard row (`qwertyui`), each character of a trivial one doubled or more (`112233`, `111222`), or a
 * trivial one and its mirror (`123321`). `characters` are lowercase.
 */
export function isTrivial(characters: readonly string[]): boolean {
  if (characters.length <= 2) return true;
  return (
    repeats(characters) || steps(characters) || onKeyboardRow(characters) || stutters(characters) || mirrors(characters)
  );
}

/** A pattern of at most half the length, repeated (the last repetition may be cut short: `1212121`). */
function repeats(characters: readonly string[]): boolean {
  for (let period = 1; period <= characters.length / 2; period += 1) {
    if (characters.every((character, index) => index < period || character === characters[index - period])) return true;
  }
  return false;
}

/** A constant step: any step between digits, going round after 9 (`789012`, `135791`); up or down by one otherwise. */
function steps(characters: readonly string[]): boolean {
  const points = characters.map((character) => character.codePointAt(0) ?? 0);
  const digits = characters.every((character) => /^\d$/.test(character));
  const step = (index: number) => {
    const difference = (points[index] ?? 0) - (points[index - 1] ?? 0);
    return digits ? (difference + 10) % 10 : difference;
  };
  const first = step(1);
  if (!digits && Math.abs(first) > 1) return false;
  return points.every((_, index) => index === 0 || step(index) === first);
}

function onKeyboardRow(characters: readonly string[]): boolean {
  const text = characters.join('');
  const backwards = [...characters].reverse().join('');
  return KEYBOARD_ROWS.some((row) => row.includes(text) || row.includes(backwards));
}

/** Every character the same number of times in a row, two or more (`112233`, `aaabbb`), over a trivial sequence. */
function stutters(characters: readonly string[]): boolean {
  let run = 1;
  while (run < characters.length && characters[run] === characters[0]) run += 1;
  if (run < 2 || characters.length % run !== 0) return false;
  const collapsed: string[] = [];
  for (let start = 0; start < characters.length; start += run) {
    const block = characters.slice(start, start + run);
    if (block.some((character) => character !== block[0])) return false;
    collapsed.push(block[0] ?? '');
  }
  return isTrivial(collapsed);
}

/** Reads the same backwards, and its first half is trivial (`123321`, `abccba`). */
function mirrors(characters: readonly string[]): boolean {
  const reversed = [...characters].reverse();
  if (characters.some((character, index) => character !== reversed[index])) return false;
  return isTrivial(characters.slice(0, Math.ceil(characters.length / 2)));
}

/**
 * The customer's birth date (or kennitala) in one of its forms, alone or with too little else to be a passcode of its
 * own: fewer than 6 other digits before or after it, a trivial rest, or another such form (`1203852089`,
 * `12031985` + `00`, `120385111111`). Whoever knows the customer knows the date; a kennitala is no secret in Iceland.
 */
function isBirthDate(digits: string, kennitolur: readonly string[]): boolean {
  const forms = kennitolur.flatMap(birthDateForms);
  // Where only DDMMYY is known (masked), any four digits after it in the code may be the rest of the kennitala.
  for (const known of kennitolur) {
    if (!/^\d{6}(?!\d)/.test(known)) continue;
    const date = known.slice(0, 6);
    for (let at = digits.indexOf(date); at >= 0 && at + 10 <= digits.length; at = digits.indexOf(date, at + 1)) {
      forms.push(digits.slice(at, at + 10));
    }
  }
  const within = (code: string): boolean =>
    forms.some((form) => {
      if (code === form) return true;
      const rests = [
        code.startsWith(form) ? code.slice(form.length) : undefined,
        code.endsWith(form) ? code.slice(0, code.length - form.length) : undefined,
      ];
      return rests.some(
        (rest) => rest !== undefined && (rest.length < PASSCODE_MIN_DIGITS || isTrivial([...rest]) || within(rest)),
      );
    });
  return forms.length > 0 && within(digits);
}
