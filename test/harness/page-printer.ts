import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';

/**
 * How the harness prints "the app's window" as Electron's printToPDF does: it asks the page for its document as it
 * is now (an event over the page's own event stream, with a one-time nonce), the page answers with it (a POST with
 * the run's token), and a headless Chromium of the harness's own opens that copy at a one-time address on the
 * harness (so the page's stylesheets load from the same origin, scripts never run) and prints it: A4, backgrounds,
 * the print styles. The Chromium starts at the first print and is closed when the harness stops.
 */
export interface PagePrinter {
  /** The document of the page `tab` (every page of the harness when none is named, the first to answer), as a PDF. */
  print(tab: string | undefined): Promise<Uint8Array>;
  /** A page's answer: true when it was asked for this print (`nonce`) and the answer is taken. */
  answer(answer: { nonce: string; tab: string; html: string; host: string }): boolean;
  /** The copy to print at its one-time address, once; undefined after, or for any other id. */
  takeCopy(id: string): string | undefined;
  close(): Promise<void>;
}

export interface PagePrinterOptions {
  /** Sends the print request to the pages (`tab`'s only, when given); how many it reached. */
  ask(nonce: string, tab: string | undefined): number;
  /** How long a page has to answer. */
  answerTimeoutMs: number;
  /** The address of the harness's page, for the error that says to open it. */
  pageUrl(): string;
  /** Where the one-time copy is served, under the origin the page itself was loaded from. */
  copyPath: string;
  /**
   * A Chromium the caller owns and keeps running (the e2e fixtures' worker browser), used instead of starting one
   * at the first print: each print still gets a fresh context without scripts, and `close()` leaves it running.
   */
  browser?: Browser;
}

/**
 * The harness's own Chromium, as the e2e launch theirs: CHROMIUM_PATH, the system's, or Playwright's.
 *
 * Playwright would install its own SIGINT, SIGTERM and SIGHUP handlers for it, and its SIGINT handler ends the
 * process (exit 130) as soon as the browser is closed, before the harness has removed its data folder (issue 39,
 * item 8: plaintext receipts left behind after Ctrl-C); its SIGHUP handler kept the process from ending at all. The
 * harness handles the signals itself (cli.ts) and closes this browser in `close()`. Chromium's own temporary files
 * (`org.chromium.Chromium.*`) go to `tempDir`, which the printer removes.
 */
async function launchChromium(tempDir: string): Promise<Browser> {
  const [{ chromium }, { chromiumArgs, findChromium }] = await Promise.all([
    import('@playwright/test'),
    import('../e2e/chromium.ts'),
  ]);
  const lookup = findChromium();
  if (!lookup.found) throw new Error(`The harness cannot print: ${lookup.message}`);
  return chromium.launch({
    executablePath: lookup.path,
    args: chromiumArgs,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    env: { ...process.env, TMPDIR: tempDir },
  });
}

interface Pending {
  tab: string | undefined;
  resolve(answer: { html: string; host: string }): void;
}

export function pagePrinter(options: PagePrinterOptions): PagePrinter {
  const pending = new Map<string, Pending>();
  const copies = new Map<string, string>();
  let browser: Promise<Browser> | undefined;
  let closed = false;
  /** Chromium's temporary folder (private, 0700), made at its first start and removed at close. */
  let chromiumTemp: string | undefined;
  /** The prints under way, each with its way to fail now (the harness stops). */
  const stopping = new Set<(error: Error) => void>();

  const chromium = async (): Promise<Browser> => {
    if (options.browser) return options.browser;
    const current = await browser?.catch(() => undefined);
    if (current?.isConnected()) return current;
    chromiumTemp ??= mkdtempSync(join(tmpdir(), 'a2a-harness-chromium-'));
    const launching = launchChromium(chromiumTemp);
    browser = launching;
    // A Chromium that did not start (or has gone) is started again at the next print.
    launching.catch(() => {
      if (browser === launching) browser = undefined;
    });
    const started = await launching;
    // The harness stopped while it started: nothing is left running.
    if (closed) {
      await started.close();
      throw new Error('The harness has stopped');
    }
    return started;
  };

  /** The page's document as it was when asked: one nonce, answered once, by the page asked, within the time. */
  const documentOf = (tab: string | undefined) =>
    new Promise<{ html: string; host: string }>((resolve, reject) => {
      const nonce = randomBytes(18).toString('base64url');
      const end = (error: Error) => {
        pending.delete(nonce);
        clearTimeout(timer);
        stopping.delete(end);
        reject(error);
      };
      const timer = setTimeout(
        () =>
          end(
            new Error(
              `The harness page did not send its document to print within ${String(options.answerTimeoutMs)} ms`,
            ),
          ),
        options.answerTimeoutMs,
      );
      stopping.add(end);
      pending.set(nonce, {
        tab,
        resolve: (answer) => {
          pending.delete(nonce);
          clearTimeout(timer);
          stopping.delete(end);
          resolve(answer);
        },
      });
      if (options.ask(nonce, tab) === 0) {
        end(
          new Error(
            tab === undefined
              ? `No harness page is open to print: open ${options.pageUrl()} in a browser`
              : 'The harness page that asked to print is no longer open',
          ),
        );
      }
    });

  return {
    async print(tab) {
      if (closed) throw new Error('The harness has stopped');
      const { html, host } = await documentOf(tab);
      // The copy's own scripts never run, whatever it holds (the page left them out, the CSP refuses them too).
      const context = await (await chromium()).newContext({ javaScriptEnabled: false, serviceWorkers: 'block' });
      const id = randomBytes(18).toString('base64url');
      // outerHTML has no doctype: without one the copy would be laid out in quirks mode.
      copies.set(id, `<!doctype html>\n${html}`);
      try {
        const page = await context.newPage();
        // `load`: the page's stylesheets (same origin, as the page itself loaded them) are in.
        await page.goto(`http://${host}${options.copyPath}?id=${id}`, { waitUntil: 'load' });
        return await page.pdf({ format: 'A4', printBackground: true });
      } finally {
        copies.delete(id);
        await context.close().catch(() => undefined);
      }
    },
    answer({ nonce, tab, html, host }) {
      const asked = pending.get(nonce);
      if (!asked || (asked.tab !== undefined && asked.tab !== tab)) return false;
      asked.resolve({ html, host });
      return true;
    },
    takeCopy(id) {
      const copy = copies.get(id);
      copies.delete(id);
      return copy;
    },
    async close() {
      closed = true;
      for (const end of [...stopping]) end(new Error('The harness has stopped'));
      const open = browser;
      browser = undefined;
      try {
        await (await open?.catch(() => undefined))?.close();
      } finally {
        if (chromiumTemp) rmSync(chromiumTemp, { recursive: true, force: true });
      }
    },
  };
}
