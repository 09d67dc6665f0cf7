import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractAll, extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVendorPreset, type VendorPreset } from '../../common/vendor-preset.ts';
import { runtimePreset } from '../../scripts/dist-config.ts';
import { dependencyClosure, importedPackages, sandboxExclusion } from '../../scripts/runtime-deps.ts';
import { copyProject, filesUnder, fusesOf, packagesIn, root, standInElectron } from './fixtures.ts';

/**
 * `npm run dist` for real, with `electron-builder --dir` and a stand-in Electron (no download), in a private copy
 * of the project: a customer build from a vendor preset, a default build after it, and one with source maps.
 * Then the packages are read: what is in app.asar, what is left out, where the secrets are, the fuses.
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

function appFiles(packaged: Packaged): string[] {
  return packaged.entries.filter((entry) => !entry.startsWith('node_modules'));
}

/** Imports, in plain Node from the unpacked app.asar, every package the built main chunks import. */
function importEverythingTheAppImports(packaged: Packaged): { status: number | null; stderr: string; count: number } {
  const into = mkdtempSync(join(scratch, 'extracted-'));
  extractAll(packaged.asar, into);
  const mainDir = join(into, 'out', 'main');
  const specifiers = new Set<string>();
  for (const file of readdirSync(mainDir).filter((name) => name.endsWith('.js'))) {
    for (const name of importedPackages(readFileSync(join(mainDir, file), 'utf8'))) specifiers.add(name);
  }
  // Never the real electron (it would download); a module with the names the dependencies take from it.
  const stub = join(into, 'node_modules', 'electron');
  mkdirSync(stub, { recursive: true });
  writeFileSync(join(stub, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
  writeFileSync(
    join(stub, 'index.js'),
    ['app', 'ipcMain', 'shell', 'BrowserWindow', 'dialog', 'net', 'session', 'safeStorage', 'autoUpdater']
      .map((name) => `exports.${name} = {};`)
      .join('\n'),
  );
  const probe = join(mainDir, 'import-probe.mjs');
  writeFileSync(probe, `for (const name of ${JSON.stringify([...specifiers])}) await import(name);\n`);
  const run = spawnSync(process.execPath, [probe], { cwd: mainDir, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stderr: run.stderr, count: specifiers.size };
}

function occurrences(packaged: Packaged, secret: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(packaged.dir)) {
    const path = join(packaged.dir, file);
    if (path === packaged.asar) continue;
    if (readFileSync(path).includes(secret)) found.push(file);
  }
  // Folders are listed too (as the parents of other entries); only files have content.
  const folders = new Set(packaged.entries.map((entry) => entry.slice(0, entry.lastIndexOf('/'))));
  for (const entry of packaged.entries) {
    if (!folders.has(entry) && packaged.read(entry).includes(secret)) found.push(`app.asar:${entry}`);
  }
  return found;
}

function manifest(): { dependencies: Record<string, string> } {
  return JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
}

let customer: Packaged;
let standard: Packaged;
let withMaps: Packaged;
let runtimeNames: Set<string>;

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
  withMaps = dist('maps', ['--source-maps']);
  runtimeNames = packagesIn(
    [...dependencyClosure(project, Object.keys(manifest().dependencies))].map((path) => `${path}/package.json`),
  );
  console.info(`packaging test timings: ${timings.join(', ')}`);
}, 400_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run dist (electron-builder --dir, stand-in Electron)', () => {
  it('packages the built app and package.json, and nothing else of the project', () => {
    for (const packaged of [customer, standard]) {
      const files = appFiles(packaged);
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

  it('packages only runtime dependencies: the production closure of package.json, never a devDependency', () => {
    for (const packaged of [customer, standard]) {
      const packaged_ = packagesIn(packaged.entries);
      expect([...packaged_].filter((name) => !runtimeNames.has(name))).toEqual([]);
      for (const tool of ['electron', 'electron-builder', 'vitest', 'typescript', 'react', 'vite', 'ajv-cli']) {
        expect(packaged_.has(tool), tool).toBe(false);
      }
    }
  });

  it('ships the local sandbox and its server in a default build', () => {
    expect(standard.entries).toContain('out/main/local-sandbox.js');
    expect(packagesIn(standard.entries)).toContain('fastify');
    expect(standard.read('out/main/index.js').toString()).not.toMatch(/from\s*["']fastify["']/);
  });

  it('leaves the local sandbox, and every package only it uses, out of a build whose preset does not ship it', () => {
    const { sandboxOnly, packages } = sandboxExclusion(project);
    expect(sandboxOnly).toEqual(expect.arrayContaining(['fastify']));
    expect(customer.entries).not.toContain('out/main/local-sandbox.js');
    for (const dir of packages) {
      expect(customer.entries.filter((entry) => entry === dir || entry.startsWith(`${dir}/`))).toEqual([]);
    }
    // By name too, in case electron-builder laid a package out elsewhere: none that only the sandbox needs.
    const kept = Object.keys(manifest().dependencies).filter((name) => !sandboxOnly.includes(name));
    const keptNames = packagesIn([...dependencyClosure(project, kept)].map((path) => `${path}/package.json`));
    const onlySandbox = [...packagesIn(packages.map((path) => `${path}/package.json`))].filter(
      (name) => !keptNames.has(name),
    );
    expect(onlySandbox).toEqual(expect.arrayContaining(['fastify', 'pino', 'find-my-way']));
    const left = packagesIn(customer.entries);
    expect(onlySandbox.filter((name) => left.has(name))).toEqual([]);
  });

  it('still finds every package the app imports, in both builds', () => {
    for (const packaged of [customer, standard]) {
      const probe = importEverythingTheAppImports(packaged);
      expect(probe.stderr).toBe('');
      expect(probe.status).toBe(0);
      expect(probe.count).toBeGreaterThan(2);
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

  it('carries no credential of the local sandbox when it does not ship it', () => {
    expect(occurrences(customer, 'wallet-local-secret')).toEqual([]);
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

  it("ships the app's own source maps when asked with --source-maps, and still no dependency's", () => {
    const maps = withMaps.entries.filter((entry) => entry.endsWith('.map'));
    expect(maps).toEqual(expect.arrayContaining(['out/main/index.js.map']));
    expect(maps.filter((entry) => !entry.startsWith('out/'))).toEqual([]);
  });
});
