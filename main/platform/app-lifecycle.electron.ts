import { app, BrowserWindow } from 'electron';
import { focusAppWindow } from '../window/desktop.electron.ts';

/**
 * The app's lifecycle: one instance, one window, quit when it closes (also on macOS: a wallet has no reason to
 * linger). A second launch brings the running app to the front and ends.
 */
export function runElectronApp(openWindow: () => void, options: { userDataDir?: string } = {}): void {
  // Tests give every run a fresh profile (an unpackaged app only: see dev-switches.ts); this must happen before the
  // app is ready, and before the lock below, which is held per user data folder (so parallel test runs do not see
  // each other as a second instance).
  if (options.userDataDir) app.setPath('userData', options.userDataDir);

  // Two instances would share the settings, the token vault and the payment journal.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (BrowserWindow.getAllWindows().length > 0) focusAppWindow();
    else if (app.isReady()) openWindow();
  });

  // Every renderer sandboxed, whatever a window's own settings say.
  app.enableSandbox();
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  void app.whenReady().then(openWindow);
}
