import { randomBytes } from 'node:crypto';
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
