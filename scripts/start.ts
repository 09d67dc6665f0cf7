import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { electronVersion, findElectronBinary, type ElectronBinary } from './electron-binary.ts';

/**
 * `npm start` and `npm run dev`: find the Electron binary (downloading it once where the network allows) and
 * launch the app. Where there is no binary, say in one paragraph what to do instead of printing a stack trace.
 */
const root = join(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');

function tryDownload(): string | undefined {
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed';
  console.log('The Electron binary is not here yet; downloading it once...');
  const run = spawnSync(process.execPath, [installer], { cwd: root, encoding: 'utf8', timeout: 10 * 60_000 });
  if (run.status === 0) return undefined;
  const firstLine = `${run.stderr ?? ''}${run.stdout ?? ''}`.split('\n').find((line) => line.trim() !== '');
  return firstLine?.trim() ?? 'the download did not finish';
}

function explainMissing(reason: string, downloadError: string | undefined): string {
  let version = 'of the version in package.json';
  try {
    version = electronVersion(root);
  } catch {
    // The package itself is missing; the paragraph says so through `reason`.
  }
  return [
    `A2A Wallet cannot start: the Electron binary is missing (${reason})` +
      (downloadError ? ` and could not be downloaded (${downloadError}).` : '.'),
    `Electron ${version} downloads its binary on first start. To provide it: run \`npm start\` once where the`,
    "network can reach Electron's download host; or set ELECTRON_MIRROR to a mirror you can reach (for example",
    "your company's artifact server) and run `npm start` again; or unpack that Electron release for this platform",
    'yourself and set ELECTRON_OVERRIDE_DIST_PATH to its folder. Meanwhile you can try the whole app in a browser',
    'with `npm run harness`, which serves the same app against the local sandbox bank.',
  ].join('\n');
}

function locate(): { binary: ElectronBinary; downloadError?: string } {
  const first = findElectronBinary(root);
  // An explicit override that points nowhere is the user's choice to correct; a download would not help.
  if (first.found || process.env['ELECTRON_OVERRIDE_DIST_PATH']) return { binary: first };
  const downloadError = tryDownload();
  const second = findElectronBinary(root);
  if (second.found) return { binary: second };
  return downloadError ? { binary: first, downloadError } : { binary: second };
}

const { binary, downloadError } = locate();
if (!binary.found) {
  console.error(explainMissing(binary.reason, downloadError));
  process.exit(1);
}

const [command, args] = dev
  ? [process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'dev']]
  : [binary.path, [root]];
const child = spawn(command, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: binary.path },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
