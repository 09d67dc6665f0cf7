import type { BrowserWindow as ElectronWindow } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { runElectronApp } from '../../../main/platform/app-lifecycle.electron.ts';
import { closeBeforeQuit } from '../../../main/platform/quit-guard.ts';
import { BrowserWindow, app, fakeEvent } from '../../mocks/electron.ts';

/**
 * Issue 39, item 4: a quit waits for the core to close (the call log flushed, the store closed), within a bound, as
 * Electron's `before-quit` allows (the mock plays it: a prevented `before-quit` stops the quit).
 */
const settle = async () => {
  for (let n = 0; n < 10; n += 1) await Promise.resolve();
};

let quits: number;
let warnings: unknown[];
beforeEach(() => {
  BrowserWindow.windows = [];
  app.resetLifecycle();
  quits = 0;
  warnings = [];
  app.on('quit', () => {
    quits += 1;
  });
});

/** A core whose close the test finishes. */
function core() {
  const calls: { finish(): void; fail(error: Error): void }[] = [];
  return {
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ finish: resolve, fail: reject });
      }),
  };
}

const openWindow = () => Promise.resolve(new BrowserWindow() as unknown as ElectronWindow);

describe('a quit in the Electron app', () => {
  it('waits until the core has closed, also when asked twice, then quits once', async () => {
    const wallet = core();
    runElectronApp(openWindow, { beforeQuit: wallet.close, warn: (message) => warnings.push(message) });
    app.quit();
    // Cmd+Q again while the core closes: the same close, no quit yet.
    app.quit();
    await settle();
    expect(wallet.calls).toHaveLength(1);
    expect(quits).toBe(0);
    wallet.calls[0]?.finish();
    await settle();
    expect(quits).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('waits for the core when the last window closes too, and hides the windows while it closes', async () => {
    const wallet = core();
    app.ready = true;
    runElectronApp(openWindow, { beforeQuit: wallet.close });
    await settle();
    const [window] = BrowserWindow.windows;
    expect(window?.visible).toBe(false);
    window?.show();
    // Cmd+Q with the window open: it goes away at once, the quit waits for the core.
    app.quit();
    expect(window?.visible).toBe(false);
    expect(quits).toBe(0);
    wallet.calls[0]?.finish();
    await settle();
    expect(quits).toBe(1);
  });

  it('quits all the same when the core fails to close, and says why', async () => {
    const wallet = core();
    runElectronApp(openWindow, { beforeQuit: wallet.close, warn: (message) => warnings.push(message) });
    app.emit('window-all-closed');
    await settle();
    expect(quits).toBe(0);
    wallet.calls[0]?.fail(new Error('database is locked'));
    await settle();
    expect(quits).toBe(1);
    expect(warnings).toEqual([{ event: 'quit.closeFailed', message: 'database is locked' }]);
  });
});

describe('closeBeforeQuit', () => {
  it('quits once the bound has passed when the core never closes', async () => {
    const timers: { run: () => void; ms: number }[] = [];
    const quitting = {
      listener: undefined as ((event: { preventDefault(): void }) => void) | undefined,
      quitCalls: 0,
      on(_event: 'before-quit', listener: (event: { preventDefault(): void }) => void) {
        this.listener = listener;
      },
      quit() {
        this.quitCalls += 1;
        const event = fakeEvent();
        this.listener?.(event);
        if (!event.defaultPrevented) quits += 1;
      },
    };
    closeBeforeQuit(quitting, {
      close: () => new Promise<void>(() => undefined),
      limitMs: 4_000,
      warn: (message) => warnings.push(message),
      setTimer: (run, ms) => timers.push({ run, ms }),
    });
    quitting.quit();
    await settle();
    expect(quits).toBe(0);
    expect(timers.map(({ ms }) => ms)).toEqual([4_000]);
    timers[0]?.run();
    await settle();
    expect(quits).toBe(1);
    expect(warnings).toEqual([{ event: 'quit.closeTimedOut', message: 'not closed within 4000 ms; quitting' }]);
  });
});
