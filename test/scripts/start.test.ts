import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/temp-folder.ts';

const root = join(import.meta.dirname, '..', '..');

describe('npm start without an Electron binary', () => {
  it('prints one clear paragraph on how to provide Electron, and no stack trace', () => {
    const emptyDist = testFolder('a2a-no-electron');
    const run = spawnSync(process.execPath, ['--experimental-strip-types', join(root, 'scripts', 'start.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist },
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('A2A Wallet cannot start: the Electron binary is missing');
    for (const way of ['ELECTRON_MIRROR', 'ELECTRON_OVERRIDE_DIST_PATH', 'npm run harness']) {
      expect(run.stderr).toContain(way);
    }
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
