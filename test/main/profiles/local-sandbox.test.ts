import { describe, expect, it } from 'vitest';
import { localSandboxLauncher } from '../../../main/profiles/local-sandbox.ts';

describe('local sandbox launcher', () => {
  it('starts the embedded sandbox once, on loopback, and stops it', async () => {
    const launcher = localSandboxLauncher();
    const [a, b] = await Promise.all([launcher.ensureStarted(), launcher.ensureStarted()]);
    expect(a).toBe(b);
    expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const discovery = await fetch(`${a.url}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    await launcher.stop();
    await expect(fetch(`${a.url}/.well-known/openid-configuration`)).rejects.toThrow();
  });

  it('tries again after a failed start', async () => {
    let calls = 0;
    const launcher = localSandboxLauncher(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('port trouble'))
        : Promise.resolve({ url: 'http://127.0.0.1:1' } as never);
    });
    await expect(launcher.ensureStarted()).rejects.toThrow('port trouble');
    await expect(launcher.ensureStarted()).resolves.toMatchObject({ url: 'http://127.0.0.1:1' });
  });
});
