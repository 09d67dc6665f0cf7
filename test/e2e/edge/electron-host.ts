/**
 * The child process in which the built main bundle (`<out>/main/index.js`, the composition root) runs under plain
 * Node, with `electron` answered by the recording mock (test/mocks/electron.ts). edge-app.ts starts it with the out
 * folder as its one argument and talks to it over Node's IPC channel (host-protocol.ts).
 *
 * The host plays the parts of Electron that the mock cannot: it makes the app ready once the main module has run,
 * reports what main registered and created, carries the page's IPC calls to main's handlers with the sender frame
 * as Chromium reports it, serves the page through main's own `app:` handler, forwards what main sends or opens,
 * and ends the process when the app quits, as Electron does.
 */
import { subscribe } from 'node:diagnostics_channel';
import { register } from 'node:module';
import type { Server } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, shell } from '../../mocks/electron.ts';
import type { HookData } from './electron-hooks.ts';
import type { HostCalls, HostMessage, HostRequest, InvokeCall, ListenAddress, StartReport } from './host-protocol.ts';
import { hostState } from './host-state.ts';

const outDir = process.argv[2];
if (!outDir || !process.send) {
  console.error('usage: started by test/e2e/edge/edge-app.ts, with the out folder as argument and an IPC channel');
  process.exit(2);
}
const out = resolve(outDir);
const post = (message: HostMessage, then?: () => void) => process.send?.(message, undefined, undefined, then);

// Anything main lets slip is the test's failure, said before the process ends.
const fatal = (error: unknown) => {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  post({ kind: 'fatal', error: text }, () => process.exit(1));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
// The test went away: so does the app.
process.on('disconnect', () => process.exit(1));

// Every server the app's process opens, to show that they listen on loopback only.
const listening: ListenAddress[] = [];
subscribe('tracing:net.server.listen:asyncEnd', (message) => {
  const address = (message as { server: Server }).server.address();
  if (address && typeof address !== 'string') listening.push({ ...address });
});

// `app.exit` ends Electron's process at once; the host says which error dialogs main showed before, then ends too.
const exitApp = app.exit.bind(app);
app.exit = (code = 0) => {
  exitApp(code);
  const shown = dialog.errors.map(({ title, content }) => `error dialog: ${title}\n${content}\n`).join('');
  process.stdout.write(shown, () => process.exit(code));
};

// Electron ends the process after `quit`; the host does the same once main's own listeners have run.
app.on('quit', (_event, exitCode) => setImmediate(() => process.exit(typeof exitCode === 'number' ? exitCode : 0)));

// The customer's browser and the page's events are the test's: forward them.
const openExternal = shell.openExternal.bind(shell);
shell.openExternal = (url: string) => {
  post({ kind: 'external', url });
  return openExternal(url);
};
app.on('browser-window-created', (_event, created) => {
  const contents = (created as BrowserWindow).webContents;
  const record = contents.send.bind(contents);
  contents.send = (channel: string, ...args: unknown[]) => {
    record(channel, ...args);
    post({ kind: 'sent', channel, args });
  };
});

const hookData: HookData = {
  electron: new URL('../../mocks/electron.ts', import.meta.url).href,
  sandboxChunk: pathToFileURL(join(out, 'main', 'local-sandbox.js')).href,
  tap: new URL('./local-sandbox-tap.ts', import.meta.url).href,
};
hostState.sandboxChunk = hookData.sandboxChunk;
register(new URL('./electron-hooks.ts', import.meta.url), { data: hookData });

function theWindow(): BrowserWindow {
  const [window] = BrowserWindow.getAllWindows();
  if (!window) throw new Error('the app has no window');
  return window;
}

/** An `ipcRenderer.invoke` as Electron delivers it to `ipcMain.handle`: the event names the sender and its frame. */
async function invoke({ channel, args, frameUrl, isMainFrame, mainFrameUrl }: InvokeCall): Promise<unknown> {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`Error invoking remote method '${channel}': No handler registered for '${channel}'`);
  const contents = theWindow().webContents;
  contents.mainFrame.url = isMainFrame ? frameUrl : mainFrameUrl;
  const senderFrame = isMainFrame ? contents.mainFrame : { url: frameUrl };
  return await handler({ sender: contents, senderFrame, processId: 1, frameId: isMainFrame ? 1 : 2 }, ...args);
}

async function appRequest({ url, method }: { url: string; method: string }) {
  const handler = protocol.handlers.get('app');
  if (!handler) throw new Error('main handles no app: scheme');
  const response = await handler(new Request(url, { method }));
  return {
    status: response.status,
    headers: [...response.headers.entries()],
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

const calls: { [K in keyof HostCalls]: (request: HostCalls[K]['request']) => Promise<HostCalls[K]['reply']> } = {
  invoke,
  appRequest,
  navigated: async ({ url }) => {
    theWindow().webContents.showPage(url);
    return null;
  },
  initiations: async () => hostState.sandboxes.flatMap((sandbox) => sandbox.initiations()),
  listening: async () => listening,
  closeWindow: async () => {
    theWindow().close();
    // A quit ends the process only after this answer (see the `quit` listener above).
    return { quitCalls: app.quitCalls };
  },
};

process.on('message', (message: HostRequest) => {
  const call = calls[message.call] as (request: unknown) => Promise<unknown>;
  call(message.request).then(
    (value) => post({ kind: 'reply', id: message.id, ok: true, value }),
    (error: unknown) =>
      post({ kind: 'reply', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});

// The composition root as built: its first lines run now, before the app is ready.
await import(pathToFileURL(join(out, 'main', 'index.js')).href);
const privilegedBeforeReady = structuredClone(protocol.privileged);
const created = new Promise<void>((resolveCreated) => app.once('browser-window-created', () => resolveCreated()));
app.markReady();
// Resolves once the constructor has run; main's synchronous rest of createMainWindow (the load) has run by then.
await created;
const report: StartReport = {
  userData: app.paths.get('userData'),
  handleCalls: [...ipcMain.registrations],
  handlers: [...ipcMain.handlers.keys()],
  privilegedBeforeReady,
  schemeHandlers: [...protocol.handlers.keys()],
  sandboxEnabled: app.sandboxEnabled,
  windows: BrowserWindow.windows.map((window) => ({ options: window.options, loads: [...window.loads] })),
};
post({ kind: 'started', report });
