/**
 * The rules of the app's passcode, without zod: the renderer checks with them as the customer types, and main checks
 * again with the same rules before it derives anything. A passcode is 6 or more digits, or a passphrase: 8 or more
 * characters that are not all digits.
 */
export const PASSCODE_MIN_DIGITS = 6;
export const PASSPHRASE_MIN_LENGTH = 8;
/** Long enough for any passphrase a person types; short enough that deriving it costs what it should. */
export const PASSCODE_MAX_LENGTH = 200;

/** How many minutes of no use lock the app, unless the customer chose otherwise. */
export const DEFAULT_IDLE_MINUTES = 5;
export const IDLE_MINUTE_CHOICES = [1, 2, 5, 10, 15, 30, 60] as const;
export type IdleMinutes = (typeof IDLE_MINUTE_CHOICES)[number];

/** How long a passcode entered counts as the customer being there for a payment, unless the vendor chose less. */
export const DEFAULT_PRESENCE_SECONDS = 60;

/** Wrong passcodes allowed without a wait, and how many wipe the sign-ins. */
export const FREE_TRIES = 3;
export const TRIES_BEFORE_WIPE = 10;

export type PasscodeProblem = 'tooShort' | 'tooLong' | 'digitsTooFew';

/** What is wrong with a new passcode, or undefined when it may be used. */
export function passcodeProblem(passcode: string): PasscodeProblem | undefined {
  if (passcode.length > PASSCODE_MAX_LENGTH) return 'tooLong';
  if (/^\d*$/.test(passcode)) return passcode.length >= PASSCODE_MIN_DIGITS ? undefined : 'digitsTooFew';
  return [...passcode].length >= PASSPHRASE_MIN_LENGTH ? undefined : 'tooShort';
}
