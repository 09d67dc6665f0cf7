import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../scripts/electron-binary.ts';
import { testFolder } from '../support/temp-folder.ts';

function project(options: { installed?: boolean; pathTxt?: string; binary?: boolean } = {}): string {
  const root = testFolder('a2a-electron-binary');
  const dir = join(root, 'node_modules', 'electron');
  if (options.installed ?? true) {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"version":"45.0.0"}');
  }
  if (options.pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), options.pathTxt);
  if (options.binary) writeFileSync(join(dir, 'dist', options.pathTxt ?? 'electron'), '');
  return root;
}

describe('findElectronBinary', () => {
  it('finds the binary named by path.txt in dist/', () => {
    const root = project({ pathTxt: 'electron', binary: true });
    expect(findElectronBinary(root, {}, 'linux')).toEqual({
      found: true,
      path: join(root, 'node_modules', 'electron', 'dist', 'electron'),
    });
  });

  it('reports a binary that was never downloaded', () => {
    const result = findElectronBinary(project(), {}, 'linux');
    expect(result).toMatchObject({ found: false, reason: expect.stringContaining('path.txt') });
  });

  it('reports path.txt pointing at a missing file', () => {
    const result = findElectronBinary(project({ pathTxt: 'electron' }), {}, 'linux');
    expect(result).toMatchObject({ found: false, reason: expect.stringContaining('does not exist') });
  });

  it('reports a missing electron package', () => {
    const result = findElectronBinary(project({ installed: false }), {}, 'linux');
    expect(result).toMatchObject({ found: false, reason: expect.stringContaining('npm install') });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, with the platform executable name', () => {
    const dist = testFolder('a2a-electron-dist');
    writeFileSync(join(dist, 'electron.exe'), '');
    expect(findElectronBinary(project(), { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'win32')).toEqual({
      found: true,
      path: join(dist, 'electron.exe'),
    });
    expect(findElectronBinary(project(), { ELECTRON_OVERRIDE_DIST_PATH: dist }, 'linux')).toMatchObject({
      found: false,
      reason: expect.stringContaining('ELECTRON_OVERRIDE_DIST_PATH'),
    });
  });
});
