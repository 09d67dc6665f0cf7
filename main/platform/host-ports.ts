import type { Sandbox } from '../../sandbox/index.ts';

/**
 * The shapes the host hands the core, declared once, by the port itself, so that it imports no domain (issue 40):
 * profiles/local-sandbox.ts, payments/outcome-notice.ts and secrets/key-protector.ts re-export these. The keychain's
 * Electron side (safe-storage-protector.electron.ts) lives here too, so no file of platform/ imports secrets/.
 */

/**
 * A desktop notification: shown over other windows and on the lock screen, so it names no person and no amount,
 * unless the customer allowed that in Settings (`notificationDetails`); it never shows a kennitala either way.
 */
export interface Notice {
  title: string;
  body: string;
}

/** What the system's keychain offers: secure, or not (none at all, or Linux's fixed-key `basic_text`). */
export type ProtectionStatus = { secure: true } | { secure: false; reason: 'unavailable' | 'basic_text' };

/**
 * Protects the data key that seals secrets at rest with the operating system's keychain (Electron safeStorage in the
 * app; WalletSecrets uses it). Where the OS offers no real protection (no keychain; on Linux, the `basic_text`
 * fallback, a hard-coded password), tokens are kept in memory only, unless the customer chose otherwise in settings.
 */
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

/** The embedded bank of the Local sandbox profile, where the build ships it (profiles/local-sandbox.ts makes one). */
export interface LocalSandboxLauncher {
  /** The app registration to sign in with. */
  app: { clientId: string; clientSecret: string; apiKey: string };
  ensureStarted(): Promise<Sandbox>;
  stop(): Promise<void>;
}
