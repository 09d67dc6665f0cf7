import type { KdfParams } from '../lock/passcode.ts';

/**
 * What a test, the harness or a benchmark turns to make the core fast or short: never the host's business, so not on
 * the Platform port. The app passes none and gets the shipped costs and waits.
 */
export interface CoreTuning {
  /** The cost of deriving the passcode; tests and the harness make it cheap. The app uses PASSCODE_KDF. */
  passcodeKdf?: KdfParams | undefined;
  /** The cost of a backup's key; tests and the harness make it cheap. The app uses BACKUP_KDF. */
  backupKdf?: KdfParams | undefined;
  /** Waits between automatic retries of a payment (see PaymentService); tests make them instant. */
  retryDelaysMs?: readonly number[] | undefined;
  /** How the core waits (retries, a Retry-After, the keychain's patience); tests make it instant. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** The total deadline of one call to the bank (see main/net/http-limits.ts); tests make it short. */
  bankDeadlineMs?: number | undefined;
}
