import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createElectronPlatform } from '../../../main/platform/platform.electron.ts';
import type { Platform } from '../../../main/platform/platform.ts';
import { BrowserWindow, Notification, app } from '../../mocks/electron.ts';

/**
 * Issue 39, item 5: a notification's click opens what it names, also minutes later from the Action Center or
 * Notification Center, after V8 has collected everything nobody keeps. The test process gets V8's `gc` (the flag
 * `--expose-gc`, set at run time) to force that collection.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Past the current job (a WeakRef's target stays alive until it ends), then a full collection. */
const collect = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
};

let dataDir: string;
let warnings: unknown[];
let platform: Platform;
const notice = { title: 'Payment due today', body: 'Rent to Björn: 150,000 kr.' };

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'a2a-notify-'));
  app.setPath('userData', dataDir);
  BrowserWindow.windows = [];
  Notification.reset();
  warnings = [];
  platform = createElectronPlatform({
    store: { get: () => undefined, set: () => undefined, delete: () => undefined },
    shipped: { profiles: [], allowEdit: false },
    paymentStoreWorker: '',
    warn: (message) => warnings.push(message),
  });
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  Notification.reset();
});

describe('desktop notifications', () => {
  it('the mock loses a notification nobody keeps, as Electron does (the premise of the others)', async () => {
    new Notification(notice).show();
    await collect();
    expect(Notification.click(0)).toBe(false);
  });

  it('a click after V8 has collected everything unkept still opens what the notification names', async () => {
    const window = new BrowserWindow();
    const opened: string[] = [];
    platform.notify?.(notice, () => opened.push('due list'));
    await collect();
    expect(Notification.click(0), 'the notification was collected before its click').toBe(true);
    expect(opened).toEqual(['due list']);
    expect(window.focused).toBe(true);
  });

  it('is let go once clicked, closed or failed; a failure is told with its reason', async () => {
    platform.notify?.(notice);
    platform.notify?.(notice);
    platform.notify?.(notice);
    // No reference of the test's own: each is reached through the mock's weak list only.
    expect(Notification.click(0)).toBe(true);
    Notification.delivered[1]?.deref()?.dismiss();
    Notification.delivered[2]?.deref()?.fail('Notifications are not allowed for this app (not signed)');
    await collect();
    expect(Notification.delivered.map((ref) => ref.deref() !== undefined)).toEqual([false, false, false]);
    expect(warnings).toEqual([
      { event: 'notification.failed', message: 'Notifications are not allowed for this app (not signed)' },
    ]);
  });

  it('opens what it names once, not twice, when Windows reports the click as an activation too', async () => {
    Notification.activationPlatform = 'win32';
    const original = process.platform;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      platform = createElectronPlatform({
        store: { get: () => undefined, set: () => undefined, delete: () => undefined },
        shipped: { profiles: [], allowEdit: false },
        paymentStoreWorker: '',
      });
    } finally {
      Object.defineProperty(process, 'platform', { value: original });
    }
    const opened: string[] = [];
    platform.notify?.(notice, () => opened.push('due list'));
    Notification.click(0);
    expect(opened).toEqual(['due list']);
  });

  it('on Windows, an activation Electron can no longer tie to its object (collected, or closed to the Action Center) still opens what the notification names', async () => {
    const window = new BrowserWindow();
    Notification.activationPlatform = 'win32';
    const original = process.platform;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      platform = createElectronPlatform({
        store: { get: () => undefined, set: () => undefined, delete: () => undefined },
        shipped: { profiles: [], allowEdit: false },
        paymentStoreWorker: '',
      });
    } finally {
      Object.defineProperty(process, 'platform', { value: original });
    }
    const opened: string[] = [];
    platform.notify?.(notice, () => opened.push('due list'));
    // The toast left the screen for the Action Center: Electron says `close`, and the object is let go.
    Notification.delivered[0]?.deref()?.dismiss();
    await collect();
    expect(Notification.click(0)).toBe(false);
    expect(opened).toEqual(['due list']);
    expect(window.focused).toBe(true);
  });

  it('shows nothing where the system has no notifications', () => {
    Notification.supported = false;
    platform.notify?.(notice);
    expect(Notification.shown).toEqual([]);
  });
});
