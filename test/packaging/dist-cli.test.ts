import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** `npm run dist -- --vendor <file>` with a preset that must be refused before anything is built. */
function distWith(name: string, content: string | Buffer, extra: string[] = []) {
  const file = join(scratch, name);
  writeFileSync(file, content);
  const run = spawnSync(
    process.execPath,
    // Were the preset accepted by mistake, electron-builder would stop at the empty Electron dist, never download.
    [
      '--experimental-strip-types',
      join(root, 'scripts', 'dist.ts'),
      '--vendor',
      file,
      ...extra,
      `-c.electronDist=${scratch}`,
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
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
