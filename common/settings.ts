import { z } from 'zod';
import { APP_LOCALES, LANGUAGE_CHOICES } from './locale.ts';

// Main imports the choice's type from here.
export type { LanguageChoice } from './locale.ts';

/** The customer's settings, and what the app made of them. */
export const LanguageChoiceSchema = z.enum(LANGUAGE_CHOICES);

export const AppLocaleSchema = z.enum(APP_LOCALES);

/**
 * How well this machine can protect secrets at rest: `secure` (a real keychain), `basic_text` (Linux without a
 * keyring: a fixed password, which protects nothing) or `unavailable`.
 */
export const ProtectionSchema = z.enum(['secure', 'basic_text', 'unavailable']);
export type Protection = z.infer<typeof ProtectionSchema>;

export const SettingsSchema = z.object({
  language: LanguageChoiceSchema,
  /** The language in use: the choice, or the system's when the choice is `system`. */
  locale: AppLocaleSchema,
  protection: ProtectionSchema,
  /** Keep tokens on disk even where the protection is only `basic_text`. Only offered then. */
  allowWeakTokenStorage: z.boolean(),
  /** Where the keychain is weak or missing, the customer's passcode encrypts sign-ins and records instead. */
  passcodeProtects: z.boolean(),
  /**
   * That passcode was set before a strong passphrase was needed for it (a short code, which a copy of the data folder
   * gives up offline in hours): sign-ins are kept in memory only until the customer sets a passphrase.
   */
  passcodeTooWeak: z.boolean(),
  /** Whether a sign-in survives a restart, given the protection and the choice. */
  tokensPersist: z.boolean(),
  /**
   * Desktop notifications name the payee and the amount. Off unless the customer turns it on: a notification shows on
   * the lock screen and over other people's view.
   */
  notificationDetails: z.boolean(),
  /**
   * This start found the settings file damaged (it did not parse): it was set aside, and the app started with fresh
   * settings (issue 39). The window tells the customer what was reset.
   */
  settingsReset: z.boolean().optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsUpdateSchema = z
  .object({
    language: LanguageChoiceSchema.optional(),
    allowWeakTokenStorage: z.boolean().optional(),
    notificationDetails: z.boolean().optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;
