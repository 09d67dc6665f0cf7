import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { compileFunction } from 'node:vm';
import { invokeChannelNames } from '../../../common/bridge-contract.ts';
import { ipcChannel } from '../../../common/ipc-channel.ts';
import type { EdgeApp } from './edge-app.ts';
import { expect, test } from './fixtures.ts';

/**
 * The composition root as built (`out/main/index.js`), started under plain Node with the recording Electron mock:
 * what it registers and creates before and after `ready`. See electron-host.ts for how it runs.
 */
const contractChannels = invokeChannelNames.map(ipcChannel).sort();

function theWindow(edge: EdgeApp) {
  expect(edge.report.windows).toHaveLength(1);
  const [window] = edge.report.windows;
  if (!window) throw new Error('no window');
  return { ...window, webPreferences: (window.options['webPreferences'] ?? {}) as Record<string, unknown> };
}

test('registers exactly one IPC handler for each invoke channel of the contract', ({ edge }) => {
  // A second registration of a channel is refused by the mock as by Electron, which fails the start itself.
  expect([...edge.report.handleCalls].sort()).toEqual(contractChannels);
  expect([...edge.report.handlers].sort()).toEqual(contractChannels);
});

test('every handler answers the app page’s main frame and refuses any other sender', async ({ edge }) => {
  const page = theWindow(edge).loads[0] ?? '';
  const call = (channel: string, sender: { frameUrl: string; isMainFrame: boolean }) =>
    edge.call('invoke', { channel, args: [undefined], mainFrameUrl: page, ...sender });
  expect(await call(ipcChannel('appInfo'), { frameUrl: page, isMainFrame: true })).toMatchObject({ ok: true });
  const refused = { ok: false, error: { code: 'FORBIDDEN_SENDER' } };
  for (const channel of contractChannels) {
    expect(await call(channel, { frameUrl: page, isMainFrame: false }), `${channel} from a subframe`).toMatchObject(
      refused,
    );
    expect(
      await call(channel, { frameUrl: 'https://bank.example/', isMainFrame: true }),
      `${channel} from another page`,
    ).toMatchObject(refused);
  }
});

test('opens one window with the hardened webPreferences, and sandboxes every renderer', ({ edge }) => {
  const { webPreferences } = theWindow(edge);
  expect(webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  });
  // Off by Electron's default, and to stay so: any of these set would loosen the window again.
  const loosening = [
    'nodeIntegrationInWorker',
    'experimentalFeatures',
    'enableBlinkFeatures',
    'additionalArguments',
    'plugins',
    'navigateOnDragDrop',
  ];
  expect(loosening.filter((key) => Boolean(webPreferences[key]))).toEqual([]);
  expect(edge.report.sandboxEnabled).toBe(true);
});

test('points the preload at a CommonJS file of the build that exists and requires nothing but electron', ({ edge }) => {
  const preload = theWindow(edge).webPreferences['preload'];
  if (typeof preload !== 'string') throw new Error(`the preload is not a path: ${String(preload)}`);
  expect(isAbsolute(preload), preload).toBe(true);
  expect(relative(edge.out, preload).startsWith('..'), `${preload} is outside the build`).toBe(false);
  expect(existsSync(preload) && statSync(preload).isFile(), `${preload} exists`).toBe(true);
  // package.json says "type": "module", so only .cjs makes every loader read the file as CommonJS.
  expect(preload).toMatch(/\.cjs$/);
  // Compiled as a CommonJS module body: an import or export statement would not compile. Run with Electron's
  // sandboxed preload `require`, which knows `electron` only.
  const body = compileFunction(readFileSync(preload, 'utf8'), [
    'exports',
    'require',
    'module',
    '__filename',
    '__dirname',
  ]);
  const required: string[] = [];
  const exposed: string[] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string) => exposed.push(key) },
    ipcRenderer: { invoke: () => Promise.resolve(), on: () => undefined, removeListener: () => undefined },
  };
  const module = { exports: {} };
  body(module.exports, (name: string) => (required.push(name), electron), module, preload, dirname(preload));
  expect(required).toEqual(['electron']);
  expect(exposed).toEqual(['wallet']);
});

test('loads its page from app://wallet/, where main’s own scheme handler finds the built renderer', async ({
  edge,
}) => {
  // The scheme must be privileged before `ready` (Electron ignores it later), and handled after.
  expect(edge.report.privilegedBeforeReady).toContainEqual({
    scheme: 'app',
    privileges: expect.objectContaining({ standard: true, secure: true }),
  });
  expect(edge.report.schemeHandlers).toEqual(['app']);
  const { loads } = theWindow(edge);
  expect(loads).toHaveLength(1);
  const entry = loads[0] ?? '';
  expect(entry).toMatch(/^app:\/\/wallet\//);

  const { page, html, assets } = await edge.pageAndAssets(entry);
  expect(page.status).toBe(200);
  expect(new Map(page.headers).get('content-type')).toMatch(/^text\/html/);
  expect(html).toContain('<div id="root">');
  expect(assets.size).toBeGreaterThan(0);
  for (const [asset, status] of assets) expect(status, asset).toBe(200);
});

test('keeps its data in the private folder it was given, listens on loopback only, and ends when its window closes', async ({
  edge,
}) => {
  expect(edge.report.userData).toBe(edge.dataDir);
  expect(statSync(edge.dataDir).mode & 0o777).toBe(0o700);
  const listening = await edge.call('listening', null);
  expect(listening.length).toBeGreaterThan(0);
  expect(listening.filter((server) => server.address !== '127.0.0.1')).toEqual([]);
  expect(await edge.closeWindow()).toEqual({ quitCalls: 1, code: 0, signal: null });
});
