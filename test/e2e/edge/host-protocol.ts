/**
 * What the test and the electron host (electron-host.ts, the child process that runs the built main bundle) say to
 * each other over Node's IPC channel. Types and two small URL functions only, so both sides can import it.
 */
import type { InitiationRecord } from '../../../sandbox/index.ts';

/** What the composition root did from its first line until its window was created, as the recording mock saw it. */
export interface StartReport {
  /** `app.getPath('userData')` once the app was ready. */
  userData: string | undefined;
  /** Every `ipcMain.handle` call, in order (a refused second registration included). */
  handleCalls: string[];
  /** The channels with a handler now. */
  handlers: string[];
  /** The schemes registered as privileged before `ready`, as Electron requires. */
  privilegedBeforeReady: { scheme: string; privileges?: Record<string, boolean> }[];
  /** The schemes main answers with `protocol.handle`. */
  schemeHandlers: string[];
  /** Whether `app.enableSandbox()` was called. */
  sandboxEnabled: boolean;
  windows: { options: Record<string, unknown>; loads: string[] }[];
}

/** An answer of main's `app:` scheme handler, as plain data. */
export interface AppResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

export interface ListenAddress {
  address: string;
  family: string;
  port: number;
}

/** One call of `ipcRenderer.invoke` from a page, and the frame it came from as Chromium reports it. */
export interface InvokeCall {
  channel: string;
  args: unknown[];
  /** The sending frame's URL, on the app's scheme (see toAppUrl). */
  frameUrl: string;
  /** Whether the sending frame is the page's main frame. */
  isMainFrame: boolean;
  /** The main frame's URL, on the app's scheme (the frame's own when it is the main frame). */
  mainFrameUrl: string;
}

/** Each request the test can make of the host, and what it answers. */
export interface HostCalls {
  invoke: { request: InvokeCall; reply: unknown };
  appRequest: { request: { url: string; method: string }; reply: AppResponse };
  /** The page's main frame committed this URL (on the app's scheme): `webContents.getURL()` says so from now on. */
  navigated: { request: { url: string }; reply: null };
  /** What the sandbox the app started holds. */
  initiations: { request: null; reply: InitiationRecord[] };
  /** Every address a server of the app's process listened on. */
  listening: { request: null; reply: ListenAddress[] };
  /** Closes the window as its close button does: answers how often the app was asked to quit, then the process ends if it quit. */
  closeWindow: { request: null; reply: { quitCalls: number } };
}
export type HostCall = keyof HostCalls;

export type HostRequest = {
  [K in HostCall]: { kind: 'request'; id: number; call: K; request: HostCalls[K]['request'] };
}[HostCall];

export type HostMessage =
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: string }
  | { kind: 'started'; report: StartReport }
  /** Something main did not catch; the host ends with exit code 1 after saying so. */
  | { kind: 'fatal'; error: string }
  /** `shell.openExternal`: main asks for the customer's browser. */
  | { kind: 'external'; url: string }
  /** `webContents.send`: an event for the page. */
  | { kind: 'sent'; channel: string; args: unknown[] };

/**
 * Chromium cannot be given Electron's privileged `app:` scheme, so the page is shown at this https stand-in (a
 * reserved name that never resolves), routed by Playwright to main's own `app:` handler. The two URLs differ in the
 * origin only; path, query and fragment are the same.
 */
export const STAND_IN_ORIGIN = 'https://app-wallet.invalid';
export const APP_SCHEME_ORIGIN = 'app://wallet';

function swapOrigin(url: string, from: string, to: string): string {
  return url === from || url.startsWith(`${from}/`) ? `${to}${url.slice(from.length)}` : url;
}

/** A stand-in URL as main would see it in Electron; any other URL unchanged. */
export const toAppUrl = (url: string): string => swapOrigin(url, STAND_IN_ORIGIN, APP_SCHEME_ORIGIN);

/** An `app://wallet/...` URL where Chromium can show it; any other URL unchanged. */
export const toStandInUrl = (url: string): string => swapOrigin(url, APP_SCHEME_ORIGIN, STAND_IN_ORIGIN);
