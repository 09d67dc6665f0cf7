/**
 * A stand-in for the `electron` module under plain Node (vitest aliases `electron` here, and the edge tests in
 * test/e2e/edge resolve it here with a module loader hook when they run the built main bundle). It records what the
 * code under test does with it, so tests can assert on registrations and exposures. Erasable TypeScript only, with
 * no imports: Node loads it as it is.
 */
type Listener = (...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  /** Every `handle` call in order, a refused second registration of a channel included. */
  registrations: [] as string[],
  listeners: new Map<string, Listener[]>(),
  on(channel: string, listener: Listener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  },
  handle(channel: string, listener: Listener) {
    this.registrations.push(channel);
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};

export const ipcRenderer = {
  invocations: [] as { channel: string; args: unknown[] }[],
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return Promise.resolve({ ok: true, value: { channel, args } });
  },
  listeners: new Map<string, Listener[]>(),
  on(channel: string, listener: Listener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  },
  removeListener(channel: string, listener: Listener) {
    this.listeners.set(
      channel,
      (this.listeners.get(channel) ?? []).filter((l) => l !== listener),
    );
    return this;
  },
};

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed.set(key, api);
  },
};

export const app = {
  /** False as in `npm start` and the tests; a test sets true to play an installed app. */
  isPackaged: false,
  name: 'A2A Wallet',
  version: '0.0.0-test',
  paths: new Map<string, string>(),
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`mock app.getPath('${name}') was not set by the test`);
    return path;
  },
  setPath(name: string, path: string) {
    this.paths.set(name, path);
  },
  /** The switches the app was started with (`--no-sandbox` is `no-sandbox`). */
  switches: new Set<string>(),
  commandLine: {
    hasSwitch(name: string): boolean {
      return app.switches.has(name);
    },
  },
  appUserModelId: undefined as string | undefined,
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  },
  /** Windows's toast activator class id, as set (Electron picks a random one per run when nobody does). */
  toastActivatorCLSID: undefined as string | undefined,
  setToastActivatorCLSID(id: string) {
    // As Electron: a GUID with or without braces, any case; anything else throws and changes nothing.
    const match = /^\{?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}?$/i.exec(id);
    if (!match) throw new Error(`Invalid CLSID: ${id}`);
    this.toastActivatorCLSID = `{${match[1] ?? ''}}`;
  },
  getName() {
    return this.name;
  },
  getVersion() {
    return this.version;
  },
  locale: 'en-US',
  getLocale() {
    return this.locale;
  },
  getPreferredSystemLanguages(): string[] {
    return [this.locale];
  },
  // Lifecycle: what runElectronApp does with the app, recorded.
  ready: false,
  sandboxEnabled: false,
  quitCalls: 0,
  /** The codes `app.exit` was called with. */
  exitCodes: [] as number[],
  readyWaiters: [] as (() => void)[],
  /** What requestSingleInstanceLock answers: false plays a second launch. */
  lockAvailable: true,
  events: new Map<string, Listener[]>(),
  on(event: string, listener: Listener) {
    this.events.set(event, [...(this.events.get(event) ?? []), listener]);
    return this;
  },
  once(event: string, listener: Listener) {
    const wrapped: Listener = (...args) => {
      this.events.set(
        event,
        (this.events.get(event) ?? []).filter((l) => l !== wrapped),
      );
      return listener(...args);
    };
    return this.on(event, wrapped);
  },
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.events.get(event) ?? []) listener(...args);
  },
  requestSingleInstanceLock() {
    return this.lockAvailable;
  },
  enableSandbox() {
    this.sandboxEnabled = true;
  },
  /** The link schemes the app claimed from the system. */
  protocolClients: [] as string[],
  setAsDefaultProtocolClient(scheme: string) {
    this.protocolClients.push(scheme);
    return true;
  },
  /** As Electron quits: `before-quit` and `will-quit` (either may be prevented), then `quit` with exit code 0. */
  quit() {
    this.quitCalls += 1;
    const beforeQuit = fakeEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    const willQuit = fakeEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.emit('quit', fakeEvent(), 0);
  },
  exit(code = 0) {
    this.exitCodes.push(code);
  },
  isReady() {
    return this.ready;
  },
  /** Pending until the test calls `markReady` (or sets `ready` before asking). */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.readyWaiters.push(resolve));
  },
  /** Plays Electron's `ready`: every `whenReady` promise resolves. */
  markReady() {
    this.ready = true;
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const resolve of waiters) resolve();
    this.emit('ready', fakeEvent(), {});
  },
  /** Back to a fresh app (paths stay: other tests set them). */
  resetLifecycle() {
    this.switches.clear();
    this.ready = false;
    this.sandboxEnabled = false;
    this.quitCalls = 0;
    this.exitCodes = [];
    this.readyWaiters = [];
    this.lockAvailable = true;
    this.isPackaged = false;
    this.protocolClients = [];
    this.locale = 'en-US';
    this.events.clear();
  },
};

/**
 * As Electron 45's safeStorage behaves: on Linux with the `basic_text` backend (no keyring found), encryption is not
 * available until `setUsePlainTextEncryption(true)`; encrypting while it is not available throws.
 */
export const safeStorage = {
  /** false: no keychain at all (the OS refused, or the app is not ready). */
  available: true,
  backend: 'gnome_libsecret',
  plainText: false,
  plainTextCalls: [] as boolean[],
  isEncryptionAvailable() {
    if (!this.available) return false;
    if (process.platform === 'linux' && this.backend === 'basic_text') return this.plainText;
    return true;
  },
  setUsePlainTextEncryption(usePlainText: boolean) {
    this.plainTextCalls.push(usePlainText);
    this.plainText = usePlainText;
  },
  encryptString(plain: string): Buffer {
    if (!this.isEncryptionAvailable()) throw new Error('Error while encrypting the text provided to safeStorage');
    return Buffer.from(`mock:${Buffer.from(plain, 'utf8').toString('base64')}`);
  },
  decryptString(cipher: Buffer): string {
    if (!this.isEncryptionAvailable()) throw new Error('Error while decrypting the ciphertext provided to safeStorage');
    const text = cipher.toString('utf8');
    if (!text.startsWith('mock:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage');
    return Buffer.from(text.slice(5), 'base64').toString('utf8');
  },
  getSelectedStorageBackend(): string {
    return this.backend;
  },
  /** The keychain's key was rotated: the next asynchronous decryptions say the data should be encrypted again. */
  rotated: false,
  /**
   * The OS key provider is not ready (a keyring locked at auto-login, a dismissed prompt, the daemon not up yet): as
   * Electron 45, `decryptStringAsync` rejects with "…temporarily unavailable. Please try again.", and on Linux the
   * encryptor falls back to the fixed-key provider, so encrypting still succeeds (with another key).
   */
  temporarilyUnavailable: false,
  isAsyncEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(this.isEncryptionAvailable());
  },
  encryptStringAsync(plain: string): Promise<Buffer> {
    if (this.temporarilyUnavailable) {
      return Promise.resolve(Buffer.from(`fixed:${Buffer.from(plain, 'utf8').toString('base64')}`));
    }
    try {
      return Promise.resolve(this.encryptString(plain));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  },
  decryptStringAsync(cipher: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    if (this.temporarilyUnavailable) {
      return Promise.reject(new Error('safeStorage.decryptStringAsync is temporarily unavailable. Please try again.'));
    }
    try {
      return Promise.resolve({ result: this.decryptString(cipher), shouldReEncrypt: this.rotated });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  },
  reset() {
    this.rotated = false;
    this.temporarilyUnavailable = false;
    this.available = true;
    this.backend = 'gnome_libsecret';
    this.plainText = false;
    this.plainTextCalls = [];
  },
};

/** A minimal event emitter, as Electron's objects are. */
class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    const wrapped: Listener = (...args) => {
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((l) => l !== wrapped),
      );
      return listener(...args);
    };
    return this.on(event, wrapped);
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** An event as Electron passes it to `will-navigate` and friends. */
export function fakeEvent(fields: Record<string, unknown> = {}) {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class WebContents extends Emitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  /** The page shown: what was loaded, or what a test says the page navigated to. */
  url = '';
  /** The main frame as IPC events name it (`event.sender.mainFrame`); its URL follows the page's. */
  readonly mainFrame = { url: '' };
  /** What the main process sent to the page, in order. */
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.url;
  }
  /** Sets the page's URL, as a load or a navigation commits it. */
  showPage(url: string) {
    this.url = url;
    this.mainFrame.url = url;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class BrowserWindow extends Emitter {
  static windows: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.windows.filter((window) => !window.destroyed);
  }
  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.getAllWindows().find((window) => window.focused) ?? null;
  }
  readonly options: Record<string, unknown>;
  readonly webContents = new WebContents();
  readonly loads: string[] = [];
  bounds: Rectangle;
  maximized = false;
  minimized = false;
  visible = false;
  focused = false;
  destroyed = false;
  constructor(options: Record<string, unknown> = {}) {
    super();
    this.options = options;
    const number = (key: string, fallback: number) => (typeof options[key] === 'number' ? options[key] : fallback);
    this.bounds = {
      x: number('x', 0),
      y: number('y', 0),
      width: number('width', 800),
      height: number('height', 600),
    };
    BrowserWindow.windows.push(this);
    app.emit('browser-window-created', fakeEvent(), this);
  }
  /** Set by a test: the next loads fail with it, as Electron rejects loadURL (ERR_FILE_NOT_FOUND and the like). */
  static loadError: Error | undefined;
  loadURL(url: string): Promise<void> {
    this.loads.push(url);
    if (BrowserWindow.loadError) return Promise.reject(BrowserWindow.loadError);
    this.webContents.showPage(url);
    return Promise.resolve();
  }
  loadFile(file: string): Promise<void> {
    this.loads.push(`file:${file}`);
    return Promise.resolve();
  }
  getNormalBounds(): Rectangle {
    return { ...this.bounds };
  }
  setBounds(bounds: Rectangle) {
    this.bounds = { ...bounds };
  }
  isMaximized() {
    return this.maximized;
  }
  /** As in Electron: maximizing a hidden window shows it, whether or not its page is ready. */
  maximize() {
    this.maximized = true;
    this.visible = true;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focus() {
    this.focused = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** As Electron closes a window: `close`, `closed`, and the app's `window-all-closed` after the last one. */
  close() {
    this.emit('close', fakeEvent());
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed');
  }
}

/** The default session's handlers, as the code under test set them. */
export const session = {
  defaultSession: {
    handlers: new Map<string, Listener>(),
    setPermissionRequestHandler(handler: Listener) {
      this.handlers.set('permissionRequest', handler);
    },
    setPermissionCheckHandler(handler: Listener) {
      this.handlers.set('permissionCheck', handler);
    },
    setDevicePermissionHandler(handler: Listener) {
      this.handlers.set('devicePermission', handler);
    },
    setDisplayMediaRequestHandler(handler: Listener) {
      this.handlers.set('displayMediaRequest', handler);
    },
  },
  /** Sessions asked for by partition; each fetches through Node's fetch here (Chromium's stack in Electron). */
  partitions: new Map<string, { options: unknown; fetches: string[]; fetch: typeof fetch }>(),
  fromPartition(partition: string, options?: unknown) {
    let made = this.partitions.get(partition);
    if (!made) {
      const fetches: string[] = [];
      made = {
        options,
        fetches,
        fetch: (input, init) => {
          fetches.push(input instanceof Request ? input.url : String(input));
          return fetch(input, init);
        },
      };
      this.partitions.set(partition, made);
    }
    return made;
  },
};

export const screen = {
  primary: { x: 0, y: 0, width: 1920, height: 1040 } as Rectangle,
  others: [] as Rectangle[],
  getPrimaryDisplay() {
    return { workArea: this.primary };
  },
  getAllDisplays() {
    return [this.primary, ...this.others].map((workArea) => ({ workArea }));
  },
};

export const dialog = {
  shown: [] as { window: unknown; options: Record<string, unknown> }[],
  errors: [] as { title: string; content: string }[],
  showErrorBox(title: string, content: string) {
    this.errors.push({ title, content });
  },
  showMessageBox(window: unknown, options: Record<string, unknown>) {
    this.shown.push({ window, options });
    return Promise.resolve({ response: 0, checkboxChecked: false });
  },
  /** What the customer picks in the next save dialog: a path, or undefined to cancel. */
  savePath: undefined as string | undefined,
  saves: [] as Record<string, unknown>[],
  showSaveDialog(...args: unknown[]) {
    const options = args.at(-1) as Record<string, unknown>;
    this.saves.push(options);
    const filePath = this.savePath;
    return Promise.resolve(filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' });
  },
};

export const Menu = {
  applicationMenu: undefined as unknown,
  buildFromTemplate(template: unknown[]) {
    return { template };
  },
  setApplicationMenu(menu: unknown) {
    this.applicationMenu = menu;
  },
};

/** Custom schemes: what was registered as privileged (before ready) and the handler of each scheme. */
export const protocol = {
  privileged: [] as { scheme: string; privileges?: Record<string, boolean> }[],
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
    if (this.handlers.has(scheme)) throw new Error(`The scheme has been handled: ${scheme}`);
    this.handlers.set(scheme, handler);
  },
  unhandle(scheme: string) {
    this.handlers.delete(scheme);
  },
  reset() {
    this.privileged = [];
    this.handlers.clear();
  },
};

export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  },
};

/** The OS's idle time and its lock and sleep events, as a test sets and fires them. */
export const powerMonitor = {
  idleSeconds: 0,
  listeners: new Map<string, (() => void)[]>(),
  getSystemIdleTime() {
    return this.idleSeconds;
  },
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  },
  emit(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener();
  },
};

/**
 * Desktop notifications, as shown: a test reads `Notification.shown`. As Electron 45 behaves (electron/electron#12690,
 * #16922): the system's click reaches a notification only through its JS object, so once V8 has collected an object
 * nobody kept, a click on it (from the Action Center or Notification Center, minutes later) does nothing. The mock
 * holds what it delivered only weakly (`delivered`), and `click` plays the system's click on the notification shown
 * `index`-th: its `click` event if the object is still alive, nothing if not. On Windows, Electron also calls the one
 * `Notification.handleActivation` callback for every click, whether or not the object still exists (also at a cold
 * start): `click` does that too where the test says the platform is Windows (`activationPlatform`).
 */
export class Notification extends Emitter {
  static shown: { title: string; body: string }[] = [];
  static supported = true;
  static isSupported(): boolean {
    return Notification.supported;
  }
  /** Every notification shown, held weakly, in order: as the system's notification center holds them. */
  static delivered: WeakRef<Notification>[] = [];
  /** The callback of `Notification.handleActivation` (Windows only in Electron). */
  static activationHandler: ((details: { type: string; arguments: string }) => void) | undefined;
  /** Whether `click` also plays Windows's activation. */
  static activationPlatform: 'win32' | 'other' = 'other';
  static handleActivation(callback: (details: { type: string; arguments: string }) => void): void {
    Notification.activationHandler = callback;
  }
  /** The system's click on the `index`-th notification shown: false when its object was collected (nothing ran). */
  static click(index: number): boolean {
    const shown = Notification.delivered[index]?.deref();
    shown?.emit('click', fakeEvent());
    if (Notification.activationPlatform === 'win32') {
      Notification.activationHandler?.({ type: 'click', arguments: `type=click&tag=${String(index)}` });
    }
    return shown !== undefined;
  }
  /** Back to no notification shown and no activation handler. */
  static reset(): void {
    Notification.shown = [];
    Notification.delivered = [];
    Notification.supported = true;
    Notification.activationHandler = undefined;
    Notification.activationPlatform = 'other';
  }
  readonly #notice: { title: string; body: string };
  constructor(options: { title: string; body: string }) {
    super();
    this.#notice = { title: options.title, body: options.body };
  }
  show(): void {
    Notification.shown.push(this.#notice);
    Notification.delivered.push(new WeakRef(this));
  }
  /** The system closed it (dismissed, or timed out where the system says so). */
  dismiss(): void {
    this.emit('close', fakeEvent());
  }
  /** The system refused to show it (macOS without a signature): Electron's `failed` event, with its error text. */
  fail(error: string): void {
    this.emit('failed', fakeEvent(), error);
  }
}

export default {
  Notification,
  powerMonitor,
  ipcMain,
  ipcRenderer,
  contextBridge,
  app,
  safeStorage,
  shell,
  protocol,
  BrowserWindow,
  session,
  screen,
  dialog,
  Menu,
};
