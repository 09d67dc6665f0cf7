import type { AppLog } from '../log/app-log.ts';
import type { AppInfo } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Profile } from '../../common/profile.ts';
import type { Clock } from '../../common/time.ts';
import type { KeyProtector, LocalSandboxLauncher, Notice } from './host-ports.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

/** A file to save where the customer chooses: a history export (CSV) or a receipt (PDF). */
export interface SaveFileRequest {
  suggestedName: string;
  content: string | Uint8Array;
  kind: 'csv' | 'pdf' | 'png' | 'a2abackup' | 'json';
  locale: AppLocale;
}

/**
 * What the wallet needs from its host (the port: it imports no domain, see host-ports.ts). Electron implements it in `platform.electron.ts`; the browser harness and
 * the tests implement it with plain Node, so no service depends on Electron directly. What only tests and benchmarks
 * turn (a cheap passcode, instant retries, a short deadline) is not the host's: see CoreTuning (main/core).
 */
export interface Platform {
  appInfo(): AppInfo;
  /** A folder of the app's own, for the payment stores. */
  dataDir: string;
  /**
   * The payment store's worker script: the built app's own file (out/main/payment-store-worker.js); the source's
   * (main/payments/store/store-worker.ts, which plain Node runs with its types stripped) where this is not given.
   */
  paymentStoreWorker?: string;
  /** Settings, profiles, sealed tokens and the address book. */
  store: KeyValueStore;
  /**
   * The app's own log (main/log/app-log.ts): the host's, shared with what it logs itself (a quit, a notification);
   * where not given, `<dataDir>/logs/main.log`.
   */
  log?: AppLog;
  /** Protects the data key that seals secrets at rest (the OS keychain in the app). */
  keyProtector: KeyProtector;
  clock: Clock;
  /** The system's preferred languages, most preferred first (BCP 47 tags). */
  preferredLanguages(): readonly string[];
  /** Opens the bank's sign-in page in the customer's own browser. */
  openExternal(url: string): Promise<void>;
  /** Brings the app to the front when the bank sends the customer back. */
  focusApp(): void;
  /** Asks where to save a file and saves it there; the path, or undefined when the customer cancelled. */
  saveFile(file: SaveFileRequest): Promise<string | undefined>;
  /** The app's window as printed (print styles), as a PDF: Electron's printToPDF. */
  printToPdf?(): Promise<Uint8Array>;
  /** Shows a saved file in the system's file manager. */
  showFile(path: string): void;
  /** The profiles this build ships (built-in and the vendor's), and whether customers may add and edit profiles. */
  shipped: {
    profiles: Profile[];
    allowEdit: boolean;
    /** The vendor's build needs a passcode. */
    requirePasscode?: boolean;
    /** How long a passcode entered counts for a payment (0: every payment asks); the app's default otherwise. */
    presenceSeconds?: number;
    /** The vendor turns on the call list (docs/BANK-CALLS.md) in production profiles too, for support. */
    showBankCalls?: boolean;
  };
  /**
   * Shows a desktop notification (Electron's Notification), where the system has them; a click on it brings the app's
   * window forward and calls `onClick` (the core tells the window what to show).
   */
  notify?(notice: Notice, onClick?: () => void): void;
  /**
   * How long the OS has seen no keyboard or mouse, where it can tell (Electron's powerMonitor). The lock takes the
   * smaller of it and the time since the window last reported the customer's input, and takes 0 as no answer.
   */
  idleMs?(): number;
  /**
   * A clock for the waits after wrong passcodes that nothing but time moves; `performance.now()` where not given
   * (the app). The harness and tests give their sandbox clock, which they move to stand for time passing.
   */
  monotonicMs?(): number;
  /** Calls the listener when the computer locks its screen or goes to sleep. */
  onSystemLock?(listener: () => void): void;
  /** The embedded bank of the Local sandbox profile, where the build ships it. */
  localSandbox?: LocalSandboxLauncher;
}
