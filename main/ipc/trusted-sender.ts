/** The parts of an IPC event that decide whether its sender is trusted. Structural, so tests need no Electron. */
export interface SenderInfo {
  sender: { mainFrame: unknown };
  senderFrame: { url: string } | null;
}

/**
 * Only the app's own main frame, showing the app's own page, may call the main process: not a subframe, not a
 * page the window was somehow navigated to.
 */
export function isTrustedSender(event: SenderInfo, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  return isAppUrl(frame.url);
}

/**
 * The app's page: exactly the entry URL (`app://wallet/index.html`; query and fragment aside), or any page of the
 * dev server's origin when a development run has one (see main/platform/dev-switches.ts). Not another file of the
 * scheme, not another host of it, and no `file://` page at all.
 */
export function appUrlMatcher(appEntryUrl: string, devServerUrl?: string): (url: string) => boolean {
  const strip = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;
  const expected = strip(new URL(appEntryUrl));
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (devOrigin && url.origin === devOrigin) return true;
    return !url.username && !url.password && strip(url) === expected;
  };
}
