import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { checkVendorPreset, type VendorPreset } from '../common/vendor-preset.ts';
import { builderConfig, parseDistArgs, runtimePreset, SANDBOX_CHUNK, type DistOptions } from './dist-config.ts';
import { electronDistProblem, offlineAdvice } from './dist-network.ts';
import { generateIcons, iconSourceSvg, type IconSet } from './icons.ts';

/**
 * `npm run dist -- [--vendor path/to/vendor.json] [--source-maps] [electron-builder options]`
 *
 * 1. Checks what it is given before any network step or build: the vendor preset, if any, with its icon rendered
 *    (an invalid one stops here, naming every bad field), `-c.electronDist` if given, then whether Electron's
 *    download host (or ELECTRON_MIRROR) can be reached.
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

/**
 * The preset, and its icon's file: every problem at once, the icon's with the fields' (whether it is there, an .svg
 * or a big enough square .png), so a vendor fixes them in one go.
 */
function readPreset(path: string): { preset: VendorPreset; iconFile?: string } {
  const file = resolve(path);
  if (!existsSync(file)) throw new DistError(`Vendor preset ${file} does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DistError(`Vendor preset ${file} is not readable JSON: ${(error as Error).message}`);
  }
  const checked = checkVendorPreset(json);
  const errors = checked.ok ? [] : [...checked.errors];
  const icon = (json as { icon?: unknown } | null)?.icon;
  // The icon is relative to the preset's own folder.
  const iconFile = typeof icon === 'string' && icon ? resolve(dirname(file), icon) : undefined;
  if (iconFile !== undefined && !errors.some((error) => error.startsWith('icon'))) {
    if (!existsSync(iconFile)) errors.push(`icon: ${iconFile} does not exist`);
    else {
      try {
        iconSourceSvg(iconFile);
      } catch (error) {
        errors.push(`icon: ${(error as Error).message}`);
      }
    }
  }
  if (!checked.ok || errors.length > 0) {
    throw new DistError(`Vendor preset ${file} is invalid:\n${errors.map((error) => `  - ${error}`).join('\n')}`);
  }
  return { preset: checked.preset, ...(iconFile ? { iconFile } : {}) };
}

async function dist(options: DistOptions): Promise<void> {
  const vendor = options.vendor === undefined ? undefined : readPreset(options.vendor);
  const scratch = mkdtempSync(join(tmpdir(), 'a2a-dist-'));
  try {
    // The icon is rendered now, before the network is asked anything: an SVG that does not render is a preset
    // problem too.
    let icons: IconSet | undefined;
    if (vendor?.iconFile) {
      try {
        icons = await generateIcons(iconSourceSvg(vendor.iconFile), join(scratch, 'icons'));
      } catch (error) {
        throw new DistError(
          `Vendor preset ${resolve(options.vendor ?? '')} is invalid:\n  - icon: ${(error as Error).message}`,
        );
      }
    }
    const electronDist = electronDistProblem(options.builderArgs, root);
    if (electronDist) throw new DistError(electronDist);
    const offline = await offlineAdvice({ builderArgs: options.builderArgs, env: process.env });
    if (offline) throw new DistError(offline);

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
