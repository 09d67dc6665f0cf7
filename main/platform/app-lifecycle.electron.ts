import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { app, BrowserWindow, dialog } from 'electron';
import { focusAppWindow } from '../window/desktop.electron.ts';
import { PAYMENT_REQUEST_SCHEME } from '../../common/payment-request.ts';
import { appLinkIn } from './app-links.ts';
import { closeBeforeQuit, QUIT_CLOSE_LIMIT_MS } from './quit-guard.ts';
import type { LogEntry } from '../log/app-log.ts';
import { registerAppImageLinks } from './appimage-links.ts';
import { startFailureMessage } from './start-failure.ts';
import { toastActivatorClsid } from './toast-activator.ts';

/**
 * The app's lifecycle: one instance, one window, quit when it closes (also on macOS: a wallet has no reason to
 * linger). A second launch brings the running app to the front and ends.
 *
 * `openWindow` may take a while (the wallet starts, the local sandbox too): a second launch or a Dock click meanwhile
 * waits for the same window instead of making another. If it fails, nothing would be left on screen while the
 * single-instance lock stays held, so every relaunch would fail the same way: the customer is told why and what to
 * do, and the app exits.
 *
 * The app is the system's handler of `a2a-wallet:` links (payment requests): a link the app was started with, one a
 * second launch brings (Windows, Linux), or one macOS sends (`open-url`) goes to `onLink` once the window is open, and
 * the window comes to the front.
 */
export function runElectronApp(
  openWindow: () => Promise<BrowserWindow>,
  options: {
    userDataDir?: string;
    onLink?: (link: string) => void;
    /** Closes the wallet's core; every quit waits for it, within QUIT_CLOSE_LIMIT_MS (see quit-guard.ts). */
    beforeQuit?: () => Promise<void>;
    /** Where what went wrong on the way out is told: the app's log's `warn`; console.warn by default. */
    warn?: (entry: LogEntry) => void;
  } = {},
): { failed(error: unknown): void } {
  // Tests give every run a fresh profile (an unpackaged app only: see dev-switches.ts); this must happen before the
  // app is ready, and before the lock below, which is held per user data folder (so parallel test runs do not see
  // each other as a second instance).
  if (options.userDataDir) app.setPath('userData', options.userDataDir);

  let exiting = false;
  const failed = (error: unknown): void => {
    if (exiting) return;
    exiting = true;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`A2A Wallet could not start: ${reason}`);
    const text = startFailureMessage(app.getPreferredSystemLanguages(), reason, safeUserData());
    dialog.showErrorBox(text.title, text.message);
    app.exit(1);
  };

  // A packaged app never runs without Chromium's sandbox: the AppImage's launcher adds --no-sandbox by itself where
  // the system refuses it the namespaces it needs (Ubuntu 24.04 and newer). The customer is told what to install.
  if (app.isPackaged && app.commandLine.hasSwitch('no-sandbox')) {
    failed(new Error(NO_SANDBOX));
    return { failed };
  }

  // Two instances would share the settings, the token vault and the payment journal.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { failed };
  }

  // The installers register the scheme (electron-builder.yml `protocols`, the NSIS include on Windows); a packaged
  // app claims it again at start, as an app moved or updated by hand would otherwise lose it. Never a development run
  // (it would claim it for Electron's own binary), nor an AppImage: on Linux Electron would name the desktop file of
  // `desktopName`, which only the .deb installs; identifyApp writes the AppImage's own instead.
  if (app.isPackaged && !runsAsAppImage()) app.setAsDefaultProtocolClient(PAYMENT_REQUEST_SCHEME); // eng-disable PROTOCOL_HANDLER_JS_CHECK: a link only fills the pay form after common/payment-request.ts has read it (length, fields, check value, each field's rule); it never pays and is never loaded as a page

  let window: Promise<BrowserWindow> | undefined;
  const show = (): Promise<BrowserWindow> => {
    window ??= openWindow().then((opened) => {
      opened.once('closed', () => {
        window = undefined;
      });
      return opened;
    });
    return window;
  };
  const bringToFront = (): void => {
    void show().then(focusAppWindow, failed);
  };

  /** A link for the window: once it is open, and with the window in front. */
  const openLink = (link: string | undefined): void => {
    if (!link || !options.onLink) return;
    const onLink = options.onLink;
    void show().then(() => {
      onLink(link);
      focusAppWindow();
    }, failed);
  };

  app.on('second-instance', (_event: unknown, argv: string[]) => {
    if (!app.isReady()) return;
    bringToFront();
    openLink(appLinkIn(argv));
  });
  // macOS sends links as events, also the one the app was started with (before it is ready).
  app.on('open-url', (event: { preventDefault(): void }, url: string) => {
    event.preventDefault();
    if (app.isReady()) openLink(url);
    else void app.whenReady().then(() => openLink(url));
  });

  // Every renderer sandboxed, whatever a window's own settings say.
  app.enableSandbox();
  // Whatever asks to quit (the last window closed, Cmd+Q, the updater, the system's shutdown), the core closes first:
  // the bank calls of the last seconds are written and the payment store is closed cleanly (issue 39, item 4).
  if (options.beforeQuit) {
    closeBeforeQuit(app, {
      close: options.beforeQuit,
      limitMs: QUIT_CLOSE_LIMIT_MS,
      // The window goes at once, as the customer asked; its page cannot start anything while the core closes.
      onHold: () => {
        for (const open of BrowserWindow.getAllWindows()) open.hide();
      },
      ...(options.warn ? { warn: options.warn } : {}),
    });
  }
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 || window) bringToFront();
  });
  void app.whenReady().then(show).catch(failed);
  void app.whenReady().then(() => openLink(appLinkIn(process.argv.slice(1))));
  return { failed };
}

const NO_SANDBOX =
  'it was started without its security sandbox (--no-sandbox), which it refuses. On Ubuntu 24.04 and newer, install ' +
  'the .deb package instead of the AppImage.';

/**
 * Windows ties a window to its pinned shortcut and its notifications by this id: it must be the installer's appId
 * (the vendor's, in a vendor build), or the window and the shortcut are two taskbar icons. Before the first window.
 * The toast activator's class id is fixed from it too.
 *
 * A packaged AppImage registers itself as the handler of the app's links here, under the same appId (see
 * appimage-links.ts): in the background, as a missing xdg-mime or a read-only home must never stop the start.
 */
export function identifyApp(appId: string): void {
  if (process.platform === 'win32') {
    app.setAppUserModelId(appId);
    // Before any notification, so Electron registers (and writes into the Start-menu shortcut) the toast activator
    // the uninstaller knows, not a random one (toast-activator.ts, build/installer.nsh).
    app.setToastActivatorCLSID(toastActivatorClsid(appId));
  }
  if (app.isPackaged && runsAsAppImage()) {
    void registerAppImageLinks({
      env: process.env,
      home: homedir(),
      platform: process.platform,
      appId,
      productName: app.getName(),
      scheme: PAYMENT_REQUEST_SCHEME,
      run: runCommand,
    }).then(
      (result) => {
        if (result.action === 'written' && result.failed.length > 0) {
          console.warn(`a2a-wallet: links registered in ${result.file}, but ${result.failed.join('; ')}`);
        }
      },
      (error: unknown) => console.warn(`a2a-wallet: links could not be registered for the AppImage: ${String(error)}`),
    );
  }
}

/** The AppImage's runtime sets APPIMAGE to the image's path; nothing else does. */
function runsAsAppImage(): boolean {
  return process.platform === 'linux' && Boolean(process.env['APPIMAGE']);
}

function runCommand(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, [...args], { timeout: 10_000 }, (error) => (error ? reject(error) : resolve()));
  });
}

function safeUserData(): string | undefined {
  try {
    return app.getPath('userData');
  } catch {
    return undefined;
  }
}
