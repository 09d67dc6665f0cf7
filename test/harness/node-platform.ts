import { FAST_TEST_BACKUP_KDF } from '../../main/backup/backup-file.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '../../common/time.ts';
import { FAST_TEST_KDF, type KdfParams } from '../../main/lock/passcode.ts';
import { freeName } from '../../main/platform/free-name.ts';
import type { Platform } from '../../main/platform/platform.ts';
import type { CoreTuning } from '../../main/core/core-tuning.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import type { LocalSandboxLauncher } from '../../main/profiles/local-sandbox.ts';
import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { JsonFileStore } from '../../main/storage/json-file-store.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';

export interface NodePlatformOptions {
  /** The project folder, for the app's name and version. */
  root: string;
  /** A folder for this run's data: settings, sealed tokens, journals, saved files. */
  dataDir: string;
  clock?: Clock;
  preferredLanguages?: readonly string[];
  openExternal?: (url: string) => Promise<void>;
  focusApp?: () => void;
  /** Profiles shipped; by default the Local sandbox only (no bank profile's tokens behind a local port). */
  shipped?: Platform['shipped'];
  /** What the OS says of the keyboard's idle time; without it, the lock counts from the window's last reported input. */
  idleMs?: () => number;
  /**
   * The lock's monotonic clock (its waits after wrong passcodes). By default the given clock: here the sandbox's
   * clock stands for time itself, and a tester who moves it means the time to have passed. A test of a clock moved
   * by someone else (the person at the keyboard) gives one of its own.
   */
  monotonicMs?: () => number;
  /** Where the test sees the desktop notifications. */
  notify?: Platform['notify'];
  /** Where the test says the computer locks or sleeps. */
  onSystemLock?: (listener: () => void) => void;
  /** The passcode's cost: by default a thousandth of the app's (FAST_TEST_KDF), so that tests stay fast. */
  passcodeKdf?: KdfParams;
  localSandbox?: LocalSandboxLauncher;
  keyProtector?: KeyProtector;
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The harness's host: the Platform, what it saved and showed, and the CoreTuning it runs the core with (a cheap
 * passcode and backup key, and the retries and waits asked for), beside it so that `createWallet(platform, platform)`
 * builds the core as the tests expect and a test can read the passcode's cost it used.
 */
export type NodePlatform = Platform & CoreTuning & { savedDir: string; shownFiles: string[] };

/**
 * The Platform with plain Node adapters, for the browser harness and integration tests: a JSON file store in the
 * run's folder, a keychain whose key lives in memory, and a "save dialog" that saves into `<dataDir>/saved`.
 */
export function createNodePlatform(options: NodePlatformOptions): NodePlatform {
  const manifest = JSON.parse(readFileSync(join(options.root, 'package.json'), 'utf8')) as {
    productName?: string;
    name: string;
    version: string;
  };
  const savedDir = join(options.dataDir, 'saved');
  /** What "show in folder" was asked for (no file manager here). */
  const shownFiles: string[] = [];
  const clock = options.clock ?? systemClock;
  return {
    appInfo: () => ({ name: manifest.productName ?? manifest.name, version: manifest.version }),
    dataDir: options.dataDir,
    savedDir,
    shownFiles,
    store: new JsonFileStore(join(options.dataDir, 'settings.json')),
    keyProtector: options.keyProtector ?? memoryKeychain(),
    clock,
    preferredLanguages: () => options.preferredLanguages ?? ['en'],
    openExternal: options.openExternal ?? (() => Promise.reject(new Error('No browser in this host'))),
    focusApp: options.focusApp ?? (() => undefined),
    showFile: (path) => void shownFiles.push(path),
    saveFile: ({ suggestedName, content }) => {
      mkdirSync(savedDir, { recursive: true, mode: 0o700 });
      // As the app's dialog suggests: never over an earlier export.
      const path = join(savedDir, freeName(savedDir, suggestedName.replace(/[^\w.-]/g, '_')));
      writeFileSync(path, content, { mode: 0o600 });
      return Promise.resolve(path);
    },
    shipped: options.shipped ?? {
      profiles: builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID),
      allowEdit: false,
    },
    passcodeKdf: options.passcodeKdf ?? FAST_TEST_KDF,
    backupKdf: FAST_TEST_BACKUP_KDF,
    monotonicMs: options.monotonicMs ?? (() => clock.now()),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
    ...(options.onSystemLock ? { onSystemLock: options.onSystemLock } : {}),
    ...(options.localSandbox ? { localSandbox: options.localSandbox } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  };
}
