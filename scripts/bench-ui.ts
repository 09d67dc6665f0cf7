import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { PaymentView, WalletApi } from '../common/bridge-contract.ts';
import { walletApiKeys } from '../common/bridge-contract.ts';
import { chromiumArgs, findChromium } from '../test/e2e/chromium.ts';

/**
 * `npm run bench:ui`. Two figures of the built renderer (out/renderer; built first only if missing, or with
 * `--build`):
 * - renderer initial JS: the gzip size (zlib's default level) of the JavaScript index.html loads before anything
 *   happens: its module scripts and modulepreloads, not chunks loaded later on demand. Goal at most 150 KB.
 * - history 10k first render: in Chromium, with a `window.wallet` holding 10 000 payments in memory, the time from
 *   the click on History until the first rows are painted (the rows in the document, then the next frame). Median of
 *   RUNS fresh page loads; goal at most 100 ms. The number of rows in the document is printed with it: the proof
 *   that the list is virtualized.
 * Everything runs on 127.0.0.1 and stops by itself (a hard limit of TIME_LIMIT_MS).
 */
const root = join(import.meta.dirname, '..');
const rendererDir = join(root, 'out', 'renderer');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const PAYMENTS = 10_000;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const GOAL_KB = 150;
const GOAL_MS = 100;
const TIME_LIMIT_MS = 180_000;
const ROW = '[data-testid="history-row"]';

const limit = setTimeout(() => {
  console.error(`bench:ui: still running after ${TIME_LIMIT_MS / 1000} s; stopped`);
  process.exit(1);
}, TIME_LIMIT_MS);
limit.unref();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// ---- The build --------------------------------------------------------------------------------------------------

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function ensureBuild(): void {
  const index = join(rendererDir, 'index.html');
  if (process.argv.includes('--build') || !existsSync(index)) {
    console.log('building the renderer: npx electron-vite build');
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', timeout: 150_000 });
    if (build.status !== 0 || !existsSync(index)) {
      console.error('bench:ui: the build failed; run `npm run build` and try again');
      process.exit(1);
    }
    return;
  }
  const built = statSync(index).mtimeMs;
  const sources = Math.max(newestSource(join(root, 'renderer')), newestSource(join(root, 'common')));
  if (sources > built) {
    console.log(
      'note: out/renderer is older than renderer/ or common/; `npm run bench:ui -- --build` measures the sources',
    );
  }
}

// ---- Initial JS -------------------------------------------------------------------------------------------------

/** The files index.html makes the browser fetch as JavaScript before the app runs. */
function initialScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attribute('type') === 'module' && attribute('src')) files.push(attribute('src')!);
    if (tag.startsWith('<link') && attribute('rel') === 'modulepreload' && attribute('href')) {
      files.push(attribute('href')!);
    }
  }
  return files;
}

function measureInitialJs(html: string): { bytes: number; files: { file: string; gzip: number }[] } {
  const files = initialScripts(html).map((src) => {
    const file = join(rendererDir, normalize(src.replace(/^\.?\//, '')));
    return { file: src, gzip: gzipSync(readFileSync(file)).length };
  });
  if (files.length === 0) throw new Error('out/renderer/index.html loads no module script');
  return { bytes: files.reduce((sum, file) => sum + file.gzip, 0), files };
}

// ---- The page's wallet ------------------------------------------------------------------------------------------

/**
 * Runs in the page (serialised with toString, so it uses nothing from outside itself): a `window.wallet` with every
 * method of the bridge, signed in, in English, with `count` payments in memory, newest first, paged and filtered
 * the way the main process does.
 */
function installBenchWallet(count: number, now: number): void {
  type Filter = Parameters<WalletApi['historyPage']>[0]['filter'];
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const fail = (code: string) => Promise.resolve({ ok: false as const, error: { code, message: `${code} (bench)` } });
  const names = ['Björn Jónsson', 'Guðrún Sigurðardóttir', 'Jón Ólafsson', 'Sigríður Einarsdóttir', 'Ólafur Þórsson'];
  const states = ['settled', 'settled', 'settled', 'accepted', 'rejected', 'unknown', 'sending', 'confirmed'] as const;
  const payments: PaymentView[] = [];
  for (let n = 0; n < count; n++) {
    const state = states[n % states.length] ?? 'settled';
    const createdAt = now - n * 37 * 60_000;
    const id = `p${String(n).padStart(6, '0')}`;
    payments.push({
      id,
      profileId: 'local-sandbox',
      order: {
        debtorKennitala: '120385-****',
        debtorAccount: '013326012345',
        depositKennitala: '0507922189',
        depositAccount: `0133260${String(20_000 + (n % 5000)).padStart(5, '0')}`,
        amount: 500 + ((n * 7919) % 150_000),
        endToEndId: `Reikningur ${n}`,
        extendedReference: n % 3 === 0 ? 'Leiga' : '',
        payeeName: names[n % names.length] ?? '',
      },
      requestId: `REQ${String(n).padStart(10, '0')}`,
      state,
      stateTimes: { confirmed: createdAt, [state]: createdAt + 1500 },
      createdAt,
      updatedAt: createdAt + 1500,
      firstSentAt: createdAt + 200,
      attempts: 1,
      ...(state === 'settled' || state === 'accepted'
        ? { initiationId: `init-${n}`, bankStatus: state === 'settled' ? 'ACSC' : 'ACCP' }
        : {}),
      ...(state === 'rejected'
        ? { error: { name: 'AmountUnavailable', code: 'ERR_80102_105', message: 'Not available', httpStatus: 400 } }
        : {}),
    });
  }
  const matches = (filter: Filter = {}) => {
    const payee = filter.payee?.trim().toLowerCase();
    const text = filter.text?.trim().toLowerCase();
    return (p: PaymentView) =>
      (filter.from === undefined || p.createdAt >= filter.from) &&
      (filter.to === undefined || p.createdAt < filter.to) &&
      (!filter.states || filter.states.includes(p.state)) &&
      (!payee ||
        `${p.order.payeeName} ${p.order.depositKennitala} ${p.order.depositAccount}`.toLowerCase().includes(payee)) &&
      (!text || `${p.order.endToEndId} ${p.requestId} ${p.initiationId ?? ''} ${p.id}`.toLowerCase().includes(text));
  };
  const filtered = (filter: Filter) =>
    filter && Object.keys(filter).length > 0 ? payments.filter(matches(filter)) : payments;
  const find = (id: string) => payments.find((p) => p.id === id);
  const session = {
    profileId: 'local-sandbox',
    signedIn: true,
    signingIn: false,
    name: 'Anna Jónsdóttir',
    maskedKennitala: '120385-****',
    grantStart: now - 10 * 86_400_000,
    grantEnd: now + 80 * 86_400_000,
    daysLeft: 80,
    persistent: true,
  };
  const profiles = {
    canEdit: false,
    profiles: [
      {
        id: 'local-sandbox',
        name: 'Local sandbox',
        environment: 'local-sandbox' as const,
        baseUrl: 'http://127.0.0.1:4010',
        authUrl: 'http://127.0.0.1:4010',
        clientId: 'wallet-local',
        apiKeyMasked: 'wall…pikey',
        hasClientSecret: true,
        complete: true,
        active: true,
        builtIn: true,
        apiVersion: 'v1',
        scopes: ['profile', 'openid', 'customer', 'accounts', 'payments'],
        redirectPorts: [],
        tokenEndpointAuth: 'client_secret_post' as const,
        kennitalaClaims: ['kennitala'],
        nameClaims: ['name'],
      },
    ],
  };
  const settings = {
    language: 'en' as const,
    locale: 'en' as const,
    protection: 'secure' as const,
    allowWeakTokenStorage: false,
    tokensPersist: true,
  };
  const accounts = [{ id: 'a1', accountNumber: '013326012345', label: 'Main' }];
  const limit = {
    day: new Date(now).toISOString().slice(0, 10),
    limit: 200_000,
    used: 0,
    remaining: 200_000,
    resetsAt: now + 12 * 3_600_000,
    bankSaysReached: false,
    asOf: now,
  };
  const never = () => () => {};
  const api = {
    appInfo: () => ok({ name: 'A2A Wallet', version: 'bench' }),
    listProfiles: () => ok(profiles),
    switchProfile: () => ok({ ...profiles, session }),
    saveProfile: () => fail('PROFILE_EDIT_NOT_ALLOWED'),
    removeProfile: () => fail('PROFILE_EDIT_NOT_ALLOWED'),
    sessionStatus: () => ok(session),
    signIn: () => ok(session),
    cancelSignIn: () => ok(session),
    signOut: () => ok(session),
    listAccounts: () => ok(accounts),
    saveAccount: () => ok(accounts),
    removeAccount: () => ok(accounts),
    listPayees: () => ok([]),
    savePayee: () => ok([]),
    removePayee: () => ok([]),
    dailyLimit: () => ok(limit),
    validatePayment: () => ok({ errors: {}, newPayee: false, limit }),
    confirmPayment: () => fail('INVALID_PAYMENT'),
    submitPayment: () => fail('PAYMENT_NOT_FOUND'),
    checkAgain: () => fail('PAYMENT_NOT_FOUND'),
    historyPage: (request) => {
      const all = filtered(request.filter ?? {});
      const offset = request.offset ?? 0;
      return ok({ total: all.length, items: all.slice(offset, offset + (request.limit ?? 100)) });
    },
    getPayment: (request) => {
      const payment = find(request.id);
      return payment ? ok(payment) : fail('PAYMENT_NOT_FOUND');
    },
    refreshStatus: (request) => {
      const payment = find(request.id);
      return payment ? ok(payment) : fail('PAYMENT_NOT_FOUND');
    },
    exportHistory: (request) => ok({ saved: false, count: filtered(request.filter ?? {}).length }),
    getSettings: () => ok(settings),
    updateSettings: () => ok(settings),
    onSessionChanged: never,
    onPaymentChanged: never,
    onGrantReminder: never,
  } satisfies WalletApi;
  Object.defineProperty(globalThis, 'wallet', { value: Object.freeze(api) });
}

const walletScript = `(${installBenchWallet.toString()})(${PAYMENTS}, ${NOW});`;

// ---- The server -------------------------------------------------------------------------------------------------

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function serve(page: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' }).end(page);
      return;
    }
    if (path === '/__bench/wallet.js') {
      response.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' }).end(walletScript);
      return;
    }
    const file = normalize(join(rendererDir, path));
    if (!file.startsWith(rendererDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

// ---- One run ----------------------------------------------------------------------------------------------------

interface Run {
  ms: number;
  rows: number;
  count: string;
  visible: boolean;
}

/**
 * Runs in the page, as source text (this script is type-checked without the DOM's types): clicks History, waits
 * until a row is in the document and then for the frame that paints it (a task queued from requestAnimationFrame
 * runs after that frame's paint), and reports the time since the click.
 */
const MEASURE_IN_PAGE = `async (selector) => {
  const history = [...document.querySelectorAll('nav button')].find((b) => b.textContent === 'History');
  if (!history) throw new Error('no History button');
  const started = performance.now();
  history.click();
  await new Promise((resolve) => {
    if (document.querySelector(selector)) return resolve();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(undefined);
    }),
  );
  const ms = performance.now() - started;
  const first = document.querySelector(selector).getBoundingClientRect();
  return {
    ms,
    rows: document.querySelectorAll(selector).length,
    count: document.querySelector('[data-testid="history-count"]')?.textContent ?? '',
    visible: first.height > 0 && first.top < innerHeight && first.bottom > 0,
  };
}`;

async function firstRender(page: Page, url: string): Promise<Run> {
  await page.goto(url);
  await page.getByRole('button', { name: 'History' }).waitFor({ timeout: 30_000 });
  const missing = await page.evaluate(
    `${JSON.stringify(walletApiKeys)}.filter((key) => typeof window.wallet[key] !== 'function')`,
  );
  if (!Array.isArray(missing) || missing.length > 0) throw new Error(`the bench wallet lacks ${String(missing)}`);
  // Let the first screen finish its own start-up before the click.
  await page.evaluate('new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }))');
  return (await page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(ROW)})`)) as Run;
}

// ---- Main -------------------------------------------------------------------------------------------------------

ensureBuild();
const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
const initial = measureInitialJs(html);
for (const file of initial.files) console.log(`  ${file.file}: ${(file.gzip / 1024).toFixed(1)} KB gzip`);
const kb = initial.bytes / 1024;
console.log(`renderer initial JS: ${kb.toFixed(1)} KB gzip (goal <= ${GOAL_KB})`);

const lookup = findChromium();
if (!lookup.found) {
  console.error(lookup.message);
  process.exit(1);
}
// A classic script runs before the page's module scripts, so window.wallet exists when the app starts.
const { server, url } = await serve(html.replace('<script', '<script src="/__bench/wallet.js"></script>\n    <script'));
let browser: Browser | undefined;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: lookup.path, args: chromiumArgs, headless: true });
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await firstRender(page, url));
  if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  const times = runs.map((run) => run.ms);
  const last = runs[runs.length - 1];
  if (!last || runs.some((run) => !run.visible)) throw new Error('the first row was not on screen');
  const ms = median(times);
  console.log(`  runs: ${times.map((time) => time.toFixed(1)).join(', ')} ms; list says "${last.count}"`);
  console.log(`history 10k first render: ${ms.toFixed(1)} ms (goal <= ${GOAL_MS}; median of ${RUNS})`);
  console.log(`history DOM rows: ${last.rows} of ${PAYMENTS} (virtualized)`);
  if (kb > GOAL_KB || ms > GOAL_MS) console.log('over a goal');
} catch (error) {
  failed = true;
  console.error(`bench:ui failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
}
process.exit(failed ? 1 : 0);
