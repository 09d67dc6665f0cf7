import { app, BrowserWindow } from 'electron';

/** The app's lifecycle: one window, quit when it closes (also on macOS: a wallet has no reason to linger). */
export function runElectronApp(openWindow: () => void): void {
  // Tests give every run a fresh profile; this must happen before the app is ready.
  const userData = process.env['A2A_WALLET_USER_DATA'];
  if (userData) app.setPath('userData', userData);
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  void app.whenReady().then(openWindow);
}
