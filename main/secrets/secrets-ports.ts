import type { SecretBox } from './secret-box.ts';

/** What holds sealed secrets and must move them when the box changes: the token vault and the profiles. */
export interface BoxHolder {
  /**
   * Reads everything it holds with the box in use: before a switch, and again after one that keeps tokens off the
   * disk (what only the new box opens is then read, and so moved to memory).
   */
  loadAll(): void;
  /**
   * Seals what it holds with the new box (none: tokens are kept in memory only). `tokensOnDisk` false: sign-in tokens
   * must not be on disk even with a box (the passcode that guards the data key is too weak to guard them: see
   * WalletSecrets.passcodeTooWeak); what holds them keeps them in memory and deletes their sealed copies.
   */
  useBox(box: SecretBox | undefined, tokensOnDisk: boolean): void | Promise<void>;
}

/**
 * What the app lock tells the secrets about the passcode's key (the second half of what scrypt derives from it):
 * - `opened`: the passcode was entered and checked (unlock, a presence check, before a change or removal);
 * - `staged`: a new passcode's key, before its record is stored (the old passcode must still open the data key
 *   should the app stop in between), followed by `opened` once it is. A new passcode met the lock's rules, which
 *   here, where the keychain is weak, are the strong passphrase's (see passphraseRequired);
 * - `removed`: the customer removes the passcode (may throw to refuse);
 * - `forgotten`: the passcode is gone without being entered.
 */
export type PasscodeKeyEvent = { kind: 'opened' | 'staged'; key: Buffer } | { kind: 'removed' } | { kind: 'forgotten' };
