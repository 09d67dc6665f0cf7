import type { KeyValueStore } from '../storage/key-value-store.ts';
import { aesGcmBox, newDataKey, type SecretBox } from './secret-box.ts';

/**
 * Protects the data key with the operating system's keychain (Electron safeStorage in the app). Where the OS
 * offers no real protection (no keychain; on Linux, the `basic_text` fallback, a hard-coded password), tokens are
 * kept in memory only, unless the customer chose otherwise in settings.
 */
export type ProtectionStatus = { secure: true } | { secure: false; reason: 'unavailable' | 'basic_text' };

export interface KeyProtector {
  /** Once, before `status`: the keychain may need to start (Electron's asynchronous encryptor starts lazily). */
  prepare?(): Promise<void>;
  status(): ProtectionStatus;
  /**
   * Where the only protection is a weak one (`basic_text`), whether the customer has accepted it: only then may it
   * be used. Called before the key is read or written.
   */
  acceptWeak?(accepted: boolean): void;
  /** Returns text safe to store; only this machine's keychain can turn it back. */
  protect(plain: string): Promise<string>;
  /** `stale`: the keychain has rotated its key since; the text should be protected again and stored. */
  unprotect(protectedText: string): Promise<{ plain: string; stale: boolean }>;
}

export const DATA_KEY = 'vault.dataKey';

/**
 * The box that seals secrets at rest: AES-256-GCM under a random data key, which is stored protected by the
 * keychain. Undefined where secrets must not be written at all. A key the keychain can no longer open (a reset
 * keychain, a copied profile) is replaced: what it sealed reads as absent, so the customer signs in again.
 */
export async function openSecretBox(
  store: KeyValueStore,
  protector: KeyProtector,
  allowWeak: boolean,
): Promise<SecretBox | undefined> {
  const key = await openDataKey(store, protector, allowWeak);
  return key && aesGcmBox(key);
}

/**
 * The data key itself, as `openSecretBox` finds or makes it. `held`: a key this run already uses, stored (rather than
 * a new one made) when none is stored, so that what it sealed stays readable.
 */
export async function openDataKey(
  store: KeyValueStore,
  protector: KeyProtector,
  allowWeak: boolean,
  held?: Buffer,
): Promise<Buffer | undefined> {
  const status = protector.status();
  const weakAccepted = allowWeak && !status.secure && status.reason === 'basic_text';
  protector.acceptWeak?.(weakAccepted);
  if (!status.secure && !weakAccepted) return undefined;
  const stored = store.get(DATA_KEY);
  if (typeof stored === 'string') {
    try {
      const { plain, stale } = await protector.unprotect(stored);
      const key = Buffer.from(plain, 'base64');
      if (key.length === 32) {
        if (stale) store.set(DATA_KEY, await protector.protect(plain));
        return key;
      }
    } catch {
      // Falls through to a new key.
    }
  }
  const key = held ?? newDataKey();
  store.set(DATA_KEY, await protector.protect(key.toString('base64')));
  return key;
}
