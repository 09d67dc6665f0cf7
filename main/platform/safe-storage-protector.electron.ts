import { safeStorage } from 'electron';
import type { KeyProtector, ProtectionStatus } from './host-ports.ts';

/**
 * The OS keychain through Electron's safeStorage: Keychain on macOS, DPAPI on Windows, the Secret Service or
 * KWallet on Linux. Linux's `basic_text` fallback encrypts with a fixed password, which protects nothing.
 *
 * Electron reports no encryption at all with `basic_text` until `setUsePlainTextEncryption(true)` is called, so the
 * backend is read first (otherwise the customer would never be offered the choice), and plain-text encryption is
 * switched on only while the customer has accepted it.
 */
export function safeStorageProtector(): KeyProtector {
  /** What the asynchronous encryptor said once started; until then, the synchronous check. */
  let asyncAvailable: boolean | undefined;
  return {
    status(): ProtectionStatus {
      if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        return { secure: false, reason: 'basic_text' };
      }
      if (!(asyncAvailable ?? safeStorage.isEncryptionAvailable())) return { secure: false, reason: 'unavailable' };
      return { secure: true };
    },
    acceptWeak(accepted) {
      if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        safeStorage.setUsePlainTextEncryption(accepted);
      }
    },
    // The asynchronous API: the synchronous one is deprecated in Electron 45 and gone in 46. What the synchronous one
    // encrypted, the asynchronous one decrypts (and says when it should be encrypted again under a rotated key).
    prepare: async () => {
      asyncAvailable = await safeStorage.isAsyncEncryptionAvailable();
    },
    protect: async (plain) => (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    unprotect: async (text) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(text, 'base64'));
      return { plain: result, stale: shouldReEncrypt };
    },
  };
}
