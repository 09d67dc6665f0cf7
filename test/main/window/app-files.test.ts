import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, lookUpAppFile, serveAppRequest } from '../../../main/window/app-files.ts';

/** A built renderer folder beside a secret it must never serve. */
let base: string;
let root: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'a2a-app-files-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>A2A Wallet</title>');
  writeFileSync(join(root, 'assets', 'index-D5uq6JBc.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-CINxUO8A.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(root, 'assets', 'notes.txt'), 'no known type');
  writeFileSync(join(base, 'secret.js'), 'SECRET');
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'outside', 'secret.js'), 'SECRET');
  // Links out of the folder: one to a file, one to a folder.
  symlinkSync(join(base, 'secret.js'), join(root, 'assets', 'escape.js'));
  symlinkSync(join(base, 'outside'), join(root, 'linked'));
  // A link that stays inside is fine.
  symlinkSync(join(root, 'assets', 'index-D5uq6JBc.js'), join(root, 'assets', 'alias.js'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => serveAppRequest(new Request(url, { method }), root);

describe("the app scheme's files (issue 13, case 12)", () => {
  it('serves the page and its assets with their types, never sniffed', async () => {
    const page = await get(APP_ENTRY_URL);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('A2A Wallet');
    expect((await get('app://wallet/')).status).toBe(200);
    expect((await get('app://wallet/index.html?x=1#top')).status).toBe(200);
    const script = await get('app://wallet/assets/index-D5uq6JBc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('app://wallet/assets/index-CINxUO8A.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('app://wallet/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await get('app://wallet/assets/alias.js')).status).toBe(200);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_ENTRY_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get(APP_ENTRY_URL, 'POST')).status).toBe(405);
  });

  it.each([
    ['a missing file', 'app://wallet/missing.js'],
    ['a folder', 'app://wallet/assets.js/'],
    ['a folder by name', 'app://wallet/assets'],
    ['an unknown type', 'app://wallet/assets/notes.txt'],
    ['another host', 'app://evil/index.html'],
    ['a look-alike host', 'app://wallet.evil/index.html'],
    ['a port', 'app://wallet:1/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['dot-dot', 'app://wallet/../secret.js'],
    ['encoded dot-dot', 'app://wallet/%2e%2e/secret.js'],
    ['an encoded slash', 'app://wallet/..%2fsecret.js'],
    ['an encoded slash inside', 'app://wallet/assets%2f..%2f..%2fsecret.js'],
    ['an encoded backslash', 'app://wallet/..%5csecret.js'],
    ['a double-encoded dot-dot', 'app://wallet/%252e%252e/secret.js'],
    ['a backslash', 'app://wallet/..\\secret.js'],
    ['an encoded NUL', 'app://wallet/index.html%00.js'],
    ['a bad escape', 'app://wallet/%E0%A4%A.js'],
    ['a hidden file', 'app://wallet/.env.js'],
    ['an empty segment', 'app://wallet//index.html'],
    ['an absolute path in a segment', 'app://wallet/%2Fetc%2Fpasswd'],
    ['a drive letter', 'app://wallet/C:%5Cwindows%5Cwin.ini'],
    ['a link to a file outside', 'app://wallet/assets/escape.js'],
    ['a link to a folder outside', 'app://wallet/linked/secret.js'],
  ])('answers 404 for %s', async (_name, url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('SECRET');
  });

  it('finds nothing for a URL with user info (fetch refuses to build such a request anyway)', () => {
    expect(lookUpAppFile('app://user@wallet/index.html')).toEqual({ ok: false, status: 404 });
    expect(lookUpAppFile('app://:pw@wallet/index.html')).toEqual({ ok: false, status: 404 });
  });

  it('answers 404 when the folder itself is missing', async () => {
    expect((await serveAppRequest(new Request(APP_ENTRY_URL), join(base, 'nope'))).status).toBe(404);
  });
});

describe('app scheme paths, under generated attacks', () => {
  const piece = fc.constantFrom(
    '..',
    '.',
    '%2e',
    '%2E%2e',
    '%2f',
    '%5c',
    '%00',
    '%25',
    '\\',
    '/',
    '//',
    ':',
    'C:',
    'assets',
    'secret.js',
    'index.html',
    'outside',
    'linked',
    'escape.js',
    '~',
    ' ',
    '%20',
  );
  const url = fc
    .tuple(fc.constantFrom('app://wallet/', 'app://wallet', 'app://WALLET/', 'app://wallet/assets/'), fc.array(piece))
    .map(([start, pieces]) => start + pieces.join(''));

  it('every file found is a plain name under the folder', () => {
    fc.assert(
      fc.property(url, (raw) => {
        const lookup = lookUpAppFile(raw);
        if (!lookup.ok) return;
        for (const segment of lookup.segments) {
          expect(segment).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('never serves a byte from outside the folder', async () => {
    await fc.assert(
      fc.asyncProperty(url, async (raw) => {
        let request: Request;
        try {
          request = new Request(raw);
        } catch {
          return;
        }
        const response = await serveAppRequest(request, root);
        expect(await response.text()).not.toContain('SECRET');
      }),
      { numRuns: 500 },
    );
  });
});
