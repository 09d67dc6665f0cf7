import { z } from 'zod';
import { IDLE_MINUTE_CHOICES, PASSCODE_MAX_LENGTH } from './passcode-rules.ts';
import { EnvironmentSchema } from './profile.ts';
import { AppLocaleSchema } from './settings.ts';

/**
 * Why the app is locked: it started, nobody used it for the chosen minutes, the computer locked or went to sleep,
 * the customer locked it, or a vendor's build needs a passcode and none is set yet.
 */
export const LOCK_REASONS = ['start', 'idle', 'system', 'manual', 'setup'] as const;
export const LockReasonSchema = z.enum(LOCK_REASONS);
export type LockReason = z.infer<typeof LockReasonSchema>;

/** What the renderer may know of the lock: never the passcode, nor anything derived from it. */
export const LockStatusSchema = z.object({
  passcodeSet: z.boolean(),
  /** The vendor's build needs a passcode: it cannot be removed, and the app stays locked until one is set. */
  required: z.boolean(),
  locked: z.boolean(),
  reason: LockReasonSchema.optional(),
  idleMinutes: z.number().int().positive(),
  /** How long a passcode entered counts for a payment; 0: it is asked for every payment. */
  presenceSeconds: z.number().int().nonnegative(),
  /**
   * Wrong passcodes in a row (they survive a restart). A count that was deleted, damaged or dated after now reads as
   * many (main/lock/wrong-tries.ts TRIES_WHEN_UNKNOWN), so it may be past TRIES_BEFORE_WIPE with the sign-ins not
   * yet ended: the next wrong passcode ends them.
   */
  wrongTries: z.number().int().nonnegative(),
  /**
   * When the next try may be made (the app's clock, ms), while a wait is on. Within a run the wait is also measured
   * on a clock nobody can set, so a clock moved forward shows a wait that still ends as far from now as before.
   */
  waitUntil: z.number().optional(),
  /** Too many wrong passcodes ended every sign-in: the customer signs in with the bank again. */
  signInsWiped: z.boolean(),
  /**
   * Whether "Forgot your passcode?" keeps the history, accounts and payees kept on this computer: not where the
   * passcode alone protects their key (no keychain) and the app has not held the key since it started.
   */
  forgetKeepsData: z.boolean(),
  /**
   * A new passcode must be a strong passphrase: on this computer it will be the data key's only protection (no
   * keychain). The lock screen's setup form checks with it as the customer types, as Settings does.
   */
  passphraseRequired: z.boolean(),
  /**
   * The keychain has not opened the data key on this computer (issue 39): `temporary`, it was not ready (locked at
   * login, a dismissed prompt, the keyring not started); `refused`, it opens neither the key nor its check. The app
   * is locked to its data until "Try again" (retryKeychain) finds it open, or the customer starts afresh.
   */
  keychain: z.enum(['temporary', 'refused']).optional(),
  /** Main's clock when this was read (ms): the lock screen says the next try's date only when it is another day. */
  asOf: z.number(),
  /** The language in use, so that the lock screen speaks it without asking anything else. */
  locale: AppLocaleSchema,
  /**
   * The active profile's environment, so that the lock screen shows a test profile's banner as every screen does
   * (issue 26). The profile's kind only: nothing of the customer's.
   */
  environment: EnvironmentSchema.optional(),
});
export type LockStatus = z.infer<typeof LockStatusSchema>;

export const PasscodeSchema = z.string().min(1).max(PASSCODE_MAX_LENGTH);

export const SetPasscodeSchema = z.strictObject({
  /** The passcode in use, when there is one. */
  current: PasscodeSchema.optional(),
  next: PasscodeSchema,
});

export const LockSettingsSchema = z.strictObject({
  idleMinutes: z.union(IDLE_MINUTE_CHOICES.map((minutes) => z.literal(minutes))),
});
