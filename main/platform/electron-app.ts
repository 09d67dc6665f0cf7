import { app, BrowserWindow } from 'electron';

/** The app's lifecycle: one window, quit when it closes (also on macOS: a wallet has no reason to linger). */
export function runElectronApp(openWindow: () => void): void {
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  void app.whenReady().then(openWindow);
}
