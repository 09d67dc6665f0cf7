import { describe, expect, it } from 'vitest';
import { hasElectronDist, offlineAdvice } from '../../scripts/dist-network.ts';

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
    const env = { ELECTRON_MIRROR: 'https://mirror.example.is/electron/' };
    expect(await offlineAdvice({ builderArgs: [], env, resolve })).toBeUndefined();
    expect(asked).toEqual(['mirror.example.is']);
  });

  it('asks nothing when the build brings its own Electron', async () => {
    for (const args of [['-c.electronDist=/opt/electron'], ['--config.electronDist', '/opt/electron']]) {
      expect(hasElectronDist(args)).toBe(true);
      expect(await offlineAdvice({ builderArgs: args, env: {}, resolve: unreachable })).toBeUndefined();
    }
    expect(hasElectronDist(['-c.electronVersion=45.4.1'])).toBe(false);
  });
});
