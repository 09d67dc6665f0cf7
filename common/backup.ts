import { z } from 'zod';
import { BACKUP_FILE_MAX_BYTES } from './backup-passphrase.ts';
import { OwnAccountSchema, PayeeSchema } from './address-book.ts';
import { DUE_PAYMENTS_MAX, DuePaymentSchema } from './due-payment.ts';
import { KENNITALA_DIGITS_PATTERN } from './kennitala.ts';
import { PaymentIntentSchema } from './payment.ts';
import { EnvironmentSchema } from './profile.ts';
import { LanguageChoiceSchema } from './settings.ts';

/**
 * A backup of one customer's data in one profile (issue 29, docs/BACKUP.md): what a move to a new computer carries.
 * The file (main/backup/backup-file.ts) seals this payload's JSON under the customer's passphrase. Never tokens,
 * client secrets or the passcode: nothing here signs in or pays; the customer signs in with the bank on the new
 * computer as anywhere.
 */

// The file's limits live with the passphrase's rules, without zod, for the window too.
export { BACKUP_EXTENSION, BACKUP_FILE_MAX_BYTES } from './backup-passphrase.ts';

export const BackupPayloadSchema = z.object({
  kind: z.literal('a2a-wallet-data'),
  exportedAt: z.number(),
  /** The bank it was made with: restored only into a profile of the same bank. */
  bank: z.object({ environment: EnvironmentSchema, baseUrl: z.string().max(2048), profileName: z.string().max(200) }),
  /** Whose it is: restored only while the same person is signed in. */
  customer: z.object({ kennitala: z.string().regex(KENNITALA_DIGITS_PATTERN) }),
  accounts: z.array(OwnAccountSchema).max(10_000),
  payees: z.array(PayeeSchema).max(100_000),
  due: z.array(DuePaymentSchema).max(DUE_PAYMENTS_MAX),
  payments: z.array(PaymentIntentSchema).max(2_000_000),
  settings: z.object({ language: LanguageChoiceSchema, notificationDetails: z.boolean() }),
});
export type BackupPayload = z.infer<typeof BackupPayloadSchema>;

const Passphrase = z.string().min(1).max(1000);

export const ExportBackupRequestSchema = z.strictObject({ passphrase: Passphrase });
export const RestoreBackupRequestSchema = z.strictObject({
  /** The file's bytes, base64. */
  file: z
    .string()
    .min(1)
    .max(Math.ceil(BACKUP_FILE_MAX_BYTES / 3) * 4 + 4),
  passphrase: Passphrase,
});

/** What a backup holds, or what a restore added (and, for payments and due payments, replaced by newer changes). */
const Counts = z.object({
  accounts: z.number().int().nonnegative(),
  payees: z.number().int().nonnegative(),
  payments: z.number().int().nonnegative(),
  due: z.number().int().nonnegative(),
});
export const BackupExportedSchema = z.object({
  saved: z.boolean(),
  fileName: z.string().optional(),
  folder: z.string().optional(),
  counts: Counts,
});
export type BackupExported = z.infer<typeof BackupExportedSchema>;
export const BackupRestoredSchema = z.object({
  /** When the backup was made. */
  exportedAt: z.number(),
  added: Counts,
  updated: Counts.pick({ payments: true, due: true }),
});
export type BackupRestored = z.infer<typeof BackupRestoredSchema>;
