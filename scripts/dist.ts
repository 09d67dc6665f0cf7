import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { VendorPreset } from '../common/vendor-preset.ts';
import { loadVendorPreset } from '../main/profiles/vendor-preset-file.ts';
import { builderConfig, parseDistArgs, runtimePreset, SANDBOX_CHUNK, type DistOptions } from './dist-config.ts';
import { offlineAdvice } from './dist-network.ts';
import { generateIcons, iconSourceSvg, type IconSet } from './icons.ts';

/**
 * `npm run dist -- [--vendor path/to/vendor.json] [--source-maps] [electron-builder options]`
 *
 * 1. Validates the vendor preset, if any: an invalid one stops here, naming every bad field.
 * 2. Builds the app (electron-vite) into out/.
 * 3. Writes the validated preset to out/vendor.json, which main/index.ts reads at start; a build without a preset
 *    has none, and the app uses its built-in profiles.
 * 4. Runs electron-builder with electron-builder.yml plus the preset's brand, icons and update feed, leaving out
 *    the local sandbox's chunk, and with it the packages only it uses, when the preset does not ship it.
 * out/vendor.json is removed again afterwards, so `npm start` never picks up a vendor's preset by accident.
 */

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'out');
const vendorFile = join(out, 'vendor.json');

class DistError extends Error {}

/** A package's command-line script, run with this Node rather than through a shell shim (the same on Windows). */
function binOf(name: string): string {
  const dir = join(root, 'node_modules', name);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return join(dir, typeof bin === 'string' ? bin : (bin[name] as string));
}

function run(step: string, script: string, args: string[]): void {
  const child = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (child.status !== 0) throw new DistError(`${step} failed (exit ${child.status ?? child.signal})`);
}

function readPreset(path: string): { preset: VendorPreset; iconFile?: string } {
  const file = resolve(path);
  if (!existsSync(file)) throw new DistError(`Vendor preset ${file} does not exist`);
  let preset: VendorPreset;
  try {
    preset = loadVendorPreset(file);
  } catch (error) {
    throw new DistError((error as Error).message);
  }
  if (preset.icon === undefined) return { preset };
  // The icon is relative to the preset's own folder.
  const iconFile = resolve(dirname(file), preset.icon);
  if (!existsSync(iconFile)) {
    throw new DistError(`Vendor preset ${file} is invalid:\n  - icon: ${iconFile} does not exist`);
  }
  return { preset, iconFile };
}

async function dist(options: DistOptions): Promise<void> {
  const vendor = options.vendor === undefined ? undefined : readPreset(options.vendor);
  const offline = await offlineAdvice({ builderArgs: options.builderArgs, env: process.env });
  if (offline) throw new DistError(offline);
  const scratch = mkdtempSync(join(tmpdir(), 'a2a-dist-'));
  try {
    let icons: IconSet | undefined;
    if (vendor?.iconFile) {
      try {
        icons = await generateIcons(iconSourceSvg(vendor.iconFile), join(scratch, 'icons'));
      } catch (error) {
        throw new DistError(`Vendor preset ${options.vendor} is invalid:\n  - icon: ${(error as Error).message}`);
      }
    }

    run('The build', binOf('electron-vite'), ['build', ...(options.sourceMaps ? ['--sourcemap'] : [])]);
    rmSync(vendorFile, { force: true });
    if (vendor) writeFileSync(vendorFile, `${JSON.stringify(runtimePreset(vendor.preset), null, 2)}\n`);

    if (vendor && !vendor.preset.shipLocalSandbox && !existsSync(join(root, SANDBOX_CHUNK))) {
      // Then the sandbox went into the main chunk, and leaving it out is impossible.
      throw new DistError(
        `${SANDBOX_CHUNK} is missing, so the local sandbox cannot be left out of this build: main/index.ts must ` +
          `load main/profiles/local-sandbox.ts with a dynamic import() (see electron.vite.config.ts).`,
      );
    }
    const config = builderConfig({
      baseConfig: join(root, 'electron-builder.yml'),
      ...(vendor ? { preset: vendor.preset } : {}),
      ...(icons ? { icons } : {}),
      sourceMaps: options.sourceMaps,
    });
    const configFile = join(scratch, 'electron-builder.json');
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    run('electron-builder', binOf('electron-builder'), [
      '--config',
      configFile,
      '--publish',
      'never',
      ...options.builderArgs,
    ]);
  } finally {
    rmSync(vendorFile, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

function options(): DistOptions {
  try {
    return parseDistArgs(process.argv.slice(2));
  } catch (error) {
    throw new DistError((error as Error).message);
  }
}

try {
  await dist(options());
} catch (error) {
  if (!(error instanceof DistError)) throw error;
  console.error(`\nnpm run dist: ${error.message}`);
  process.exitCode = 1;
}
