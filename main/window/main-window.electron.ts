import { app, BrowserWindow, dialog, screen, session } from 'electron';
import type { WebContents } from 'electron';
import { localeFromLanguageTags, type AppLocale } from '../../common/locale.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { createCrashGuard, crashMessage } from './crash-guard.ts';
import { linkAction } from './external-links.ts';
import type { DisplayLayout, Scheduler, WindowSizing } from './window-state.ts';
import { debounce, loadWindowState, realScheduler, saveWindowState } from './window-state.ts';
import { installAppMenu } from './app-menu.electron.ts';
import { openInSystemBrowser } from './desktop.electron.ts';

export interface MainWindowOptions {
  preloadPath: string;
  /** The built page on the app's own scheme (`app://wallet/index.html`), used unless `devServerUrl` is set. */
  appUrl: string;
  /** A development run's dev server; main/index.ts passes it only when the app is not packaged. */
  devServerUrl?: string;
  /** A development run: DevTools can be opened, and the View menu has Reload and the developer tools. */
  isDev: boolean;
  /** Where the window's size and position are kept between runs (the settings store). */
  stateStore: KeyValueStore;
  /**
   * The https origins a link may open in the system browser (such as the profiles' bank sites), asked at every
   * click because profiles change while the app runs. Default: none, every link is refused.
   */
  allowedOrigins?: () => readonly string[];
  /** The language of the menu and the crash message. Default: from the system's language. */
  locale?: () => AppLocale;
  /** The documentation, linked from the Help menu when its origin is allowed. */
  helpUrl?: string;
  /** The File menu's Lock item (Ctrl+L, ⌘L). */
  lockApp?: () => void;
  /**
   * Tells the window when the menu's inputs change (the customer picks another language, profiles change the allowed
   * sites): the menu is built again. Returns the unsubscribe, called when the window closes.
   */
  onMenuChange?: (rebuild: () => void) => () => void;
  /** The page could not be loaded at all: the window would stay empty and hidden. */
  onLoadFailed?: (error: unknown) => void;
  /** Time and timers, injected by tests. */
  now?: () => number;
  scheduler?: Scheduler;
}

const SIZING: WindowSizing = { width: 1024, height: 760, minWidth: 480, minHeight: 560 };
const SAVE_DELAY_MS = 500;

const systemLocale = (): AppLocale => localeFromLanguageTags(app.getPreferredSystemLanguages());

/** Every permission a page may ask for (camera, notifications, devices, screen capture) is refused: none is needed. */
function denyAllPermissions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.setDisplayMediaRequestHandler((_request, callback) => callback(null));
}

/**
 * The window shows the app's own page and nothing else: no new windows, no navigation, no web views. A link to an
 * allowed https site goes to the customer's browser instead.
 */
function confineToAppPage(
  contents: WebContents,
  allowedOrigins: () => readonly string[],
  devServerUrl: string | undefined,
): void {
  // A development run only (main/index.ts passes a dev server only when unpackaged): Vite's full reload navigates the
  // page to the dev server again, which must not be cancelled. Nothing else on that origin, or any other, is allowed.
  const devOrigin = devServerUrl === undefined ? undefined : new URL(devServerUrl).origin;
  const isDevServerPage = (url: string) => {
    try {
      return devOrigin !== undefined && new URL(url).origin === devOrigin;
    } catch {
      return false;
    }
  };
  const handOver = (url: string) => {
    // Only the parsed href leaves, never the page's raw string (see external-links.ts).
    const link = linkAction(url, allowedOrigins());
    if (link.action === 'open-in-browser') void openInSystemBrowser(link.href).catch(() => undefined);
  };
  contents.setWindowOpenHandler(({ url }) => {
    handOver(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isDevServerPage(event.url)) return;
    event.preventDefault();
    handOver(event.url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function currentDisplays(): DisplayLayout {
  return {
    primary: screen.getPrimaryDisplay().workArea,
    workAreas: screen.getAllDisplays().map((display) => display.workArea),
  };
}

/** Saves the size and position once moving or resizing stops, and when the window closes. */
function rememberWindowState(window: BrowserWindow, store: KeyValueStore, scheduler: Scheduler): void {
  const save = () => {
    if (window.isDestroyed()) return;
    try {
      saveWindowState(store, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      console.error('Could not save the window position', error);
    }
  };
  const later = debounce(save, SAVE_DELAY_MS, scheduler);
  window.on('resize', () => later.schedule());
  window.on('move', () => later.schedule());
  window.on('maximize', () => later.schedule());
  window.on('unmaximize', () => later.schedule());
  window.on('close', () => {
    later.cancel();
    save();
  });
}

/** A crashed page is explained and reloaded; one that keeps crashing is explained and the window closed. */
function recoverFromCrashes(
  window: BrowserWindow,
  load: () => Promise<void>,
  options: Required<Pick<MainWindowOptions, 'locale' | 'now'>>,
): void {
  const guard = createCrashGuard(options.now);
  window.webContents.on('render-process-gone', (_event, details) => {
    const action = guard.onGone(details.reason);
    if (action === 'ignore') return;
    console.error(`The page's process is gone (${details.reason}, exit code ${details.exitCode}): ${action}`);
    const text = crashMessage(action, options.locale());
    void dialog
      .showMessageBox(window, {
        type: 'error',
        title: text.title,
        message: text.message,
        detail: text.detail,
        buttons: [text.button],
        defaultId: 0,
        noLink: true,
      })
      .then(() => {
        if (window.isDestroyed()) return;
        if (action === 'reload') void load().catch(() => undefined);
        else window.close();
      });
  });
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const locale = options.locale ?? systemLocale;
  const allowedOrigins = options.allowedOrigins ?? (() => []);
  denyAllPermissions();
  const installMenu = () =>
    installAppMenu({
      isDev: options.isDev,
      locale: locale(),
      allowedOrigins: allowedOrigins(),
      ...(options.helpUrl ? { helpUrl: options.helpUrl } : {}),
      ...(options.lockApp ? { lockApp: options.lockApp } : {}),
    });
  installMenu();

  const state = loadWindowState(options.stateStore, currentDisplays(), SIZING);
  // AUXCLICK_JS_CHECK asks for disableBlinkFeatures: 'Auxclick', a flag Chromium no longer has (electron/electron#10315);
  // what a middle click opens is a new window, and setWindowOpenHandler below refuses every one.
  const window = /* eng-disable AUXCLICK_JS_CHECK: middle clicks meet the deny-all open handler */ new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: SIZING.minWidth,
    minHeight: SIZING.minHeight,
    show: false,
    // The product's name, which a vendor build brands (package.json's productName, as electron-builder writes it).
    title: app.getName(),
    webPreferences: {
      preload: options.preloadPath, // eng-disable PRELOAD_JS_CHECK: our own bundled preload, sandboxed and context-isolated; it exposes only window.wallet, the typed bridge contract
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: options.isDev,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  // The page's <title> would replace the window's, and a vendor build would show "A2A Wallet".
  window.on('page-title-updated', (event) => event.preventDefault());
  rememberWindowState(window, options.stateStore, options.scheduler ?? realScheduler);
  const stopRebuilding = options.onMenuChange?.(installMenu);
  if (stopRebuilding) window.once('closed', stopRebuilding);
  const devServerUrl = options.devServerUrl;
  confineToAppPage(window.webContents, allowedOrigins, devServerUrl);

  // Never loadFile: a file:// page would make the CSP's 'self' every local file (see docs/WINDOW.md).
  const load = () => window.loadURL(devServerUrl ?? options.appUrl);
  recoverFromCrashes(window, load, { locale, now: options.now ?? Date.now });
  // Maximizing shows a window: done before the page is ready, the customer would see it blank.
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize();
    window.show();
  });
  load().catch((error: unknown) => options.onLoadFailed?.(error));
  return window;
}
