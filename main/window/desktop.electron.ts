import { BrowserWindow, shell } from 'electron';

/** Opens a URL in the customer's own browser: sign-in never happens in an embedded web view (RFC 8252). */
export async function openInSystemBrowser(url: string): Promise<void> {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Refusing to open a ${protocol} link`);
  await shell.openExternal(url);
}

/** Brings the app back to the front when the bank sends the customer back. */
export function focusAppWindow(): void {
  const window = BrowserWindow.getAllWindows()[0];
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
