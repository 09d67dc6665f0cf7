import { safeStorage } from 'electron';
import type { KeyProtector, ProtectionStatus } from './key-protector.ts';

/**
 * The OS keychain through Electron's safeStorage: Keychain on macOS, DPAPI on Windows, the Secret Service or
 * KWallet on Linux. Linux's `basic_text` fallback encrypts with a fixed password, which protects nothing.
 */
export function safeStorageProtector(): KeyProtector {
  return {
    status(): ProtectionStatus {
      if (!safeStorage.isEncryptionAvailable()) return { secure: false, reason: 'unavailable' };
      if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        return { secure: false, reason: 'basic_text' };
      }
      return { secure: true };
    },
    protect: (plain) => safeStorage.encryptString(plain).toString('base64'),
    unprotect: (text) => safeStorage.decryptString(Buffer.from(text, 'base64')),
  };
}
