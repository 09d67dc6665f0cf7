import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the Electron binary is, found without `require('electron')`: requiring it in plain Node starts a
 * download, which is exactly what a machine without network must not do.
 */
export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

const defaultExecutable: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'Electron.app/Contents/MacOS/Electron',
  win32: 'electron.exe',
};

export function findElectronBinary(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const recorded = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const executable = recorded || (defaultExecutable[platform] ?? 'electron');

  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const path = join(override, executable);
    return existsSync(path)
      ? { found: true, path }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH is set, but ${path} does not exist` };
  }
  if (!existsSync(join(packageDir, 'package.json'))) {
    return { found: false, reason: 'the electron package is not installed (run npm install)' };
  }
  if (!recorded) {
    return {
      found: false,
      reason: 'the Electron binary has not been downloaded yet: node_modules/electron/path.txt is missing',
    };
  }
  const path = join(packageDir, 'dist', recorded);
  return existsSync(path) ? { found: true, path } : { found: false, reason: `${path} does not exist` };
}

export function electronVersion(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
