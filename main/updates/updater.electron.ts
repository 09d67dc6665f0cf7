import type { AppLocale } from '../../common/locale.ts';
import { app, BrowserWindow, dialog } from 'electron';
// electron-updater is CommonJS and defines `autoUpdater` with a getter, which Node's ESM loader cannot name: take
// the module object and read it from there.
import electronUpdater from 'electron-updater';
import { systemClock } from '../../common/time.ts';
import { restartPrompt } from './restart-prompt.ts';
import { createUpdateScheduler, type RestartAnswer, type UpdateClient, type UpdateTimer } from './update-scheduler.ts';

export interface AutoUpdateOptions {
  /** The vendor's update feed (`updateFeed` of the preset): an https:// folder served as electron-builder's generic provider. */
  feedUrl: string | undefined;
  /** The app's language when the question is asked. */
  locale: () => AppLocale;
}

/**
 * Auto-update from the vendor's feed: check at start and daily, download in the background, ask before restarting.
 * Does nothing without a feed, and nothing in an unpackaged app (`npm start`), which has no installer to update.
 */
export function startAutoUpdates(options: AutoUpdateOptions): void {
  if (options.feedUrl === undefined) return;
  if (!app.isPackaged) {
    console.info('Auto-update is off: the app is not packaged.');
    return;
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  autoUpdater.autoDownload = true;
  // "Later" means the update installs when the customer quits.
  autoUpdater.autoInstallOnAppQuit = true;

  const client: UpdateClient = {
    async checkAndDownload() {
      const result = await autoUpdater.checkForUpdates();
      if (!result?.isUpdateAvailable) return undefined;
      await result.downloadPromise;
      return result.updateInfo.version;
    },
    // Silent (the customer has just said yes) and start the app again afterwards.
    install: () => autoUpdater.quitAndInstall(true, true),
  };
  const scheduler = createUpdateScheduler({
    client,
    clock: systemClock,
    timer: intervalTimer,
    ask: (version) => askToRestart(options.locale(), version),
    log: (message, error) => console.warn(`[updates] ${message}`, error ?? ''),
  });
  void app.whenReady().then(() => scheduler.start());
  app.once('will-quit', () => scheduler.stop());
}

const intervalTimer: UpdateTimer = {
  every(ms, tick) {
    const handle = setInterval(tick, ms);
    return () => clearInterval(handle);
  },
};

async function askToRestart(locale: AppLocale, version: string): Promise<RestartAnswer> {
  const prompt = restartPrompt(locale, app.getName(), version);
  const options: Electron.MessageBoxOptions = {
    type: 'info',
    title: prompt.title,
    message: prompt.message,
    detail: prompt.detail,
    buttons: prompt.buttons,
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 0 ? 'restart' : 'later';
}
