import { chromium, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedFile, WalletApi } from '../../common/bridge-contract.ts';
import type { Result } from '../../common/result.ts';
import { chromiumArgs, findChromium } from '../e2e/chromium.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { createNodePlatform } from './node-platform.ts';
import { rawEvents, rawRequest } from './raw-http.ts';
import { startHarness, type Harness } from './server.ts';

/**
 * What another web page in the tester's browser could do to a running harness (issue 13, case 14), over real HTTP
 * on 127.0.0.1 with the headers exactly as such a page's browser would send them. A project folder of its own
 * (package.json and a stand-in built page), so this needs no build.
 */
const repo = join(import.meta.dirname, '..', '..');
let root: string;
let harness: Harness;
let port: string;

/** What Chromium sends for the harness page's own `<script src="/__harness/wallet.js">`. */
const ownScript = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'a2a-harness-test-'));
  copyFileSync(join(repo, 'package.json'), join(root, 'package.json'));
  mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
  writeFileSync(
    join(root, 'out', 'renderer', 'index.html'),
    '<!doctype html><script type="module" src="./x.js"></script>',
  );
  harness = await startHarness({ root, now: '2026-11-22T12:00:00.000Z' });
  port = new URL(harness.url).port;
});
afterAll(async () => {
  await harness.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the browser harness still works for its own page', () => {
  it('serves the page, the bridge to its own script load, and answers calls with the token', async () => {
    const page = await rawRequest(harness.url, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/__harness/wallet.js"></script>');
    const bridge = await rawRequest(harness.url, '/__harness/wallet.js', { headers: ownScript });
    expect(bridge.status).toBe(200);
    expect(bridge.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const token = /const token = "([^"]+)"/.exec(bridge.body)?.[1];
    expect(token).toBeTruthy();
    const call = await rawRequest(harness.url, '/rpc/appInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-harness-token': token ?? '', origin: harness.url },
      body: 'null',
    });
    expect(call.status).toBe(200);
    expect(JSON.parse(call.body)).toMatchObject({ ok: true, value: { name: expect.any(String) as unknown } });
  });

  it('keeps the calls pages make to main over its bridge, in order, each once answered; a refused one is none', async () => {
    const bridge = await rawRequest(harness.url, '/__harness/wallet.js', { headers: ownScript });
    const token = /const token = "([^"]+)"/.exec(bridge.body)?.[1] ?? '';
    const before = harness.calls.at(-1)?.seq ?? 0;
    const post = (path: string, body: string, withToken = token) =>
      rawRequest(harness.url, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-harness-token': withToken, origin: harness.url },
        body,
      });
    expect((await post('/rpc/appInfo', 'null')).status).toBe(200);
    expect((await post('/rpc/historyPage', '{"limit":5}')).status).toBe(200);
    expect((await post('/rpc/appInfo', 'null', 'not-the-token')).status).toBe(403);
    expect(harness.calls.filter((call) => call.seq > before)).toEqual([
      { seq: before + 1, channel: 'appInfo', request: undefined, answered: true },
      { seq: before + 2, channel: 'historyPage', request: { limit: 5 }, answered: true },
    ]);
  });

  it('refuses a tester’s https bank, saying it is the browser harness and which address to type', async () => {
    const saved = await harness.core.api.saveProfile({
      id: 'their-bank',
      name: 'Their bank',
      environment: 'bank-sandbox',
      baseUrl: 'https://sandbox.bank.is/api',
      authUrl: 'https://auth.sandbox.bank.is',
      clientId: 'app',
      clientSecret: '',
      apiKey: 'key',
    });
    expect(saved).toEqual({ ok: false, error: { code: 'HARNESS_SANDBOX_ONLY', message: harness.sandbox.url } });
    // What the window says with it: test/renderer/profiles.test.tsx.
  });

  it('answers on localhost:PORT too', async () => {
    const bridge = await rawRequest(harness.url, '/__harness/wallet.js', {
      headers: { ...ownScript, host: `localhost:${port}` },
    });
    expect(bridge.status).toBe(200);
  });

  it('keeps its data in a private folder (0700), saved exports too', async () => {
    expect(statSync(harness.dataDir).mode & 0o777).toBe(0o700);
    const dataDir = mkdtempSync(join(tmpdir(), 'a2a-harness-saved-'));
    try {
      const platform = createNodePlatform({ root, dataDir });
      const file = await platform.saveFile({ suggestedName: 'history.csv', content: 'a,b', kind: 'csv', locale: 'en' });
      if (file === undefined) throw new Error('nothing was saved');
      expect(statSync(platform.savedDir).mode & 0o777).toBe(0o700);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // A second export of the same name is saved beside the first, never over it.
      const second = await platform.saveFile({
        suggestedName: 'history.csv',
        content: 'c,d',
        kind: 'csv',
        locale: 'en',
      });
      expect(second).toBe(join(platform.savedDir, 'history (2).csv'));
      expect(readFileSync(file, 'utf8')).toBe('a,b');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the browser harness refuses other pages', () => {
  it.each([
    ['a cross-site page', { ...ownScript, 'sec-fetch-site': 'cross-site' }],
    ['a same-site page on another port', { ...ownScript, 'sec-fetch-site': 'same-site' }],
    [
      'a navigation to the script',
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ],
    ['a fetch of the script', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ['a client without fetch metadata', {}],
  ])('does not give the bridge script (and its token) to %s', async (_name, headers: Record<string, string>) => {
    const response = await rawRequest(harness.url, '/__harness/wallet.js', { headers });
    expect(response.status).toBe(403);
    expect(response.body).not.toContain('token');
  });

  it.each([
    ['a rebound DNS name', (p: string) => `evil.example:${p}`],
    ['a look-alike name', (p: string) => `127.0.0.1.nip.io:${p}`],
    ['another port', () => '127.0.0.1:1'],
    ['no port', () => '127.0.0.1'],
    ['user info', (p: string) => `evil@127.0.0.1:${p}`],
    ['a LAN address', (p: string) => `192.168.1.10:${p}`],
  ])('refuses a Host of %s on every path', async (_name, host) => {
    for (const [path, headers] of [
      ['/', {}],
      ['/__harness/wallet.js', ownScript],
      ['/events?token=x', {}],
    ] as const) {
      const response = await rawRequest(harness.url, path, { headers: { ...headers, host: host(port) } });
      expect(response.status, path).toBe(403);
    }
    const call = await rawRequest(harness.url, '/rpc/appInfo', {
      method: 'POST',
      headers: { host: host(port), 'content-type': 'application/json' },
      body: 'null',
    });
    expect(call.status).toBe(403);
  });

  it.each(['https://evil.example', 'null', 'http://localhost:1', 'http://127.0.0.1:1'])(
    'refuses a request with Origin %s',
    async (origin) => {
      const response = await rawRequest(harness.url, '/__harness/wallet.js', { headers: { ...ownScript, origin } });
      expect(response.status).toBe(403);
      const call = await rawRequest(harness.url, '/rpc/appInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: 'null',
      });
      expect(call.status).toBe(403);
    },
  );
});

/**
 * Issue 25, case 7: the harness prints by itself, as Electron's printToPDF prints the app's window. Its own
 * stand-in page (a module script that writes the receipt, a stylesheet whose print styles leave only the receipt,
 * the app's CSP) and a real Chromium: the page that asked is printed as it is now, with its stylesheets, without
 * running its scripts again; only that page, only with the run's token, only within the time.
 */
describe('the browser harness prints the page that asked', () => {
  let printRoot: string;
  let printing: Harness;
  let browser: Browser;
  let paymentId: string;
  const failures: string[] = [];

  /** The page's own stylesheet, script and CSP, as the built app has them. */
  const standIn = {
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; base-uri 'none'" />
    <script type="module" src="./assets/app.js"></script>
    <link rel="stylesheet" href="./assets/app.css" />
  </head>
  <body><div id="root">The app around the receipt</div></body>
</html>`,
    'assets/app.js': `const receipt = document.createElement('div');
receipt.className = 'print-root';
receipt.textContent = 'Receipt written by the page in ' + location.hash.slice(1) + '.';
document.body.append(receipt);`,
    'assets/app.css': `.print-root { display: none; }
@media print { body > :not(.print-root) { display: none; } .print-root { display: block; } }`,
  };

  const pdfText = (path: string) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

  /** The run's token, as the page's bridge carries it. */
  const tokenOf = async (harness: Harness) => {
    const bridge = await rawRequest(harness.url, '/__harness/wallet.js', { headers: ownScript });
    return /const token = "([^"]+)"/.exec(bridge.body)?.[1] ?? '';
  };

  /** A page's answer to a print, over real HTTP as its bridge sends it. */
  const answer = (harness: Harness, token: string, body: { nonce: string; tab: string; html: string }) =>
    rawRequest(harness.url, '/__harness/print', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-harness-token': token, origin: harness.url },
      body: JSON.stringify(body),
    });

  /** Chromium processes this test process started and has not closed. */
  const ownChromiums = () =>
    execFileSync('ps', ['-A', '-o', 'ppid=,comm='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim().split(/\s+/)[0] === String(process.pid) && /chrom/i.test(line));

  beforeAll(async () => {
    printRoot = mkdtempSync(join(tmpdir(), 'a2a-harness-print-'));
    copyFileSync(join(repo, 'package.json'), join(printRoot, 'package.json'));
    mkdirSync(join(printRoot, 'out', 'renderer', 'assets'), { recursive: true });
    for (const [name, text] of Object.entries(standIn)) writeFileSync(join(printRoot, 'out', 'renderer', name), text);
    printing = await startHarness({
      root: printRoot,
      now: '2026-11-22T12:00:00.000Z',
      // The bank's sign-in page, as a person in a browser answers it.
      openExternal: (url) => printing.core.browser().openExternal(url),
      onPrintFailure: (error) => failures.push(error.message),
    });
    // A payment the bank took: it has a receipt.
    await printing.core.value('signIn');
    await printing.core.value('saveAccount', { accountNumber: '0133-26-012345', label: 'Main' });
    const { id } = await printing.core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect((await printing.core.value('submitPayment', { id })).state).toBe('settled');
    paymentId = id;
    const lookup = findChromium();
    if (!lookup.found) throw new Error(lookup.message);
    browser = await chromium.launch({ executablePath: lookup.path, args: chromiumArgs, headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await printing.stop();
    rmSync(printRoot, { recursive: true, force: true });
  });

  it('saves the page as it is now, printed with its print styles, its scripts not run again', async () => {
    const page = await browser.newPage();
    try {
      // The page's event stream is open once its answer has come: the harness can ask it to print.
      const connected = page.waitForResponse((response) => response.url().includes('/events?'));
      await page.goto(`${printing.url}/#tab-one`);
      await connected;
      await page.getByText('Receipt written by the page in tab-one.').waitFor({ state: 'attached' });
      // Save as PDF, as the app's receipt calls it through the page's bridge.
      const saved = await page.evaluate(
        (id) => (globalThis as unknown as { wallet: Pick<WalletApi, 'saveReceipt'> }).wallet.saveReceipt({ id }),
        paymentId,
      );
      if (!saved.ok) throw new Error(`not saved: ${saved.error.code}`);
      const pdf = join(saved.value.folder ?? '', saved.value.fileName ?? '');
      expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      // Written by the page's script once: the copy printed ran no script of its own.
      expect(pdfText(pdf)).toBe('Receipt written by the page in tab-one.');
    } finally {
      await page.close();
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('asks only the page that asked, takes its answer once and only with the token', async () => {
    const token = await tokenOf(printing);
    const events = (tab: string) => rawEvents(printing.url, `/events?token=${encodeURIComponent(token)}&tab=${tab}`);
    const [one, two] = await Promise.all([events('one'), events('two')]);
    try {
      const saving = rawRequest(printing.url, '/rpc/saveReceipt', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-harness-token': token,
          'x-harness-tab': 'one',
          origin: printing.url,
        },
        body: JSON.stringify({ id: paymentId }),
      });
      const { nonce } = (await one.next('harness:print')) as { nonce: string };
      const html = (text: string) =>
        `<html><head><link rel="stylesheet" href="./assets/app.css"></head><body><div id="root">The app</div><div class="print-root">${text}</div></body></html>`;
      // Another page, a page without the token, a print that is not under way: refused.
      expect((await answer(printing, token, { nonce, tab: 'two', html: html('Page two') })).status).toBe(409);
      expect((await answer(printing, 'not-the-token', { nonce, tab: 'one', html: html('No token') })).status).toBe(403);
      expect((await answer(printing, token, { nonce: 'guessed', tab: 'one', html: html('Guessed') })).status).toBe(409);
      expect((await answer(printing, token, { nonce, tab: 'one', html: html('Page one as asked') })).status).toBe(204);
      // Once only.
      expect((await answer(printing, token, { nonce, tab: 'one', html: html('Again') })).status).toBe(409);
      const saved = JSON.parse((await saving).body) as Result<SavedFile>;
      if (!saved.ok) throw new Error(`not saved: ${saved.error.code}`);
      expect(pdfText(join(saved.value.folder ?? '', saved.value.fileName ?? ''))).toBe('Page one as asked');

      // A print nobody's call asked for (no page named) asks every page. Page two's first request is this one: it
      // never heard of the first.
      const unnamed = printing.core.printPage?.();
      const asked = (await two.next('harness:print')) as { nonce: string };
      expect(asked.nonce).not.toBe(nonce);
      expect((await answer(printing, token, { nonce: asked.nonce, tab: 'two', html: html('Page two') })).status).toBe(
        204,
      );
      const content = await unnamed;
      if (!content) throw new Error('nothing printed');
      expect(Buffer.from(content).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      one.close();
      two.close();
    }
    expect(failures).toEqual([]);
    const copy = await rawRequest(printing.url, '/__harness-print-copy?id=guessed');
    expect(copy.status).toBe(404);
  }, 60_000);

  it('says why it could not print: no page open, or a page that never answers', async () => {
    const other = await startHarness({ root: printRoot, printTimeoutMs: 50 });
    try {
      await expect(other.core.printPage?.()).rejects.toThrow(
        new RegExp(`^No harness page is open to print: open ${other.url} in a browser$`),
      );
      // A page that holds its stream open and never answers.
      const token = await tokenOf(other);
      const silent = await rawEvents(other.url, `/events?token=${encodeURIComponent(token)}&tab=silent`);
      try {
        await expect(other.core.printPage?.()).rejects.toThrow(
          'The harness page did not send its document to print within 50 ms',
        );
      } finally {
        silent.close();
      }
    } finally {
      await other.stop();
    }
  });

  it('closes its Chromium when it stops', async () => {
    // A harness of its own, which starts its Chromium at its first print: whatever ran before, and in any order.
    const other = await startHarness({ root: printRoot });
    const page = await browser.newPage();
    try {
      const connected = page.waitForResponse((response) => response.url().includes('/events?'));
      await page.goto(`${other.url}/#tab-last`);
      await connected;
      expect((await other.core.printPage?.())?.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await page.close();
    }
    // The test's Chromium, this harness's, and the other tests' harness's if it has printed yet.
    const before = ownChromiums().length;
    expect(before).toBeGreaterThanOrEqual(2);
    await other.stop();
    // Only this harness's is gone.
    expect(ownChromiums()).toHaveLength(before - 1);
    await expect(other.core.printPage?.()).rejects.toThrow('The harness has stopped');
  });
});
