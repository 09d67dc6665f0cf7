/**
 * Starts a packaged app's main process (`<app>/out/main/index.js`, from its unpacked app.asar) under plain Node with
 * the recording Electron mock, and prints one JSON line (`PackagedMainReport`): what its Help menu links to, and what
 * the window does with the same URL when the page opens it. package.test.ts runs it on the builds it made, so the
 * homepage is checked where it has to arrive: in the packaged app, at run time. Started with the app folder as its one
 * argument and A2A_WALLET_USER_DATA set to a fresh data folder.
 */
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, Menu, shell, type BrowserWindow } from '../mocks/electron.ts';
import type { MenuTemplateItem } from '../../main/window/app-menu.ts';

export interface PackagedMainReport {
  /** The labels of the Help menu's items. */
  help: string[];
  /** What clicking the Help menu's link handed to the system browser. */
  helpOpened: string[];
  /** What the page's attempt to open that same URL in a new window handed to the system browser. */
  pageOpened: string[];
}

const appDir = process.argv[2];
if (!appDir) {
  console.error('usage: packaged-main.ts <folder holding out/ and package.json>');
  process.exit(2);
}
const fail = (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

// The mock by the same URL as this file imports it, so that main and this host share one instance.
register(new URL('./electron-resolve.ts', import.meta.url), {
  data: { electron: new URL('../mocks/electron.ts', import.meta.url).href },
});

const created = new Promise<BrowserWindow>((done) =>
  app.once('browser-window-created', (_event, window) => done(window as BrowserWindow)),
);
await import(pathToFileURL(join(resolve(appDir), 'out', 'main', 'index.js')).href);
app.markReady();
const window = await created;

// The menu is set before the window is made (main/window/main-window.electron.ts).
const menu = (Menu.applicationMenu as { template: MenuTemplateItem[] } | undefined)?.template ?? [];
const helpItems = menu.at(-1)?.submenu ?? [];
const link = helpItems.find((item) => item.click !== undefined && item.role === undefined);
link?.click?.();
await Promise.resolve();
const helpOpened = [...shell.opened];

shell.opened.length = 0;
if (helpOpened[0] !== undefined) window.webContents.windowOpenHandler?.({ url: helpOpened[0] });
await Promise.resolve();

const report: PackagedMainReport = {
  help: helpItems.map((item) => item.label ?? ''),
  helpOpened,
  pageOpened: [...shell.opened],
};
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
