import { z } from 'zod';
import { IDLE_MINUTE_CHOICES, PASSCODE_MAX_LENGTH } from './passcode-rules.ts';
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
  /** Wrong passcodes in a row (they survive a restart). */
  wrongTries: z.number().int().nonnegative(),
  /** When the next try may be made (the app's clock, ms), while a wait is on. */
  waitUntil: z.number().optional(),
  /** Too many wrong passcodes ended every sign-in: the customer signs in with the bank again. */
  signInsWiped: z.boolean(),
  /**
   * Whether "Forgot your passcode?" keeps the history, accounts and payees kept on this computer: not where the
   * passcode alone protects their key (no keychain) and the app has not held the key since it started.
   */
  forgetKeepsData: z.boolean(),
  /** The language in use, so that the lock screen speaks it without asking anything else. */
  locale: AppLocaleSchema,
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
