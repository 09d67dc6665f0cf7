import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronDistProblem, hasElectronDist, offlineAdvice } from '../../scripts/dist-network.ts';

const unreachable = (host: string) => Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {}));

describe('npm run dist without network', () => {
  it('says at once, in one paragraph, what to do when GitHub cannot be reached', async () => {
    const advice = await offlineAdvice({ builderArgs: ['--linux'], env: {}, resolve: unreachable });
    expect(advice).toMatch(/^github\.com cannot be reached/);
    expect(advice).toContain('ELECTRON_MIRROR');
    expect(advice).toContain('ELECTRON_BUILDER_BINARIES_MIRROR');
    expect(advice).toContain('-c.electronDist=<folder>');
    expect(advice).toContain('docs/PACKAGING.md');
    expect(advice).not.toContain('\n');
  });

  it('asks the mirror instead of GitHub when ELECTRON_MIRROR is set', async () => {
    const asked: string[] = [];
    const resolve = (host: string) => {
      asked.push(host);
      return Promise.resolve();
    };
    const connected: string[] = [];
    const connect = (host: string, port: number) => {
      connected.push(`${host}:${port}`);
      return Promise.resolve();
    };
    const env = { ELECTRON_MIRROR: 'https://mirror.example.is/electron/' };
    expect(await offlineAdvice({ builderArgs: [], env, resolve, connect })).toBeUndefined();
    expect(asked).toEqual(['mirror.example.is']);
    expect(connected).toEqual(['mirror.example.is:443']);
  });

  it('gives the same paragraph for a mirror that resolves but does not answer, or is no URL (issue 27)', async () => {
    const resolves = () => Promise.resolve();
    const refused = (host: string, port: number) => Promise.reject(new Error(`connect ECONNREFUSED ${host}:${port}`));
    const github = await offlineAdvice({ builderArgs: [], env: {}, resolve: unreachable });
    const mirror = await offlineAdvice({
      builderArgs: [],
      env: { ELECTRON_MIRROR: 'http://artifacts.example.is:8081/electron/' },
      resolve: resolves,
      connect: refused,
    });
    expect(mirror).toBe(github?.replace('github.com cannot', 'artifacts.example.is cannot'));
    const notUrl = await offlineAdvice({ builderArgs: [], env: { ELECTRON_MIRROR: 'artifacts.example.is/electron' } });
    expect(notUrl).toMatch(/^ELECTRON_MIRROR \("artifacts\.example\.is\/electron"\) is not a URL/);
    expect(notUrl).toContain('-c.electronDist=<folder>');
    expect(notUrl).not.toContain('\n');
  });

  it('only looks the name up behind a proxy, through which the download goes', async () => {
    const connect = () => Promise.reject(new Error('no direct route'));
    const env = { ELECTRON_MIRROR: 'https://mirror.example.is/', HTTPS_PROXY: 'http://proxy.example.is:3128' };
    expect(await offlineAdvice({ builderArgs: [], env, resolve: () => Promise.resolve(), connect })).toBeUndefined();
  });

  it('asks nothing when the build brings its own Electron', async () => {
    for (const args of [['-c.electronDist=/opt/electron'], ['--config.electronDist', '/opt/electron']]) {
      expect(hasElectronDist(args)).toBe(true);
      expect(await offlineAdvice({ builderArgs: args, env: {}, resolve: unreachable })).toBeUndefined();
    }
    expect(hasElectronDist(['-c.electronVersion=45.4.1'])).toBe(false);
  });
});

describe('-c.electronDist, checked before anything is built (issue 27)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'a2a-electron-dist-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('accepts an unpacked Electron, a folder with its release zip, or the zip', () => {
    mkdirSync(join(scratch, 'unpacked'));
    writeFileSync(join(scratch, 'unpacked', 'electron'), '');
    mkdirSync(join(scratch, 'zips'));
    writeFileSync(join(scratch, 'zips', 'electron-v45.4.1-linux-x64.zip'), '');
    writeFileSync(join(scratch, 'electron-v45.4.1-win32-x64.zip'), '');
    expect(electronDistProblem([`-c.electronDist=${join(scratch, 'unpacked')}`], '/project')).toBeUndefined();
    expect(electronDistProblem(['--config.electronDist', join(scratch, 'zips')], '/project')).toBeUndefined();
    expect(electronDistProblem(['-c.electronDist=electron-v45.4.1-win32-x64.zip'], scratch)).toBeUndefined();
    expect(electronDistProblem(['--linux'], '/project')).toBeUndefined();
  });

  it('names an empty, missing or unusable one, and what to give instead', () => {
    mkdirSync(join(scratch, 'empty'));
    writeFileSync(join(scratch, 'notes.txt'), '');
    expect(electronDistProblem([`-c.electronDist=${join(scratch, 'empty')}`], '/project')).toMatch(
      /^-c\.electronDist: .*empty holds no Electron .*Unpack the Electron release/,
    );
    expect(electronDistProblem(['-c.electronDist=missing'], scratch)).toMatch(
      new RegExp(`^-c\\.electronDist: ${join(scratch, 'missing')} does not exist`),
    );
    expect(electronDistProblem([`-c.electronDist=${join(scratch, 'notes.txt')}`], '/project')).toContain(
      'is neither a folder nor a .zip',
    );
    expect(electronDistProblem(['-c.electronDist='], '/project')).toMatch(/^-c\.electronDist is empty/);
  });
});
