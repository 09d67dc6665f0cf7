import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import type { EdgeApp } from './edge-app.ts';
import { STAND_IN_ORIGIN, toAppUrl, toStandInUrl } from './host-protocol.ts';
import { INVOKE_BINDING, NEXT_EVENT_BINDING, preloadInitScript } from './preload-shim.ts';

/** Main's events for the page, queued until the page's shim asks for the next one. */
class EventQueue {
  readonly #items: { channel: string; args: unknown[] }[] = [];
  readonly #waiting: ((item: { channel: string; args: unknown[] }) => void)[] = [];
  push(item: { channel: string; args: unknown[] }): void {
    const waiter = this.#waiting.shift();
    if (waiter) waiter(item);
    else this.#items.push(item);
  }
  next(): Promise<{ channel: string; args: unknown[] }> {
    const item = this.#items.shift();
    return item ? Promise.resolve(item) : new Promise((resolve) => this.#waiting.push(resolve));
  }
}

/**
 * Makes `page` the app's window: main's `app:` handler serves it (at the https stand-in of host-protocol.ts), the
 * preload main configured runs before its scripts, its IPC reaches main's handlers with the sending frame's URL, and
 * main's events come back. "Open the customer's browser" opens a new tab of the page's context, where the test
 * plays the customer. Resolves once the app's page has loaded.
 */
export async function showAppWindow(
  page: Page,
  edge: EdgeApp,
): Promise<{ pageErrors: Error[]; externalErrors: unknown[] }> {
  const window = edge.report.windows[0];
  const preload = (window?.options['webPreferences'] as { preload?: unknown } | undefined)?.preload;
  const entry = window?.loads[0];
  if (typeof preload !== 'string' || !entry) throw new Error('main created no window with a preload and a page');

  const events = new EventQueue();
  edge.onSent((channel, args) => events.push({ channel, args }));
  const externalErrors: unknown[] = [];
  // A preload that throws (a module it may not require, a syntax the sandbox cannot run) shows here first.
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const context: BrowserContext = page.context();
  edge.onExternal((url) => {
    void context
      .newPage()
      .then((tab) => tab.goto(url))
      .catch((error: unknown) => externalErrors.push(error));
  });

  await page.route(`${STAND_IN_ORIGIN}/**`, async (route) => {
    const request = route.request();
    const answer = await edge.call('appRequest', { url: toAppUrl(request.url()), method: request.method() });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(answer.body),
    });
  });
  await page.exposeBinding(INVOKE_BINDING, (source, channel: string, args: unknown[]) => {
    const isMainFrame = source.frame === source.page.mainFrame();
    return edge.call('invoke', {
      channel,
      args,
      frameUrl: toAppUrl(source.frame.url()),
      isMainFrame,
      mainFrameUrl: toAppUrl(source.page.mainFrame().url()),
    });
  });
  await page.exposeBinding(NEXT_EVENT_BINDING, () => events.next());
  await page.addInitScript({ content: preloadInitScript(readFileSync(preload, 'utf8')) });
  // What the window shows, as `webContents.getURL()` tells main (which sends events only to the app's page).
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) void edge.call('navigated', { url: toAppUrl(frame.url()) }).catch(() => undefined);
  });
  await page.goto(toStandInUrl(entry));
  return { pageErrors, externalErrors };
}
