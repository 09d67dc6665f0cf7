import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runElectronApp } from '../../../main/platform/app-lifecycle.electron.ts';
import { readDevelopmentSwitches } from '../../../main/platform/platform.electron.ts';
import { BrowserWindow, app } from '../../mocks/electron.ts';

let opened: number;
const openWindow = () => {
  opened += 1;
};

beforeEach(() => {
  opened = 0;
  BrowserWindow.windows = [];
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
    await Promise.resolve();
    expect(opened).toBe(1);
    expect(app.sandboxEnabled).toBe(true);
  });

  it('quits at once when another instance holds the lock', async () => {
    app.ready = true;
    app.lockAvailable = false;
    runElectronApp(openWindow);
    await Promise.resolve();
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

  it('brings the running window to the front on a second launch, restoring it if minimized', () => {
    runElectronApp(openWindow);
    const window = new BrowserWindow();
    window.minimized = true;
    app.emit('second-instance', {}, ['a2a-wallet'], '/');
    expect(window.minimized).toBe(false);
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    expect(opened).toBe(0);
  });

  it('opens a window on a second launch when none is open', () => {
    runElectronApp(openWindow);
    app.emit('second-instance', {}, [], '/');
    expect(opened).toBe(0); // not ready yet: the ready handler will open it
    app.ready = true;
    app.emit('second-instance', {}, [], '/');
    expect(opened).toBe(1);
  });

  it('quits when the window closes', () => {
    runElectronApp(openWindow);
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(1);
  });
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
