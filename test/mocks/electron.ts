/**
 * A stand-in for the `electron` module under plain Node (vitest aliases `electron` here). It records what the
 * code under test does with it, so tests can assert on registrations and exposures.
 */
type Listener = (...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  listeners: new Map<string, Listener[]>(),
  on(channel: string, listener: Listener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  },
  handle(channel: string, listener: Listener) {
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
  // Lifecycle: what runElectronApp does with the app, recorded.
  ready: false,
  sandboxEnabled: false,
  quitCalls: 0,
  /** What requestSingleInstanceLock answers: false plays a second launch. */
  lockAvailable: true,
  events: new Map<string, Listener[]>(),
  on(event: string, listener: Listener) {
    this.events.set(event, [...(this.events.get(event) ?? []), listener]);
    return this;
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
  quit() {
    this.quitCalls += 1;
  },
  isReady() {
    return this.ready;
  },
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise(() => undefined);
  },
  /** Back to a fresh app (paths stay: other tests set them). */
  resetLifecycle() {
    this.ready = false;
    this.sandboxEnabled = false;
    this.quitCalls = 0;
    this.lockAvailable = true;
    this.isPackaged = false;
    this.locale = 'en-US';
    this.events.clear();
  },
};

export const safeStorage = {
  available: true,
  isEncryptionAvailable() {
    return this.available;
  },
  encryptString(plain: string): Buffer {
    return Buffer.from(`mock:${Buffer.from(plain, 'utf8').toString('base64')}`);
  },
  decryptString(cipher: Buffer): string {
    const text = cipher.toString('utf8');
    if (!text.startsWith('mock:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage');
    return Buffer.from(text.slice(5), 'base64').toString('utf8');
  },
  getSelectedStorageBackend(): string {
    return 'gnome_libsecret';
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
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends Emitter {
  static windows: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.windows.filter((window) => !window.destroyed);
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
  }
  loadURL(url: string): Promise<void> {
    this.loads.push(url);
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
  maximize() {
    this.maximized = true;
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
  focus() {
    this.focused = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    this.emit('close', fakeEvent());
    this.destroyed = true;
    this.emit('closed');
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
  showMessageBox(window: unknown, options: Record<string, unknown>) {
    this.shown.push({ window, options });
    return Promise.resolve({ response: 0, checkboxChecked: false });
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

export default {
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
