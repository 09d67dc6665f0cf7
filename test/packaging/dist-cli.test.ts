import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDistArgs, runtimePreset, slugOf } from '../../scripts/dist-config.ts';
import { renderPng } from '../../scripts/icons.ts';
import { root } from './fixtures.ts';

const scratch = mkdtempSync(join(tmpdir(), 'a2a-dist-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const goodPreset = {
  productName: 'Greiðsluappið',
  appId: 'is.banki.greidsluapp',
  publisher: 'Banki hf.',
  profiles: [
    {
      id: 'banki',
      name: 'Banki',
      environment: 'production',
      baseUrl: 'https://api.banki.example',
      authUrl: 'https://auth.banki.example',
      clientId: 'app',
      clientSecret: 'secret',
      apiKey: 'key',
    },
  ],
};

/**
 * `npm run dist -- --vendor <file>` with a preset that must be refused before anything is built. By default with an
 * empty `-c.electronDist` (the scratch folder), so that no network step runs; `electronDist: null` leaves it out.
 */
function distWith(
  name: string,
  content: string | Buffer,
  extra: string[] = [],
  options: { electronDist?: string | null; env?: NodeJS.ProcessEnv } = {},
) {
  const file = join(scratch, name);
  writeFileSync(file, content);
  const electronDist = options.electronDist === undefined ? scratch : options.electronDist;
  const run = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      join(root, 'scripts', 'dist.ts'),
      '--vendor',
      file,
      ...extra,
      ...(electronDist === null ? [] : [`-c.electronDist=${electronDist}`]),
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...options.env } },
  );
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

/** A direct connection is only tried without a proxy. */
const PROXIES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy'];

/** A port on this machine that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run dist with a broken preset', () => {
  it('stops before building, naming every bad field, without a stack trace', () => {
    const broken = {
      ...goodPreset,
      productName: '',
      appId: 'wallet',
      profiles: [{ ...goodPreset.profiles[0], baseUrl: 'http://api.banki.example' }],
      shipLocalSandbox: 'no',
      updateFeed: 'http://updates.banki.example',
      homepage: 'http://www.banki.example',
      colour: 'blue',
    };
    const run = distWith('broken.json', JSON.stringify(broken));
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('building');
    expect(run.stderr).toContain(`Vendor preset ${join(scratch, 'broken.json')} is invalid:`);
    for (const field of [
      '  - productName: ',
      '  - appId: a reverse-DNS id such as is.example.wallet',
      '  - profiles[0].baseUrl: must be an https:// URL',
      '  - shipLocalSandbox: ',
      '  - updateFeed: must be an https:// URL',
      '  - homepage: must be an https:// URL',
      'colour',
    ]) {
      expect(run.stderr).toContain(field);
    }
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('says so when the preset is not JSON or not there', () => {
    const notJson = distWith('not-json.json', '{ productName: ');
    expect(notJson.status).toBe(1);
    expect(notJson.stderr).toContain('is not readable JSON');
    const missing = spawnSync(
      process.execPath,
      ['--experimental-strip-types', join(root, 'scripts', 'dist.ts'), '--vendor', join(scratch, 'nowhere.json')],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`Vendor preset ${join(scratch, 'nowhere.json')} does not exist`);
  });

  it('names the icon when it is missing or unusable', async () => {
    const missing = distWith('no-icon.json', JSON.stringify({ ...goodPreset, icon: 'brand/icon.svg' }));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`  - icon: ${join(scratch, 'brand', 'icon.svg')} does not exist`);

    mkdirSync(join(scratch, 'brand'), { recursive: true });
    writeFileSync(
      join(scratch, 'brand', 'small.png'),
      await renderPng('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 64),
    );
    const small = distWith('small-icon.json', JSON.stringify({ ...goodPreset, icon: 'brand/small.png' }));
    expect(small.status).toBe(1);
    expect(small.stderr).toMatch(/ {2}- icon: .*small\.png: a PNG icon must be square and at least 512 px/);
  });

  it('checks the whole preset, icon included, before any network step (issue 27)', async () => {
    mkdirSync(join(scratch, 'brand'), { recursive: true });
    writeFileSync(
      join(scratch, 'brand', 'small-too.png'),
      await renderPng('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 256),
    );
    // No -c.electronDist, and a mirror that can never resolve: the icon must be named, not the network.
    const offline = { electronDist: null, env: { ELECTRON_MIRROR: 'https://electron-mirror.invalid/' } };
    const small = distWith(
      'small-first.json',
      JSON.stringify({ ...goodPreset, icon: 'brand/small-too.png' }),
      [],
      offline,
    );
    expect(small.status).toBe(1);
    expect(small.stderr).toMatch(/ {2}- icon: .*small-too\.png: a PNG icon must be square and at least 512 px/);
    expect(small.stderr).not.toContain('cannot be reached');
    // With the other fields' problems, in one list.
    const both = distWith(
      'small-and-broken.json',
      JSON.stringify({ ...goodPreset, appId: 'wallet', icon: 'brand/small-too.png' }),
      [],
      offline,
    );
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('  - appId: a reverse-DNS id such as is.example.wallet');
    expect(both.stderr).toMatch(/ {2}- icon: .*small-too\.png: a PNG icon must be square/);
    expect(both.stderr).not.toContain('cannot be reached');
  });

  it('refuses an empty or wrong -c.electronDist at once, clearly, leaving nothing behind (issue 27)', () => {
    const empty = join(scratch, 'empty-electron');
    mkdirSync(empty, { recursive: true });
    for (const [electronDist, said] of [
      [empty, `-c.electronDist: ${empty} holds no Electron`],
      [join(scratch, 'no-such-folder'), `-c.electronDist: ${join(scratch, 'no-such-folder')} does not exist`],
    ] as const) {
      const output = join(scratch, 'dist-left-behind');
      const run = distWith('good-for-dist.json', JSON.stringify(goodPreset), [`-c.directories.output=${output}`], {
        electronDist,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(said);
      expect(run.stderr).toContain('Unpack the Electron release');
      expect(run.stderr).not.toContain('ENOENT');
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stdout).not.toContain('building');
      expect(existsSync(output)).toBe(false);
    }
  });

  it('says in one paragraph, as for github.com, that a set ELECTRON_MIRROR cannot be reached (issue 27)', async () => {
    const port = await closedPort();
    for (const mirror of [`http://127.0.0.1:${port}/electron/`, 'mirror.example.is/electron']) {
      const run = distWith('good-mirror.json', JSON.stringify(goodPreset), [], {
        electronDist: null,
        env: { ELECTRON_MIRROR: mirror, ...Object.fromEntries(PROXIES.map((name) => [name, ''])) },
      });
      expect(run.status).toBe(1);
      const message = run.stderr.trim().replace(/^npm run dist: /, '');
      expect(message).toMatch(
        /^(127\.0\.0\.1 cannot be reached from here|ELECTRON_MIRROR \("mirror\.example\.is\/electron"\) is not a URL)/,
      );
      expect(message).toContain('-c.electronDist=<folder>');
      expect(message).not.toContain('\n');
      expect(run.stdout).not.toContain('building');
    }
  });

  it('refuses to publish', () => {
    const run = distWith('good.json', JSON.stringify(goodPreset), ['--publish', 'always']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('npm run dist never publishes');
  });
});

describe('dist arguments and names', () => {
  it('takes --vendor and --source-maps and passes everything else to electron-builder', () => {
    expect(parseDistArgs(['--vendor', 'v.json', '--linux', '--dir', '-c.electronDist=/e', '--source-maps'])).toEqual({
      vendor: 'v.json',
      sourceMaps: true,
      builderArgs: ['--linux', '--dir', '-c.electronDist=/e'],
    });
    expect(parseDistArgs(['--vendor=v.json']).vendor).toBe('v.json');
    expect(() => parseDistArgs(['--vendor'])).toThrow(/needs the path/);
    expect(() => parseDistArgs(['--vendor', '--linux'])).toThrow(/needs the path/);
  });

  it('makes file names without spaces or Icelandic letters', () => {
    expect(slugOf('Greiðsluappið Banka', 'is.banki.app')).toBe('greidsluappid-banka');
    expect(slugOf('Þjónusta Æsku & Öryggis', 'is.x.app')).toBe('thjonusta-aesku-oryggis');
    expect(slugOf('   ', 'is.banki.Wallet')).toBe('wallet');
  });

  it('ships the preset without the icon path', () => {
    expect(runtimePreset({ ...goodPreset, icon: 'x.svg' } as never)).not.toHaveProperty('icon');
  });
});
