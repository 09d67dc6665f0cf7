import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { extractAll, extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVendorPreset, type VendorPreset } from '../../common/vendor-preset.ts';
import { builderConfig, runtimePreset, SANDBOX_CHUNK } from '../../scripts/dist-config.ts';
import { loadedModules, packagesLoaded } from '../build/loaded-modules.ts';
import { copyProject, filesUnder, fusesOf, root, standInElectron } from './fixtures.ts';
import { desktopEntry, linuxPackages, type LinuxPackages } from './linux-targets.ts';
import type { PackagedMainReport } from './packaged-main.ts';

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
  homepage: 'https://www.banki.example/greidsluapp',
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

/**
 * The packaged main process (app.asar unpacked) started under Node with the Electron mock (packaged-main.ts): what
 * its Help menu and its window do with the homepage.
 */
function runPackagedMain(name: string, packaged: Packaged): PackagedMainReport {
  const appDir = join(scratch, `${name}-asar`);
  extractAll(packaged.asar, appDir);
  const dataDir = mkdtempSync(join(scratch, `${name}-data-`));
  chmodSync(dataDir, 0o700);
  const env: NodeJS.ProcessEnv = { ...process.env, A2A_WALLET_USER_DATA: dataDir };
  delete env['ELECTRON_RENDERER_URL'];
  delete env['NODE_OPTIONS'];
  const run = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      join(import.meta.dirname, 'packaged-main.ts'),
      appDir,
    ],
    { cwd: scratch, env, encoding: 'utf8', timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`the packaged main process (${name}) failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as PackagedMainReport;
}

let customer: Packaged;
let standard: Packaged;
let withMaps: Packaged;
let customerLinux: LinuxPackages;
let standardLinux: LinuxPackages;
let customerMain: PackagedMainReport;
let standardMain: PackagedMainReport;

beforeAll(async () => {
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

  // The .deb and the AppImage of the customer and the default build, as electron-builder computes them from the same
  // configuration npm run dist gives it.
  const checked = checkVendorPreset(customerPreset);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  const baseConfig = join(project, 'electron-builder.yml');
  let step = performance.now();
  customerLinux = await linuxPackages({
    projectDir: project,
    unpacked: customer.dir,
    config: builderConfig({ baseConfig, preset: checked.preset, sourceMaps: false }),
    scratch: join(scratch, 'customer-linux'),
  });
  standardLinux = await linuxPackages({
    projectDir: project,
    unpacked: standard.dir,
    config: builderConfig({ baseConfig, sourceMaps: false }),
    scratch: join(scratch, 'default-linux'),
  });
  timings.push(`deb and AppImage: ${Math.round(performance.now() - step)} ms`);
  step = performance.now();
  customerMain = runPackagedMain('customer', customer);
  standardMain = runPackagedMain('default', standard);
  timings.push(`packaged main: ${Math.round(performance.now() - step)} ms`);
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

  // Parses every main chunk (CPU only, a few seconds alone): more than the default 5 s on a busy machine.
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
  }, 30_000);

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

  it("has the Windows installer's link include where electron-builder looks for it, and never in the app (issue 27)", () => {
    // nsis.include is resolved against buildResources, then the project (PlatformPackager.getResource): the project
    // npm run dist packaged from holds it, with the scheme's keys, and the packages do not.
    const include = join(project, 'build', 'installer.nsh');
    expect(readFileSync(include, 'utf8')).toMatch(/^!macro customUnInstall$[\s\S]*DeleteRegKey HKCU/m);
    for (const packaged of [customer, standard]) {
      expect(packaged.entries.filter((entry) => entry.endsWith('.nsh'))).toEqual([]);
      expect(filesUnder(packaged.dir).filter((file) => file.endsWith('.nsh'))).toEqual([]);
    }
  });

  it("ships the app's own source maps when asked with --source-maps, and none from anywhere else", () => {
    const maps = withMaps.entries.filter((entry) => entry.endsWith('.map'));
    expect(maps).toEqual(expect.arrayContaining(['out/main/index.js.map']));
    expect(maps.filter((entry) => !entry.startsWith('out/'))).toEqual([]);
  });
});

describe('the Linux packages and the homepage (issue 15, items 6 to 8)', () => {
  const projectManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, string>;
  const builds = () =>
    [
      { name: 'default', packaged: standard, linux: standardLinux, main: standardMain },
      { name: 'customer', packaged: customer, linux: customerLinux, main: customerMain },
    ] as const;
  const manifestOf = (packaged: Packaged) =>
    JSON.parse(packaged.read('package.json').toString()) as Record<string, string>;

  it("gives the .deb a homepage, without which electron-builder refuses it: package.json's, or the vendor's", () => {
    expect(projectManifest['homepage']).toMatch(/^https:\/\//);
    expect(manifestOf(standard)['homepage']).toBe(projectManifest['homepage']);
    expect(manifestOf(customer)['homepage']).toBe(customerPreset.homepage);
    const url = (linux: LinuxPackages) => linux.deb.args[linux.deb.args.indexOf('--url') + 1];
    expect(url(standardLinux)).toBe(projectManifest['homepage']);
    expect(url(customerLinux)).toBe(customerPreset.homepage);
  });

  it("links the Help menu to that homepage at run time, and never lets the page's links open it", () => {
    expect(standardMain.helpOpened).toEqual([new URL(projectManifest['homepage'] ?? '').href]);
    expect(customerMain.helpOpened).toEqual([customerPreset.homepage]);
    for (const { name, main } of builds()) {
      expect(main.help, name).toHaveLength(2);
      expect(main.pageOpened, name).toEqual([]);
    }
  });

  it('installs an AppArmor profile that lets the installed executable, and it only, use user namespaces', () => {
    for (const { name, packaged, linux } of builds()) {
      const { deb } = linux;
      const manifest = manifestOf(packaged);
      // The executable of the app folder, where the .deb puts that folder.
      const executable = name === 'customer' ? 'greidsluappid' : 'a2a-wallet';
      expect(existsSync(join(linux.appDir, executable)), name).toBe(true);
      expect(deb.installDir, name).toBe(`/opt/${manifest['productName']}`);
      const installed = `${deb.installDir}/${executable}`;

      expect(deb.appArmorProfile, name).toContain('abi <abi/4.0>,');
      expect(deb.appArmorProfile, name).toContain(`profile "${executable}" "${installed}" flags=(unconfined) {`);
      expect(deb.appArmorProfile, name).toMatch(/^\s*userns,$/m);
      // The after-install script puts the profile from the app's resources under /etc/apparmor.d and loads it; the
      // after-remove script unloads and deletes it.
      expect(deb.afterInstall, name).toContain(
        `APPARMOR_PROFILE_SOURCE='${deb.installDir}/resources/apparmor-profile'`,
      );
      expect(deb.afterInstall, name).toContain(`APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'`);
      expect(deb.afterInstall, name).toContain('apparmor_parser --replace');
      expect(deb.afterRemove, name).toContain(`APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'`);
      expect(deb.afterRemove, name).toContain('apparmor_parser --remove');
      expect(deb.afterInstall, name).toContain(`ln -sf '${installed}' '/usr/bin/${executable}'`);
    }
    // Each build its own names: a vendor's profile never confines, or frees, ours.
    expect(customerLinux.deb.appArmorProfile).not.toContain('a2a-wallet');
    expect(customerLinux.deb.appArmorProfile).toContain('"/opt/Greiðsluappið/greidsluappid"');
  });

  it("ties the window to its launcher: the .desktop file and its StartupWMClass are package.json's desktopName", () => {
    expect(projectManifest['desktopName']).toBe('is.a2awallet.app.desktop');
    expect(manifestOf(standard)['desktopName']).toBe(projectManifest['desktopName']);
    expect(manifestOf(customer)['desktopName']).toBe('is.banki.greidsluapp.desktop');
    for (const { name, packaged, linux } of builds()) {
      // Electron sets the window's Wayland app_id and X11 WM_CLASS from the packaged package.json's desktopName,
      // less `.desktop`.
      const desktopName = manifestOf(packaged)['desktopName'] ?? '';
      const appId = desktopName.replace(/\.desktop$/, '');
      expect(linux.deb.desktopFile.path, name).toBe(`/usr/share/applications/${desktopName}`);
      expect(desktopEntry(linux.deb.desktopFile.content)['StartupWMClass'], name).toBe(appId);
      expect(linux.appImage.desktopFileName, name).toBe(desktopName);
      expect(desktopEntry(linux.appImage.desktop)['StartupWMClass'], name).toBe(appId);
    }
  });

  it('never starts the app with --no-sandbox from what it installs', () => {
    for (const { name, linux } of builds()) {
      expect(desktopEntry(linux.deb.desktopFile.content)['Exec'], name).not.toContain('--no-sandbox');
      expect(desktopEntry(linux.appImage.desktop)['Exec'], name).toBe('AppRun %U');
      expect(linux.deb.afterInstall, name).not.toContain('--no-sandbox');
    }
  });
});
