import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVendorPreset, type VendorPreset } from '../../common/vendor-preset.ts';
import { runtimePreset, SANDBOX_CHUNK } from '../../scripts/dist-config.ts';
import { loadedModules, packagesLoaded } from '../build/loaded-modules.ts';
import { copyProject, filesUnder, fusesOf, root, standInElectron } from './fixtures.ts';

/**
 * `npm run dist` for real, with `electron-builder --dir` and a stand-in Electron (no download), in a private copy
 * of the project: a customer build from a vendor preset, a default build after it, and the customer build again
 * with source maps. Then the packages are read: what is in app.asar, what is left out, where the secrets are, the
 * fuses.
 */

const SECRET = 'vendor-client-secret-5d1e0c7a';
const SANDBOX_SECRET = 'vendor-bank-sandbox-secret-81b2';
const DECOY_SECRET = 'decoy-preset-secret-never-built-4c07';

const customerPreset = {
  productName: 'Greiðsluappið',
  appId: 'is.banki.greidsluapp',
  publisher: 'Banki hf.',
  icon: 'assets/icon.svg',
  profiles: [
    {
      id: 'banki',
      name: 'Banki',
      environment: 'production',
      baseUrl: 'https://api.banki.example',
      authUrl: 'https://auth.banki.example',
      clientId: 'greidsluapp',
      clientSecret: SECRET,
      apiKey: 'banki-api-key',
      redirectPorts: [53682],
    },
    {
      id: 'banki-prufa',
      name: 'Banki (prófun)',
      environment: 'bank-sandbox',
      baseUrl: 'https://sandbox.banki.example',
      authUrl: 'https://sandbox-auth.banki.example',
      clientId: 'greidsluapp-test',
      clientSecret: SANDBOX_SECRET,
      apiKey: 'banki-sandbox-key',
    },
  ],
  shipLocalSandbox: false,
  allowProfileEdit: false,
  updateFeed: 'https://updates.banki.example/greidsluapp',
};
const decoyPreset = {
  productName: 'Another Wallet',
  appId: 'is.another.wallet',
  publisher: 'Another hf.',
  profiles: [{ ...customerPreset.profiles[0], clientSecret: DECOY_SECRET }],
};

/**
 * Text that only the code of a package of the sandbox's server carries, minified or not (its error codes, a symbol's
 * name): fastify, its plugin loader avvio, its logger pino.
 */
const SANDBOX_PACKAGE_CODE = { fastify: 'FST_ERR_', avvio: 'AVV_ERR_', pino: 'pino.serializers' };

const scratch = mkdtempSync(join(tmpdir(), 'a2a-packaging-'));
const project = join(scratch, 'project');
const timings: string[] = [];

interface Packaged {
  /** The unpacked app folder (`linux-unpacked`). */
  dir: string;
  asar: string;
  /** Paths inside app.asar, without the leading `/`, files and folders. */
  entries: string[];
  read(path: string): Buffer;
}

function dist(name: string, args: string[]): Packaged {
  const output = join(scratch, name);
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      join(project, 'scripts', 'dist.ts'),
      ...args,
      '--dir',
      '--linux',
      '--x64',
      `-c.electronDist=${join(scratch, 'electron')}`,
      `-c.directories.output=${output}`,
    ],
    { cwd: project, encoding: 'utf8', timeout: 180_000 },
  );
  timings.push(`${name}: ${Math.round(performance.now() - started)} ms`);
  if (run.status !== 0) throw new Error(`npm run dist (${name}) failed:\n${run.stdout}\n${run.stderr}`);
  const dir = join(output, 'linux-unpacked');
  const asar = join(dir, 'resources', 'app.asar');
  return {
    dir,
    asar,
    entries: listPackage(asar, { isPack: false }).map((entry) => entry.replaceAll('\\', '/').replace(/^\//, '')),
    read: (path) => extractFile(asar, path),
  };
}

/** The files in app.asar (its entries less the folders, which are listed as the parents of other entries). */
function filesIn(packaged: Packaged): string[] {
  const folders = new Set(packaged.entries.map((entry) => entry.slice(0, entry.lastIndexOf('/'))));
  return packaged.entries.filter((entry) => !folders.has(entry));
}

/** The packaged files whose content holds `text`. */
function filesHolding(packaged: Packaged, text: string): string[] {
  return filesIn(packaged).filter((file) => packaged.read(file).includes(text));
}

/** The main process's chunks in app.asar. */
function mainChunks(packaged: Packaged): string[] {
  return filesIn(packaged).filter((file) => file.startsWith('out/main/') && file.endsWith('.js'));
}

function occurrences(packaged: Packaged, secret: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(packaged.dir)) {
    const path = join(packaged.dir, file);
    if (path === packaged.asar) continue;
    if (readFileSync(path).includes(secret)) found.push(file);
  }
  for (const file of filesHolding(packaged, secret)) found.push(`app.asar:${file}`);
  return found;
}

let customer: Packaged;
let standard: Packaged;
let withMaps: Packaged;

beforeAll(() => {
  const started = performance.now();
  copyProject(project);
  const electronVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
  ).version;
  standInElectron(join(scratch, 'electron'), electronVersion);
  writeFileSync(join(project, 'vendor.customer.json'), JSON.stringify(customerPreset, null, 2));
  // Another vendor's preset lying in the same folder: it must never end up in a build it was not used for.
  writeFileSync(join(project, 'vendor.decoy.json'), JSON.stringify(decoyPreset, null, 2));
  timings.push(`copy: ${Math.round(performance.now() - started)} ms`);

  customer = dist('customer', ['--vendor', 'vendor.customer.json']);
  standard = dist('default', []);
  withMaps = dist('maps', ['--vendor', 'vendor.customer.json', '--source-maps']);
  console.info(`packaging test timings: ${timings.join(', ')}`);
}, 400_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run dist (electron-builder --dir, stand-in Electron)', () => {
  it('packages the built app and package.json, and nothing else of the project', () => {
    for (const packaged of [customer, standard]) {
      const files = packaged.entries;
      expect(files.filter((file) => file !== 'package.json' && file !== 'out' && !file.startsWith('out/'))).toEqual([]);
      expect(files).toEqual(
        expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']),
      );
    }
  });

  it('packages no tests, harness, sources or source maps', () => {
    for (const packaged of [customer, standard]) {
      const unwanted = packaged.entries.filter(
        (entry) =>
          /(^|\/)(test|tests|__tests__|harness|e2e|benchmarks?)(\/|$)/.test(entry) ||
          /\.(map|ts|tsx|mts|cts)$/.test(entry) ||
          /^(sandbox|scripts|main|common|preload|renderer|docs|assets)\//.test(entry),
      );
      expect(unwanted).toEqual([]);
    }
  });

  it('packages no node_modules: the main process carries the code of its dependencies in its own chunks', () => {
    for (const packaged of [customer, standard]) {
      expect(packaged.entries.filter((entry) => /(^|\/)node_modules(\/|$)/.test(entry))).toEqual([]);
      const manifest = JSON.parse(packaged.read('package.json').toString()) as Record<string, unknown>;
      expect(manifest).not.toHaveProperty('dependencies');
      // With the licences of what the chunks bundle, which no package folder carries any more.
      expect(packaged.read('out/main/licenses.md').toString()).toMatch(/^## zod - /m);
    }
  });

  it('loads nothing from outside the package but electron and Node built-ins, in both builds', () => {
    for (const packaged of [customer, standard]) {
      const chunks = mainChunks(packaged);
      expect(chunks).toContain('out/main/index.js');
      for (const chunk of chunks) {
        const code = packaged.read(chunk).toString();
        expect(packagesLoaded(chunk, code), chunk).toEqual([]);
        // Every other chunk it loads is in the package, but the sandbox's where it does not ship (never loaded then).
        const missing = loadedModules(chunk, code)
          .filter((name) => name.startsWith('./'))
          .map((name) => posix.join(posix.dirname(chunk), name))
          .filter((file) => !packaged.entries.includes(file));
        expect(missing, chunk).toEqual(packaged === customer && chunk === 'out/main/index.js' ? [SANDBOX_CHUNK] : []);
      }
    }
  });

  it('ships the local sandbox and its server in a default build, in the sandbox chunk only', () => {
    expect(standard.entries).toContain(SANDBOX_CHUNK);
    for (const [name, code] of Object.entries(SANDBOX_PACKAGE_CODE)) {
      expect(filesHolding(standard, code), name).toEqual([SANDBOX_CHUNK]);
    }
  });

  it('leaves the local sandbox, and the code of every package only it uses, out of a build whose preset does not ship it', () => {
    for (const packaged of [customer, withMaps]) {
      expect(packaged.entries.filter((entry) => entry.startsWith(SANDBOX_CHUNK))).toEqual([]);
      for (const [name, code] of Object.entries(SANDBOX_PACKAGE_CODE)) {
        expect(filesHolding(packaged, code), name).toEqual([]);
      }
    }
  });

  it('puts the validated preset in as out/vendor.json, without the icon path; a default build has none', () => {
    const shipped = JSON.parse(customer.read('out/vendor.json').toString()) as unknown;
    const checked = checkVendorPreset(shipped);
    expect(checked.ok).toBe(true);
    const expected = checkVendorPreset(customerPreset);
    if (!expected.ok) throw new Error(expected.errors.join('\n'));
    expect(shipped).toEqual(runtimePreset(expected.preset as VendorPreset));
    expect(shipped).not.toHaveProperty('icon');
    expect(standard.entries).not.toContain('out/vendor.json');
    // Nor does the project keep it for `npm start` to pick up.
    expect(existsSync(join(project, 'out', 'vendor.json'))).toBe(false);
  });

  it("carries the preset's secrets only in out/vendor.json, and no other preset's secret anywhere", () => {
    expect(occurrences(customer, SECRET)).toEqual(['app.asar:out/vendor.json']);
    expect(occurrences(customer, SANDBOX_SECRET)).toEqual(['app.asar:out/vendor.json']);
    expect(occurrences(customer, DECOY_SECRET)).toEqual([]);
    // The default build came after the customer build in the same folder: nothing of it stayed behind.
    for (const secret of [SECRET, SANDBOX_SECRET, DECOY_SECRET]) expect(occurrences(standard, secret)).toEqual([]);
  });

  it('carries no credential of the local sandbox when it does not ship it, source maps included', () => {
    expect(occurrences(standard, 'wallet-local-secret')).toEqual([`app.asar:${SANDBOX_CHUNK}`]);
    expect(occurrences(customer, 'wallet-local-secret')).toEqual([]);
    expect(occurrences(withMaps, 'wallet-local-secret')).toEqual([]);
  });

  it("brands the build with the preset's name, publisher and update feed", () => {
    const manifest = JSON.parse(customer.read('package.json').toString()) as Record<string, unknown>;
    expect(manifest['productName']).toBe('Greiðsluappið');
    expect(manifest['author']).toBe('Banki hf.');
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(existsSync(join(customer.dir, 'greidsluappid'))).toBe(true);
    const feed = readFileSync(join(customer.dir, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain('url: https://updates.banki.example/greidsluapp');
    expect(existsSync(join(standard.dir, 'resources', 'app-update.yml'))).toBe(false);
  });

  it('sets the Electron fuses: no run-as-node, NODE_OPTIONS or --inspect; only app.asar, integrity-checked', () => {
    for (const packaged of [customer, standard]) {
      const binary = readdirSync(packaged.dir).find((name) => ['greidsluappid', 'a2a-wallet'].includes(name));
      expect(binary).toBeDefined();
      expect(fusesOf(join(packaged.dir, binary as string))).toMatchObject({
        RunAsNode: false,
        EnableNodeOptionsEnvironmentVariable: false,
        EnableNodeCliInspectArguments: false,
        OnlyLoadAppFromAsar: true,
        EnableEmbeddedAsarIntegrityValidation: true,
        GrantFileProtocolExtraPrivileges: false,
      });
    }
  });

  it("ships the app's own source maps when asked with --source-maps, and none from anywhere else", () => {
    const maps = withMaps.entries.filter((entry) => entry.endsWith('.map'));
    expect(maps).toEqual(expect.arrayContaining(['out/main/index.js.map']));
    expect(maps.filter((entry) => !entry.startsWith('out/'))).toEqual([]);
  });
});
