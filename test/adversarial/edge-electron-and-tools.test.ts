import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrlMatcher } from '../../main/ipc/trusted-sender.ts';
import { developmentSwitches } from '../../main/platform/dev-switches.ts';
import { APP_ENTRY_URL, serveAppRequest } from '../../main/window/app-files.ts';
import { linkAction, originsOf } from '../../main/window/external-links.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { rawRequest } from '../harness/raw-http.ts';

/**
 * Issue 13, cases 11 to 14, as an attacker tries them: one decisive attack each. The fuller tests live beside their
 * modules (test/main/platform/dev-switches.test.ts, test/main/window/app-files.test.ts,
 * test/main/window/external-links.test.ts, test/harness/server.isolated.test.ts, test/sandbox/control.test.ts).
 */
describe('case 11: an installed app ignores the development switches', () => {
  it('a packaged app neither loads a planted dev server nor moves its data folder', () => {
    const env = { ELECTRON_RENDERER_URL: 'https://evil.example/', A2A_WALLET_USER_DATA: '/tmp/mallory' };
    const switches = developmentSwitches({ isPackaged: true, env });
    expect(switches).toEqual({ isDev: false });
    // And so the planted origin is not the app either.
    expect(appUrlMatcher(APP_ENTRY_URL, switches.devServerUrl)('https://evil.example/')).toBe(false);
  });
});

describe('case 12: the app page is app://wallet, and only the built files are on it', () => {
  let base: string;
  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'a2a-edge-'));
    mkdirSync(join(base, 'renderer'));
    writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html>');
    writeFileSync(join(base, 'tokens.json'), 'SECRET');
    symlinkSync(join(base, 'tokens.json'), join(base, 'renderer', 'tokens.json'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('a local file is not the app, and no path reaches a file beside the build', async () => {
    expect(appUrlMatcher(APP_ENTRY_URL)('file:///home/anna/Downloads/evil.html')).toBe(false);
    for (const url of [
      'app://wallet/%2e%2e/tokens.json',
      'app://wallet/..%2ftokens.json',
      'app://wallet/tokens.json',
    ]) {
      const response = await serveAppRequest(new Request(url), join(base, 'renderer'));
      expect(response.status, url).toBe(404);
    }
  });
});

describe('case 13: a link opens only where it says, as parsed', () => {
  it('https://allowed.example\\@evil.example is refused, and an allowed link goes on as its href', () => {
    expect(linkAction('https://allowed.example\\@evil.example', ['https://allowed.example'])).toEqual({
      action: 'deny',
    });
    expect(linkAction('https://ALLOWED.example:443/x', ['https://allowed.example'])).toEqual({
      action: 'open-in-browser',
      href: 'https://allowed.example/x',
    });
    expect(originsOf(['https://evil.example\\.bank.is'])).toEqual([]);
  });
});

describe('case 14: another web page cannot drive the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ control: true, now: '2026-11-22T12:00:00.000Z' });
  });
  afterAll(() => sandbox.stop());

  it('a body-less cross-site POST and a rebound DNS name change nothing', async () => {
    const before = sandbox.clock.now();
    sandbox.faults.add({ route: 'token', kind: 'status500' });
    expect((await rawRequest(sandbox.url, '/__sandbox/reset', { method: 'POST' })).status).toBe(415);
    const rebound = await rawRequest(sandbox.url, '/__sandbox/clock', {
      method: 'POST',
      headers: { host: `rebind.evil.example:${new URL(sandbox.url).port}`, 'content-type': 'application/json' },
      body: '{"advanceSeconds":86400}',
    });
    expect(rebound.status).toBe(403);
    expect(sandbox.clock.now()).toBe(before);
    expect(sandbox.faults.list()).toHaveLength(1);
  });
});
