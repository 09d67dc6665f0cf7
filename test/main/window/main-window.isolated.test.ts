import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow } from '../../../main/window/main-window.electron.ts';
import type { MainWindowOptions } from '../../../main/window/main-window.electron.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import type { MenuTemplateItem } from '../../../main/window/app-menu.ts';
import type { Scheduler } from '../../../main/window/window-state.ts';
import { WINDOW_STATE_KEY } from '../../../main/window/window-state.ts';
import { BrowserWindow, Menu, app, dialog, fakeEvent, screen, session, shell } from '../../mocks/electron.ts';

/** Settles the promise chains the window's handlers start (a message box, then a reload). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let store: MemoryStore;
let timers: (() => void)[];
const scheduler: Scheduler = {
  setTimeout: (callback) => timers.push(callback),
  clearTimeout: () => undefined,
};
let now: number;

function open(overrides: Partial<MainWindowOptions> = {}): BrowserWindow {
  createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    appUrl: 'app://wallet/index.html',
    isDev: false,
    stateStore: store,
    allowedOrigins: () => ['https://bank.is'],
    locale: () => 'en',
    now: () => now,
    scheduler,
    ...overrides,
  });
  const window = BrowserWindow.windows.at(-1);
  if (!window) throw new Error('no window was created');
  return window;
}

beforeEach(() => {
  store = new MemoryStore();
  timers = [];
  now = 1_000_000;
  BrowserWindow.windows = [];
  shell.opened = [];
  dialog.shown = [];
  session.defaultSession.handlers.clear();
  screen.primary = { x: 0, y: 0, width: 1920, height: 1040 };
  screen.others = [];
  app.resetLifecycle();
});
afterEach(() => {
  Menu.applicationMenu = undefined;
});

describe('the main window', () => {
  it('is isolated, sandboxed, without Node and with web security', () => {
    const prefs = open().options['webPreferences'];
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('allows DevTools in development only', () => {
    expect(open({ isDev: true }).options['webPreferences']).toMatchObject({ devTools: true });
  });

  it('loads the built page, or the dev server in development', () => {
    // The app's own scheme, never a file:// page (issue 13, case 12).
    expect(open().loads).toEqual(['app://wallet/index.html']);
    expect(open({ devServerUrl: 'http://localhost:5173' }).loads).toEqual(['http://localhost:5173']);
  });

  it('reports a page that cannot be loaded at all, so the start fails visibly', async () => {
    BrowserWindow.loadError = new Error('ERR_FILE_NOT_FOUND (-6) loading app://wallet/index.html');
    try {
      const failures: unknown[] = [];
      open({ onLoadFailed: (error) => failures.push(error) });
      await Promise.resolve();
      await Promise.resolve();
      expect(failures).toEqual([BrowserWindow.loadError]);
    } finally {
      BrowserWindow.loadError = undefined;
    }
  });

  it('shows itself when ready', () => {
    const window = open();
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('denies every permission request and check, devices and screen capture', () => {
    open();
    const handlers = session.defaultSession.handlers;
    const answers: unknown[] = [];
    handlers.get('permissionRequest')?.({}, 'media', (granted: boolean) => answers.push(granted));
    handlers.get('displayMediaRequest')?.({}, (streams: unknown) => answers.push(streams));
    expect(answers).toEqual([false, null]);
    expect(handlers.get('permissionCheck')?.({}, 'notifications', 'file://')).toBe(false);
    expect(handlers.get('devicePermission')?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('links and navigation', () => {
  it('opens no new window; an allowed https link goes to the system browser', () => {
    const contents = open().webContents;
    expect(contents.windowOpenHandler?.({ url: 'https://bank.is/help' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'http://bank.is/' })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://bank.is/help']);
  });

  it('lets a development run reload from its dev server, and nothing else', () => {
    const contents = open({ isDev: true, devServerUrl: 'http://localhost:5173' }).webContents;
    const reload = fakeEvent({ url: 'http://localhost:5173/' });
    const otherPort = fakeEvent({ url: 'http://localhost:5174/' });
    const elsewhere = fakeEvent({ url: 'https://evil.example/' });
    for (const event of [reload, otherPort, elsewhere]) contents.emit('will-navigate', event);
    expect(reload.defaultPrevented).toBe(false);
    expect(otherPort.defaultPrevented).toBe(true);
    expect(elsewhere.defaultPrevented).toBe(true);
    // A built page never navigates, not even to that address.
    const built = fakeEvent({ url: 'http://localhost:5173/' });
    open().webContents.emit('will-navigate', built);
    expect(built.defaultPrevented).toBe(true);
  });

  it('never navigates; an allowed https link goes to the system browser instead', () => {
    const contents = open().webContents;
    const toBank = fakeEvent({ url: 'https://bank.is/terms' });
    const elsewhere = fakeEvent({ url: 'https://evil.example/' });
    contents.emit('will-navigate', toBank);
    contents.emit('will-navigate', elsewhere);
    expect(toBank.defaultPrevented).toBe(true);
    expect(elsewhere.defaultPrevented).toBe(true);
    expect(shell.opened).toEqual(['https://bank.is/terms']);
  });

  it("hands the system browser the parsed href, never the page's raw string", () => {
    const contents = open().webContents;
    contents.windowOpenHandler?.({ url: 'https://BANK.is:443/terms' });
    contents.windowOpenHandler?.({ url: 'https://bank.is\\@evil.example' });
    contents.emit('will-navigate', fakeEvent({ url: 'https://bank.is\\@evil.example/' }));
    expect(shell.opened).toEqual(['https://bank.is/terms']);
  });

  it("never navigates to another page of the app's scheme or a local file either", () => {
    const contents = open().webContents;
    const events = ['app://wallet/assets/logo.svg', 'app://other/index.html', 'file:///etc/passwd'].map((url) =>
      fakeEvent({ url }),
    );
    for (const event of events) contents.emit('will-navigate', event);
    expect(events.map((event) => event.defaultPrevented)).toEqual([true, true, true]);
    expect(shell.opened).toEqual([]);
  });

  it('reads the allow-list at every click, as profiles change', () => {
    let origins = ['https://bank.is'];
    const contents = open({ allowedOrigins: () => origins }).webContents;
    contents.windowOpenHandler?.({ url: 'https://otherbank.is/' });
    origins = ['https://otherbank.is'];
    contents.windowOpenHandler?.({ url: 'https://otherbank.is/' });
    expect(shell.opened).toEqual(['https://otherbank.is/']);
  });

  it('refuses every link when no allow-list is given', () => {
    const contents = open({ allowedOrigins: undefined }).webContents;
    contents.windowOpenHandler?.({ url: 'https://bank.is/' });
    expect(shell.opened).toEqual([]);
  });

  it('blocks redirects and web views', () => {
    const contents = open().webContents;
    const redirect = fakeEvent({ url: 'https://bank.is/' });
    const webview = fakeEvent();
    contents.emit('will-redirect', redirect);
    contents.emit('will-attach-webview', webview, {}, {});
    expect(redirect.defaultPrevented).toBe(true);
    expect(webview.defaultPrevented).toBe(true);
  });
});

describe('window size and position', () => {
  it('opens where it was last time', () => {
    store.set(WINDOW_STATE_KEY, { x: 100, y: 50, width: 900, height: 700, maximized: true });
    const window = open();
    expect(window.options).toMatchObject({ x: 100, y: 50, width: 900, height: 700, minWidth: 480, minHeight: 560 });
    // Not shown (maximizing shows a window) before its page is ready: it would be blank.
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.maximized).toBe(true);
    expect(window.visible).toBe(true);
  });

  it('opens centred on the primary display when last time was on a display no longer there', () => {
    store.set(WINDOW_STATE_KEY, { x: 3000, y: 50, width: 900, height: 700, maximized: false });
    expect(open().options).toMatchObject({ x: 448, y: 140, width: 1024, height: 760 });
  });

  it('uses a second display that is there', () => {
    screen.others = [{ x: 1920, y: 0, width: 1920, height: 1040 }];
    store.set(WINDOW_STATE_KEY, { x: 3000, y: 50, width: 800, height: 700, maximized: false });
    expect(open().options).toMatchObject({ x: 3000, y: 50, width: 800, height: 700 });
  });

  it('saves once moving stops, and on close', () => {
    const window = open();
    window.setBounds({ x: 10, y: 20, width: 800, height: 600 });
    window.emit('move');
    window.emit('resize');
    expect(store.get(WINDOW_STATE_KEY)).toBeUndefined();
    for (const fire of timers.splice(0)) fire();
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ x: 10, y: 20, width: 800, height: 600, maximized: false });

    window.setBounds({ x: 30, y: 40, width: 820, height: 620 });
    window.maximize();
    window.emit('maximize');
    window.close();
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ x: 30, y: 40, width: 820, height: 620, maximized: true });
  });
});

describe('when the page crashes', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('explains and reloads', async () => {
    const window = open({ locale: () => 'is' });
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
    await settle();
    expect(dialog.shown).toHaveLength(1);
    expect(dialog.shown[0]?.window).toBe(window);
    expect(dialog.shown[0]?.options).toMatchObject({
      type: 'error',
      message: 'Forritið hrundi og verður opnað aftur.',
      buttons: ['Opna aftur'],
    });
    expect(window.loads).toEqual(['app://wallet/index.html', 'app://wallet/index.html']);
  });

  it('does nothing on a clean exit', async () => {
    const window = open();
    window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'clean-exit', exitCode: 0 });
    await settle();
    expect(dialog.shown).toEqual([]);
    expect(window.loads).toHaveLength(1);
  });

  it('stops reloading after three crashes in a minute, and closes the window', async () => {
    const window = open();
    for (let crash = 0; crash < 4; crash++) {
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 1 });
      await settle();
      now += 5_000;
    }
    expect(dialog.shown.map((shown) => shown.options['message'])).toEqual([
      'The app crashed and will be reloaded.',
      'The app crashed and will be reloaded.',
      'The app crashed and will be reloaded.',
      'The app keeps crashing and will be closed.',
    ]);
    expect(window.loads).toHaveLength(4);
    expect(window.isDestroyed()).toBe(true);
  });
});

describe('the application menu', () => {
  const roles = (items: MenuTemplateItem[]): unknown[] =>
    items.flatMap((item) => [item.role, ...roles(item.submenu ?? [])]);
  const installed = () => (Menu.applicationMenu as { template: MenuTemplateItem[] }).template;

  it('is installed with the developer tools in development only', () => {
    open();
    expect(roles(installed())).not.toContain('toggleDevTools');
    open({ isDev: true });
    expect(roles(installed())).toContain('toggleDevTools');
  });

  it('is built again in the new language when the customer changes it', () => {
    let locale: 'is' | 'en' = 'en';
    let rebuild: (() => void) | undefined;
    const window = open({
      locale: () => locale,
      onMenuChange: (listener) => {
        rebuild = listener;
        return () => (rebuild = undefined);
      },
    });
    expect(installed()[0]?.label).toBe('File');
    locale = 'is';
    rebuild?.();
    expect(installed()[0]?.label).toBe('Skrá');
    window.close();
    expect(rebuild).toBeUndefined();
  });

  it('follows the system language when no locale is given', () => {
    app.locale = 'is-IS';
    open({ locale: undefined });
    expect(installed()[0]?.label).toBe('Skrá');
  });
});
