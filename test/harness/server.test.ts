import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodePlatform } from './node-platform.ts';
import { rawRequest } from './raw-http.ts';
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
