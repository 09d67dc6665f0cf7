import { BrowserWindow, session } from 'electron';

export interface MainWindowOptions {
  preloadPath: string;
  /** The built page, as a file path, used unless `devServerUrl` is set. */
  rendererFile: string;
  devServerUrl?: string;
}

/** Every permission a page may ask for (camera, notifications, ...) is refused: the wallet needs none. */
function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  denyAllPermissions();
  const window = new BrowserWindow({
    width: 1024,
    height: 760,
    minWidth: 480,
    minHeight: 560,
    show: false,
    title: 'A2A Wallet',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  const contents = window.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window.show());

  if (options.devServerUrl) void window.loadURL(options.devServerUrl);
  else void window.loadFile(options.rendererFile);
  return window;
}
