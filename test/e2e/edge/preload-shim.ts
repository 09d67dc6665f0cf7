/**
 * Electron's preload step, played in Chromium: the built preload runs before the page's own scripts, with
 * `require('electron')` answered by a shim. Its `contextBridge.exposeInMainWorld` defines the key on the page's
 * window (read-only, as Electron's copy is); its `ipcRenderer.invoke` and `on` reach the main process through two
 * Playwright bindings (app-window.ts), which the shim takes and removes from the page before the page's scripts run.
 *
 * Unlike Electron, the preload shares the page's JavaScript world (Chromium has no context isolation to give it);
 * what the page can reach is still only `window.wallet`.
 */
export const INVOKE_BINDING = '__a2aEdgeInvoke';
export const NEXT_EVENT_BINDING = '__a2aEdgeNextEvent';

/** The init script: the shim, with the preload's source as a CommonJS module body. */
export function preloadInitScript(preloadSource: string): string {
  const bindings = JSON.stringify({ invoke: INVOKE_BINDING, nextEvent: NEXT_EVENT_BINDING });
  return `(${installPreload.toString()})(${bindings}, function (exports, require, module) {\n${preloadSource}\n});`;
}

type Listener = (event: unknown, ...args: unknown[]) => void;
type ModuleBody = (exports: unknown, require: (name: string) => unknown, module: { exports: unknown }) => void;

/** Runs in the page, serialized: it may use nothing from this module's scope. */
function installPreload(bindings: { invoke: string; nextEvent: string }, preload: ModuleBody): void {
  const page = window as unknown as Record<string, unknown>;
  const invokeMain = page[bindings.invoke] as ((channel: string, args: unknown[]) => Promise<unknown>) | undefined;
  const nextEvent = page[bindings.nextEvent] as (() => Promise<{ channel: string; args: unknown[] }>) | undefined;
  delete page[bindings.invoke];
  delete page[bindings.nextEvent];
  if (!invokeMain || !nextEvent) throw new Error('the edge bindings are missing: expose them before the init script');

  const listeners = new Map<string, Listener[]>();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => invokeMain(channel, args),
    on(channel: string, listener: Listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((l) => l !== listener),
      );
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key: string, api: Record<string, unknown>) {
      Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true });
    },
  };
  // A sandboxed preload's require: `electron` and nothing else here.
  const require = (name: string) => {
    if (name !== 'electron') throw new Error(`module not found: ${name}`);
    return { contextBridge, ipcRenderer };
  };
  const module = { exports: {} };
  preload(module.exports, require, module);

  // Main's events, in the order it sent them, to the listeners there are when each arrives (as Electron does).
  void (async () => {
    for (;;) {
      const { channel, args } = await nextEvent();
      const event = { sender: ipcRenderer, senderId: 0, ports: [] };
      for (const listener of listeners.get(channel) ?? []) listener(event, ...args);
    }
  })();
}
