import type { Sandbox } from '../../sandbox/index.ts';

/**
 * The shapes the host hands the core, declared by the port itself so that it imports no domain (issue 40): the
 * domains' own names for them (secrets/key-protector.ts, profiles/local-sandbox.ts, payments/outcome-notice.ts) are
 * the same shapes, and the compiler says so wherever the core passes the host's to them.
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

/** Protects the data key that seals secrets at rest: the OS keychain in the app (WalletSecrets uses it). */
export interface KeyProtector {
  /** Once, before `status`: the keychain may need to start (Electron's asynchronous encryptor starts lazily). */
  prepare?(): Promise<void>;
  status(): ProtectionStatus;
  /** Where the only protection is a weak one (`basic_text`), whether the customer has accepted it. */
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
