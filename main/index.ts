import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileLog, type AppLog } from './log/app-log.ts';
import { forwardEvents } from './ipc/events.electron.ts';
import { registerIpc } from './ipc/register.electron.ts';
import { appUrlMatcher } from './ipc/trusted-sender.ts';
import { registerAppScheme, serveAppFiles } from './window/app-protocol.electron.ts';
import { identifyApp, runElectronApp } from './platform/app-lifecycle.electron.ts';
import { DEFAULT_APP_ID } from './platform/app-id.ts';
import {
  createElectronPlatform,
  exitWithError,
  readDevelopmentSwitches,
  userDataFolder,
} from './platform/platform.electron.ts';
import { electronKeyValueStore } from './storage/electron-store.electron.ts';
import { createMainWindow } from './window/main-window.electron.ts';
import { startAutoUpdates } from './updates/updater.electron.ts';
import { shippedProfiles } from './profiles/builtin-profiles.ts';
import { loadVendorPreset } from './profiles/vendor-preset-file.ts';
import type { KeyValueStore } from './storage/key-value-store.ts';
import { APP_ENTRY_URL } from './window/app-files.ts';
import { originsOf } from './window/external-links.ts';
import { createWallet, type Wallet } from './wallet.ts';
import { useChromiumForBanks } from './net/chromium-network.electron.ts';
// Baked into the bundle at build time (only this field): the packaged app's package.json is not beside out/main in
// every run, and a vendor's own homepage comes with its preset.
import { homepage } from '../package.json';

// Composition root: the services are built from the platform here and nowhere else.
const here = import.meta.dirname;
// Environment switches (dev server, data folder) count only in an unpackaged app: see platform/dev-switches.ts.
const switches = readDevelopmentSwitches();
const isAppUrl = appUrlMatcher(APP_ENTRY_URL, switches.devServerUrl);
// Before the app is ready, as Electron requires of privileged schemes.
registerAppScheme();

/** A vendor's build carries its preset next to the app (see docs/PACKAGING.md); checked again at every start. */
function readPreset() {
  const file = join(here, '../vendor.json');
  if (!existsSync(file)) return undefined;
  try {
    return loadVendorPreset(file);
  } catch (error) {
    return exitWithError('A2A Wallet cannot start', (error as Error).message);
  }
}

interface Started {
  wallet: Wallet;
  /** The Help menu's link: the vendor's site in a vendor build, else the project's. */
  helpUrl: string;
}

async function startWallet(): Promise<Started> {
  useChromiumForBanks();
  const preset = readPreset();
  identifyApp(preset?.appId ?? DEFAULT_APP_ID);
  const shipped = shippedProfiles(preset);
  // The embedded sandbox is its own chunk, loaded only where the build ships the Local sandbox profile.
  const localSandbox = shipped.localSandbox
    ? (await import('./profiles/local-sandbox.ts')).localSandboxLauncher()
    : undefined;
  const wallet = await createWallet(
    createElectronPlatform({
      store,
      log: appLog(),
      warn: (entry) => appLog().warn(entry),
      shipped: {
        profiles: shipped.profiles,
        allowEdit: shipped.allowEdit,
        requirePasscode: preset?.requirePasscode ?? false,
        ...(preset?.presenceSeconds === undefined ? {} : { presenceSeconds: preset.presenceSeconds }),
        showBankCalls: preset?.showBankCalls ?? false,
      },
      ...(localSandbox ? { localSandbox } : {}),
      // The payment store's worker: its own entry of the build (electron.vite.config.ts), beside this file.
      paymentStoreWorker: join(here, 'payment-store-worker.js'),
    }),
  );
  registerIpc(wallet.handlers, isAppUrl);
  forwardEvents(wallet, isAppUrl);
  startAutoUpdates({ feedUrl: preset?.updateFeed, locale: () => wallet.locale() });
  return { wallet, helpUrl: preset?.homepage ?? homepage };
}

let store: KeyValueStore;
let started: Promise<Started> | undefined;
/**
 * The app's own log (issue 39): made at first use, once the user data folder is settled (runElectronApp may move it
 * before the app is ready), and shared by the core and the host.
 */
let log: AppLog | undefined;
const appLog = (): AppLog => (log ??= fileLog(join(userDataFolder(), 'logs', 'main.log')));
let serving = false;
const openWindow = async () => {
  if (!serving) {
    serveAppFiles(join(here, '../renderer'));
    serving = true;
  }
  store ??= electronKeyValueStore();
  started ??= startWallet();
  const { wallet, helpUrl } = await started;
  return createMainWindow({
    preloadPath: join(here, '../preload/index.cjs'),
    appUrl: APP_ENTRY_URL,
    ...(switches.devServerUrl ? { devServerUrl: switches.devServerUrl } : {}),
    isDev: switches.isDev,
    stateStore: store,
    allowedOrigins: () => originsOf(wallet.bankUrls()),
    // Its origin is allowed for the Help item only (app-menu.ts), never for links in the page.
    helpUrl,
    lockApp: () => wallet.lockNow(),
    locale: () => wallet.locale(),
    onMenuChange: (rebuild) => wallet.onHostChange(rebuild),
    // The page could not be loaded at all (a damaged install): nothing would be shown, so it counts as a failed start.
    onLoadFailed: (error) => lifecycle.failed(error),
  });
};
/** Before the app quits: the call log flushed, the payment store and the sessions closed (issue 39, item 4). */
const closeWallet = async (): Promise<void> => {
  const starting = started;
  if (!starting) return;
  const { wallet } = await starting;
  await wallet.close();
};
const lifecycle = runElectronApp(openWindow, {
  ...(switches.userDataDir ? { userDataDir: switches.userDataDir } : {}),
  beforeQuit: closeWallet,
  warn: (entry) => appLog().warn(entry),
  // The window is open, so the wallet has started: the link is read and kept for the window (it never pays).
  onLink: (link) => void started?.then(({ wallet }) => wallet.openLink(link)),
});
