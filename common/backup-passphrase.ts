import {
  birthDateForms,
  isTrivial,
  PASSCODE_MAX_LENGTH,
  STRONG_PASSPHRASE_MIN_DIFFERENT,
  STRONG_PASSPHRASE_MIN_LENGTH,
} from './passcode-rules.ts';
import {
  GUESSABLE_CODES,
  GUESSABLE_REASONS,
  loadPassphraseEstimator,
  type PassphraseEstimator,
} from './passphrase-strength.ts';

/**
 * The rules of a backup's passphrase (issue 29), without zod: the renderer checks with them as the customer types,
 * and main checks again, with the full kennitölur, before it seals anything.
 *
 * A backup file is carried about (a stick, a mail, a cloud folder) and whoever finds one can guess its passphrase
 * offline, without limit and with none of the app's waits: the same case as a passcode that is the data key's only
 * protection (common/passcode-rules.ts, STRONG_PASSPHRASE_MIN_LENGTH), and the same answer. The passphrase must be 16
 * or more characters with 8 or more different, not trivial (a repeat, a sequence, a keyboard row), not only digits (a
 * number people choose is a date, a phone number, a card number: the first an attacker tries) and not holding a
 * customer's kennitala or birth date (no secret in Iceland). And since length is not strength (`password12345678`
 * passed all that), one the strength estimator counts 10^14 guesses or more for (common/passphrase-strength.ts),
 * with the customer's name and kennitala among what it tries. Each guess costs a backup scrypt, about 1 s on one core
 * (main/backup/backup-file.ts, `npm run bench:passcode`). Main checks with measuredBackupPassphraseProblem.
 */
/** The largest backup file the app opens (its own bytes): the window refuses a larger one before sending it. */
export const BACKUP_FILE_MAX_BYTES = 64 * 2 ** 20;
/** A backup file's name ends so. */
export const BACKUP_EXTENSION = 'a2abackup';

export const BACKUP_PASSPHRASE_PROBLEMS = [
  'tooShort',
  'tooLong',
  'onlyDigits',
  'kennitala',
  'trivial',
  'fewDifferent',
  ...GUESSABLE_REASONS,
] as const;
export type BackupPassphraseProblem = (typeof BACKUP_PASSPHRASE_PROBLEMS)[number];

/**
 * The error code main answers: the length and pattern rules their one code (the window says which as it is typed);
 * the customer's own kennitala, and a guessable passphrase, the code of its reason, so that main's refusal says why
 * too (main knows the whole kennitala, the window only its birth date).
 */
export const BACKUP_PASSPHRASE_CODES = {
  tooShort: 'BACKUP_WEAK_PASSPHRASE',
  tooLong: 'BACKUP_WEAK_PASSPHRASE',
  onlyDigits: 'BACKUP_WEAK_PASSPHRASE',
  kennitala: GUESSABLE_CODES.ownDetails,
  trivial: 'BACKUP_WEAK_PASSPHRASE',
  fewDifferent: 'BACKUP_WEAK_PASSPHRASE',
  ...GUESSABLE_CODES,
} as const satisfies Record<BackupPassphraseProblem, string>;

export interface BackupPassphraseContext {
  /**
   * The kennitölur of the customers whose data goes in the backup: 10 digits (main), or only the birth date's six
   * (DDMMYY, from a masked one in the renderer: then every century is refused).
   */
  kennitolur?: readonly string[];
  /** Their names, which the passphrase may not be made of. */
  names?: readonly string[];
  /** The strength estimator: without it only the length and pattern rules (the window, while it loads). */
  estimator?: PassphraseEstimator;
}

/** What is wrong with a passphrase for a backup, or undefined when it may be used. */
export function backupPassphraseProblem(
  passphrase: string,
  context: BackupPassphraseContext = {},
): BackupPassphraseProblem | undefined {
  if (passphrase.length > PASSCODE_MAX_LENGTH) return 'tooLong';
  // As the backup derives it: composed characters in one form, so a length is what the customer sees.
  const characters = [...passphrase.normalize('NFC').toLowerCase()];
  if (characters.length < STRONG_PASSPHRASE_MIN_LENGTH) return 'tooShort';
  if (/^[\d\s\-./,]*$/.test(passphrase)) return 'onlyDigits';
  if (holdsKennitala(passphrase, context.kennitolur ?? [])) return 'kennitala';
  if (isTrivial(characters)) return 'trivial';
  if (new Set(characters).size < STRONG_PASSPHRASE_MIN_DIFFERENT) return 'fewDifferent';
  if (!context.estimator) return undefined;
  const { kennitolur, names } = context;
  return context.estimator(passphrase, { ...(kennitolur && { kennitolur }), ...(names && { names }) }).reason;
}

/** backupPassphraseProblem with the strength estimator, loaded for it: main's check, and the window's. */
export async function measuredBackupPassphraseProblem(
  passphrase: string,
  context: BackupPassphraseContext = {},
): Promise<BackupPassphraseProblem | undefined> {
  const problem = backupPassphraseProblem(passphrase, context);
  if (problem || context.estimator) return problem;
  return backupPassphraseProblem(passphrase, { ...context, estimator: await loadPassphraseEstimator() });
}

/**
 * A kennitala, or a birth date in one of its forms (birthDateForms), anywhere in a run of digits of the passphrase:
 * the separators people write in a date or a kennitala (`12.03.1985`, `120385-2089`, `12 03 85`) are read through.
 */
function holdsKennitala(passphrase: string, kennitolur: readonly string[]): boolean {
  const forms = kennitolur.flatMap(birthDateForms);
  if (forms.length === 0) return false;
  const runs = passphrase.match(/\d(?:[\s\-./,]*\d)*/g) ?? [];
  return runs.some((run) => {
    const digits = run.replace(/\D/g, '');
    return forms.some((form) => digits.includes(form));
  });
}
