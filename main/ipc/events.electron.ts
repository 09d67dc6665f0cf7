import { BrowserWindow } from 'electron';
import { ipcEventChannel } from '../../common/ipc-channel.ts';
import type { WalletEvent } from '../wallet.ts';

/** The parts of a window's web contents that events need. Structural, so tests need no Electron. */
export interface EventTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, payload: unknown): void;
}

/** Sends an event to every window that shows the app's own page; a page it was somehow moved to gets nothing. */
export function sendToApp(
  targets: readonly EventTarget[],
  isAppUrl: (url: string) => boolean,
  event: WalletEvent,
): void {
  for (const target of targets) {
    if (target.isDestroyed() || !isAppUrl(target.getURL())) continue;
    target.send(ipcEventChannel(event.channel), event.payload);
  }
}

/** Forwards the wallet's events to the app's windows until the returned function is called. */
export function forwardEvents(
  wallet: { onEvent(listener: (event: WalletEvent) => void): () => void },
  isAppUrl: (url: string) => boolean,
): () => void {
  return wallet.onEvent((event) =>
    sendToApp(
      BrowserWindow.getAllWindows().map((window) => window.webContents),
      isAppUrl,
      event,
    ),
  );
}
