import { createHash, randomBytes } from 'node:crypto';
import type { KeyProtector, ProtectionStatus } from '../../main/secrets/key-protector.ts';
import { aesGcmBox } from '../../main/secrets/secret-box.ts';

/** Stands in for the OS keychain: a key that lives in this process only, so nothing it protects outlives it. */
export function memoryKeychain(status: ProtectionStatus = { secure: true }): KeyProtector {
  const box = aesGcmBox(randomBytes(32));
  return {
    status: () => status,
    protect: (plain) => Promise.resolve(box.seal(plain)),
    unprotect: (text) => Promise.resolve({ plain: box.open(text), stale: false }),
  };
}

/**
 * Linux's `basic_text` as an attacker sees it: "protection" under a key every copy of the program knows, so whoever has
 * the data folder can undo it (`FIXED_KEY_BOX.open`).
 */
export const FIXED_KEY_BOX = aesGcmBox(createHash('sha256').update('peanuts').digest());

export function fixedKeyProtector(): KeyProtector {
  return {
    status: () => ({ secure: false, reason: 'basic_text' }),
    protect: (plain) => Promise.resolve(FIXED_KEY_BOX.seal(plain)),
    unprotect: (text) => Promise.resolve({ plain: FIXED_KEY_BOX.open(text), stale: false }),
  };
}

/** What Electron 45's safeStorage says while the OS key provider is not ready. */
export const TEMPORARY = 'safeStorage.decryptStringAsync is temporarily unavailable. Please try again.';

export type KeychainMode = 'ready' | 'temporary' | 'refused';

/** The OS keychain as Electron 45 shows it: ready, not ready yet (falling back to the fixed key), or another one. */
export function lateKeychain(): KeyProtector & { mode: KeychainMode } {
  const real = memoryKeychain();
  const keychain = {
    mode: 'ready' as KeychainMode,
    status: () => ({ secure: true }) as const,
    protect: (plain: string) =>
      // Not ready: Chromium's encryptor falls back to the fixed-key provider, and the write succeeds.
      keychain.mode === 'ready' ? real.protect(plain) : Promise.resolve(FIXED_KEY_BOX.seal(plain)),
    unprotect: (text: string) => {
      if (keychain.mode === 'temporary') return Promise.reject(new Error(TEMPORARY));
      if (keychain.mode === 'refused') {
        return Promise.reject(
          new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.'),
        );
      }
      return real.unprotect(text);
    },
  };
  return keychain;
}
