import { app, BrowserWindow, dialog, Notification, powerMonitor, shell } from 'electron';
import { systemClock } from '../../common/time.ts';
import type { LocalSandboxLauncher } from './host-ports.ts';
import { focusAppWindow, openInSystemBrowser } from '../window/desktop.electron.ts';
import { developmentSwitches, type DevelopmentSwitches } from './dev-switches.ts';
import { keptNotifications } from './notifications.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import type { AppLog, LogEntry } from '../log/app-log.ts';
import type { Platform } from './platform.ts';
import { safeStorageProtector } from './safe-storage-protector.electron.ts';
import { saveWithDialog } from '../window/save-file.electron.ts';

/** The app's data folder, as it is once the app runs (a test's switch may have moved it before). */
export const userDataFolder = (): string => app.getPath('userData');

/** The Platform with Electron's adapters. Call it once the app is ready (safeStorage needs that). */
export function createElectronPlatform(options: {
  store: KeyValueStore;
  shipped: Platform['shipped'];
  localSandbox?: LocalSandboxLauncher;
  /** The built payment store worker (beside the main bundle). */
  paymentStoreWorker: string;
  /** Where what the customer cannot see is told (a notification the system refused): the app's log's `warn`. */
  warn?: (entry: LogEntry) => void;
  /** The app's own log, for the core too (main/index.ts makes it). */
  log?: AppLog;
}): Platform {
  // Kept until clicked, closed or failed (notifications.ts): an object V8 collected can no longer be clicked.
  const notifications = keptNotifications({
    isSupported: () => Notification.isSupported(),
    create: (notice) => new Notification(notice),
    focusApp: focusAppWindow,
    ...(options.warn ? { warn: options.warn } : {}),
  });
  // Windows reports every click here too, also one on a toast whose object is gone or from before this start.
  if (process.platform === 'win32') Notification.handleActivation(() => notifications.activated());
  return {
    appInfo: () => ({ name: app.getName(), version: app.getVersion() }),
    dataDir: app.getPath('userData'),
    paymentStoreWorker: options.paymentStoreWorker,
    store: options.store,
    ...(options.log ? { log: options.log } : {}),
    keyProtector: safeStorageProtector(),
    clock: systemClock,
    preferredLanguages: () => app.getPreferredSystemLanguages(),
    openExternal: openInSystemBrowser,
    focusApp: focusAppWindow,
    saveFile: saveWithDialog,
    // The app's one window as printed: its print styles show only the receipt the renderer put there.
    printToPdf: async () => {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      if (!window) throw new Error('No window to print');
      return window.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
    },
    showFile: (path) => shell.showItemInFolder(path),
    shipped: options.shipped,
    notify: (notice, onClick) => notifications.notify(notice, onClick),
    // Whole seconds; 0 where the system cannot tell (Linux under Wayland: electron/electron#34826), which the lock
    // takes as no answer and counts from the window's own reports of input instead (LockService.checkIdle).
    idleMs: () => powerMonitor.getSystemIdleTime() * 1000,
    onSystemLock: (listener) => {
      powerMonitor.on('lock-screen', listener);
      powerMonitor.on('suspend', listener);
    },
    ...(options.localSandbox ? { localSandbox: options.localSandbox } : {}),
  };
}

/** The development switches this run honours: none in a packaged app (see dev-switches.ts). */
export const readDevelopmentSwitches = (): DevelopmentSwitches =>
  developmentSwitches({ isPackaged: app.isPackaged, env: process.env });

/** A fault that leaves nothing to run (a broken vendor preset): say so in a dialog and quit. */
export function exitWithError(title: string, message: string): never {
  console.error(`${title}\n${message}`);
  dialog.showErrorBox(title, message);
  app.exit(1);
  throw new Error(title);
}
