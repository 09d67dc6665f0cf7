import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_ID } from '../../../main/platform/app-id.ts';
import { identifyApp } from '../../../main/platform/app-lifecycle.electron.ts';
import { createMainWindow } from '../../../main/window/main-window.electron.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import type { BrowserWindow } from '../../mocks/electron.ts';
import { app, fakeEvent } from '../../mocks/electron.ts';

const platform = Object.getOwnPropertyDescriptor(process, 'platform');
afterEach(() => {
  if (platform) Object.defineProperty(process, 'platform', platform);
  app.appUserModelId = undefined;
  app.name = 'A2A Wallet';
});

describe("the app's identity on the desktop", () => {
  it('is installed under the appId main uses by default', () => {
    const yml = load(readFileSync(join(import.meta.dirname, '../../../electron-builder.yml'), 'utf8')) as {
      appId: string;
    };
    expect(DEFAULT_APP_ID).toBe(yml.appId);
  });

  it('gives Windows the installer’s appId, so the window and its pinned shortcut are one taskbar icon', () => {
    Object.defineProperty(process, 'platform', { value: 'win32' });
    identifyApp('is.vendor.wallet');
    expect(app.appUserModelId).toBe('is.vendor.wallet');
  });

  it('keeps the product’s name as the window title, whatever the page’s <title> says', () => {
    app.name = 'Vendor Wallet';
    const window = createMainWindow({
      preloadPath: '/x/preload.cjs',
      appUrl: 'app://wallet/index.html',
      isDev: false,
      stateStore: new MemoryStore(),
    }) as unknown as BrowserWindow;
    expect(window.options['title']).toBe('Vendor Wallet');
    const event = fakeEvent();
    window.emit('page-title-updated', event, 'A2A Wallet');
    expect(event.defaultPrevented).toBe(true);
  });
});
