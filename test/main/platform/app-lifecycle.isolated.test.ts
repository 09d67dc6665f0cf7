import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runElectronApp } from '../../../main/platform/app-lifecycle.electron.ts';
import { readDevelopmentSwitches } from '../../../main/platform/platform.electron.ts';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { BrowserWindow, app, dialog } from '../../mocks/electron.ts';

let opened: number;
/** Each call opens a window once `release` is called: the wallet takes a while to start. */
let pending: { release(): void; fail(error: Error): void }[];
const openWindow = () => {
  opened += 1;
  return new Promise<ElectronWindow>((resolve, reject) => {
    pending.push({ release: () => resolve(new BrowserWindow() as unknown as ElectronWindow), fail: reject });
  });
};
const settle = async () => {
  for (let n = 0; n < 5; n += 1) await Promise.resolve();
};

beforeEach(() => {
  opened = 0;
  pending = [];
  BrowserWindow.windows = [];
  dialog.errors.length = 0;
  app.resetLifecycle();
});
afterEach(() => {
  delete process.env['A2A_WALLET_USER_DATA'];
  delete process.env['ELECTRON_RENDERER_URL'];
});

describe('the app lifecycle', () => {
  it('opens the window once ready, sandboxing every renderer', async () => {
    app.ready = true;
    runElectronApp(openWindow);
    await settle();
    expect(opened).toBe(1);
    expect(app.sandboxEnabled).toBe(true);
  });

  it('quits at once when another instance holds the lock', async () => {
    app.ready = true;
    app.lockAvailable = false;
    runElectronApp(openWindow);
    await settle();
    expect(app.quitCalls).toBe(1);
    expect(opened).toBe(0);
    expect(app.events.size).toBe(0);
  });

  it('sets the test profile folder before taking the lock', () => {
    let userDataAtLock: string | undefined;
    const request = app.requestSingleInstanceLock;
    app.requestSingleInstanceLock = function () {
      userDataAtLock = this.paths.get('userData');
      return true;
    };
    try {
      runElectronApp(openWindow, { userDataDir: '/tmp/a2a-test-profile' });
    } finally {
      app.requestSingleInstanceLock = request;
    }
    expect(userDataAtLock).toBe('/tmp/a2a-test-profile');
  });

  it('brings the running window to the front on a second launch, restoring it if minimized', async () => {
    app.ready = true;
    runElectronApp(openWindow);
    await settle();
    pending[0]?.release();
    await settle();
    const [window] = BrowserWindow.windows;
    if (!window) throw new Error('no window');
    window.minimized = true;
    app.emit('second-instance', {}, ['a2a-wallet'], '/');
    await settle();
    expect(window.minimized).toBe(false);
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    expect(opened).toBe(1);
  });

  it('makes one window, not two, when launched again or clicked in the Dock while still starting', async () => {
    app.ready = true;
    runElectronApp(openWindow);
    await settle();
    app.emit('second-instance', {}, [], '/');
    app.emit('activate');
    app.emit('second-instance', {}, [], '/');
    await settle();
    expect(opened).toBe(1);
    pending[0]?.release();
    await settle();
    expect(BrowserWindow.getAllWindows()).toHaveLength(1);
    expect(BrowserWindow.windows[0]?.focused).toBe(true);
  });

  it('opens a new window after the last one closed (macOS keeps the app in the Dock)', async () => {
    app.ready = true;
    runElectronApp(openWindow);
    await settle();
    pending[0]?.release();
    await settle();
    BrowserWindow.windows[0]?.close();
    app.emit('activate');
    await settle();
    expect(opened).toBe(2);
  });

  it('waits for ready before a second launch opens anything', async () => {
    runElectronApp(openWindow);
    app.emit('second-instance', {}, [], '/');
    await settle();
    expect(opened).toBe(0);
    app.markReady();
    await settle();
    expect(opened).toBe(1);
  });

  it('says why it could not start, and what to do, then exits instead of lingering unseen', async () => {
    app.ready = true;
    runElectronApp(openWindow);
    await settle();
    pending[0]?.fail(new Error("EACCES: permission denied, open '/home/anna/.config/A2A Wallet/settings.json'"));
    await settle();
    expect(dialog.errors).toHaveLength(1);
    expect(dialog.errors[0]?.title).toBe('A2A Wallet could not start');
    expect(dialog.errors[0]?.content).toContain('EACCES: permission denied');
    expect(dialog.errors[0]?.content).toMatch(/What to do: start the app again/);
    expect(app.exitCodes).toEqual([1]);
  });

  it('refuses to run packaged without the sandbox (an AppImage on Ubuntu 24.04+), saying what to install', async () => {
    app.ready = true;
    app.isPackaged = true;
    app.switches.add('no-sandbox');
    runElectronApp(openWindow);
    await settle();
    expect(opened).toBe(0);
    expect(dialog.errors[0]?.content).toMatch(/--no-sandbox.*install the \.deb package/s);
    expect(app.exitCodes).toEqual([1]);
  });

  it('lets a development run use --no-sandbox (a container as root)', async () => {
    app.ready = true;
    app.switches.add('no-sandbox');
    runElectronApp(openWindow);
    await settle();
    expect(opened).toBe(1);
  });

  it('quits when the window closes', () => {
    runElectronApp(openWindow);
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(1);
  });
});

describe('a2a-wallet: links (payment requests, issue 19)', () => {
  const LINK = 'a2a-wallet://pay?v=1&kt=1203852089&acct=013326012345&c=0badc0de';
  let links: string[];
  const run = () => runElectronApp(openWindow, { onLink: (link) => links.push(link) });
  beforeEach(() => {
    links = [];
  });

  it('a second launch with a link brings it to the open window, once the window is there', async () => {
    app.ready = true;
    run();
    app.emit('second-instance', {}, ['/opt/A2A Wallet/a2a-wallet', '--flag', LINK], '/');
    await settle();
    expect(links).toEqual([]);
    pending[0]?.release();
    await settle();
    expect(links).toEqual([LINK]);
    expect(opened).toBe(1);
    // A second launch without a link only brings the window to the front.
    app.emit('second-instance', {}, ['/opt/A2A Wallet/a2a-wallet'], '/');
    await settle();
    expect(links).toEqual([LINK]);
  });

  it('macOS’s open-url, also before the app is ready, is taken from the system and brought to the window', async () => {
    run();
    const event = {
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    };
    app.emit('open-url', event, LINK);
    expect(event.prevented).toBe(true);
    app.markReady();
    await settle();
    pending[0]?.release();
    await settle();
    expect(links).toEqual([LINK]);
  });

  it('the link the app was started with goes to the window once it is open', async () => {
    const argv = process.argv;
    process.argv = [...argv, 'A2A-WALLET://pay?v=1'];
    try {
      app.ready = true;
      run();
      await settle();
      pending[0]?.release();
      await settle();
    } finally {
      process.argv = argv;
    }
    expect(links).toEqual(['A2A-WALLET://pay?v=1']);
  });

  it('the scheme is claimed by an installed app only, never by a development run', () => {
    run();
    expect(app.protocolClients).toEqual([]);
    app.resetLifecycle();
    app.isPackaged = true;
    run();
    expect(app.protocolClients).toEqual(['a2a-wallet']);
  });

  it.runIf(process.platform === 'linux')(
    'an AppImage leaves the scheme to its own desktop entry: Electron would name one only the .deb installs',
    () => {
      const saved = process.env['APPIMAGE'];
      process.env['APPIMAGE'] = '/home/anna/Apps/a2a-wallet.AppImage';
      try {
        app.isPackaged = true;
        run();
        expect(app.protocolClients).toEqual([]);
      } finally {
        if (saved === undefined) delete process.env['APPIMAGE'];
        else process.env['APPIMAGE'] = saved;
      }
    },
  );
});

describe('the development switches as the Electron app reads them (issue 13, case 11)', () => {
  it('are all ignored in a packaged app: no dev server, no other data folder, no DevTools', () => {
    process.env['ELECTRON_RENDERER_URL'] = 'https://evil.example/';
    process.env['A2A_WALLET_USER_DATA'] = '/tmp/elsewhere';
    app.isPackaged = true;
    const switches = readDevelopmentSwitches();
    expect(switches).toEqual({ isDev: false });
    app.paths.delete('userData');
    runElectronApp(openWindow, switches.userDataDir ? { userDataDir: switches.userDataDir } : {});
    expect(app.paths.get('userData')).toBeUndefined();
  });

  it('are honoured in an unpackaged app', () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173/';
    process.env['A2A_WALLET_USER_DATA'] = '/tmp/a2a-dev';
    expect(readDevelopmentSwitches()).toEqual({
      isDev: true,
      devServerUrl: 'http://localhost:5173/',
      userDataDir: '/tmp/a2a-dev',
    });
  });
});
