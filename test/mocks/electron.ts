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

export const BrowserWindow = {
  getAllWindows: (): unknown[] => [],
};

export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  },
};

export default { ipcMain, ipcRenderer, contextBridge, app, safeStorage, shell, BrowserWindow };
