import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { checkVendorPreset } from '../../common/vendor-preset.ts';
import { DEFAULT_APP_ID } from '../../main/platform/app-id.ts';
import { builderConfig, desktopNameOf } from '../../scripts/dist-config.ts';
import { root } from './fixtures.ts';
import { PAYMENT_REQUEST_SCHEME } from '../../common/payment-request.ts';

/** electron-builder.yml, and what `npm run dist` adds to it, against app-builder-lib's own JSON schema. */
const scheme = JSON.parse(readFileSync(join(root, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8')) as Record<
  string,
  unknown
>;
// As electron-builder compiles it, less the type coercion: a string where a boolean belongs is an error here.
const validate = new Ajv({ allErrors: true, strict: false }).compile(scheme);
const yml = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;

function problems(config: unknown): string[] {
  return validate(config) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message}`);
}

describe('electron-builder.yml', () => {
  it("matches app-builder-lib's scheme.json", () => {
    expect(problems(yml)).toEqual([]);
  });

  it('is checked for real: a misspelt option fails', () => {
    expect(problems({ ...yml, electronFuse: { runAsNode: false } })).not.toEqual([]);
    expect(problems({ ...yml, nsis: { perUser: true } })).not.toEqual([]);
  });

  it('makes the installed app the system’s handler of payment-request links (issue 19)', () => {
    expect(yml['protocols']).toEqual([{ name: 'A2A Wallet payment request', schemes: [PAYMENT_REQUEST_SCHEME] }]);
  });

  it('registers a2a-wallet: links when the Windows installer installs, and removes them when it uninstalls (issue 27)', () => {
    const nsis = yml['nsis'] as Record<string, unknown>;
    expect(nsis['include']).toBe('build/installer.nsh');
    // As electron-builder finds it (PlatformPackager.getResource): in buildResources, else relative to the project.
    const include = join(root, nsis['include'] as string);
    expect(existsSync(include)).toBe(true);
    expect(
      existsSync(join(root, (yml['directories'] as { buildResources: string }).buildResources, 'installer.nsh')),
    ).toBe(false);
    const script = readFileSync(include, 'utf8');
    const macro = (name: string) => {
      const match = new RegExp(`^!macro ${name}\\s*$([\\s\\S]*?)^!macroend`, 'm').exec(script);
      if (!match) throw new Error(`no macro ${name} in ${include}`);
      // Without comments, and with the defines written out as makensis would.
      return (match[1] ?? '')
        .split('\n')
        .filter((line) => !line.trim().startsWith(';'))
        .join('\n')
        .replaceAll('${A2A_LINK_KEY}', 'Software\\Classes\\${A2A_LINK_SCHEME}')
        .replaceAll('${A2A_LINK_SCHEME}', PAYMENT_REQUEST_SCHEME);
    };
    expect(script).toContain(`!define A2A_LINK_SCHEME "${PAYMENT_REQUEST_SCHEME}"`);
    expect(script).toContain('!define A2A_LINK_KEY "Software\\Classes\\${A2A_LINK_SCHEME}"');

    const install = macro('customInstall');
    const key = `Software\\Classes\\${PAYMENT_REQUEST_SCHEME}`;
    // The keys Electron's setAsDefaultProtocolClient writes, for the installed executable (the vendor's name).
    expect(install).toContain(`WriteRegStr HKCU "${key}" "" "URL:${PAYMENT_REQUEST_SCHEME}"`);
    expect(install).toContain(`WriteRegStr HKCU "${key}" "URL Protocol" ""`);
    expect(install).toContain(
      `WriteRegStr HKCU "${key}\\shell\\open\\command" "" '"$INSTDIR\\\${APP_EXECUTABLE_FILENAME}" "%1"'`,
    );
    expect(install).not.toMatch(/HKLM|SHELL_CONTEXT/);

    const uninstall = macro('customUnInstall');
    expect(uninstall).toContain(`DeleteRegKey HKCU "${key}"`);
    // Not on an update (the old uninstaller runs first), and only while the key starts this installation.
    expect(uninstall).toMatch(/\$\{ifNot\} \$\{isUpdated\}[\s\S]*DeleteRegKey[\s\S]*\$\{endIf\}/);
    expect(uninstall).toContain(`ReadRegStr $0 HKCU "${key}\\shell\\open\\command" ""`);
    expect(uninstall).toContain(`StrCpy $2 '"$INSTDIR\\\${APP_EXECUTABLE_FILENAME}"'`);
    // Every register it uses is given back, as electron-builder's own code around it keeps its own in them.
    for (const register of ['$0', '$1', '$2']) {
      expect(uninstall).toContain(`Push ${register}`);
      expect(uninstall).toContain(`Pop ${register}`);
    }
  });

  it('asks for what the vendor issue lists', () => {
    expect(yml).toMatchObject({
      asar: true,
      linux: { target: ['AppImage', 'deb'], syncDesktopName: true },
      appImage: { executableArgs: [] },
      win: { target: ['nsis'] },
      nsis: { perMachine: false },
      mac: { target: ['dmg', 'zip'], hardenedRuntime: true, entitlements: 'assets/entitlements.mac.plist' },
      electronFuses: {
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        onlyLoadAppFromAsar: true,
        enableEmbeddedAsarIntegrityValidation: true,
        grantFileProtocolExtraPrivileges: false,
      },
    });
    expect(yml['artifactName']).toMatch(/\$\{version\}.*\$\{arch\}/);
    expect(yml['files']).toContain('!**/*.map');
  });

  it("goes with a package.json that has the .deb's homepage and the window's desktopName", () => {
    // electron-builder refuses a .deb without a homepage; the Help menu links to it.
    expect(manifest['homepage']).toBe('https://a2awallet.is');
    expect(manifest['desktopName']).toBe(desktopNameOf(yml['appId'] as string));
    expect(manifest['desktopName']).toBe(`${DEFAULT_APP_ID}.desktop`);
  });
});

describe('the example presets', () => {
  it('ship a customer build with production only, and a testers’ build beside it', () => {
    const read = (file: string) => {
      const checked = checkVendorPreset(JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown);
      if (!checked.ok) throw new Error(checked.errors.join('\n'));
      return checked.preset;
    };
    const customers = read('vendor.example.json');
    expect(customers.profiles.map((profile) => profile.environment)).toEqual(['production']);
    expect(customers).toMatchObject({ shipLocalSandbox: false, allowProfileEdit: false, requirePasscode: true });
    expect(checkVendorPreset({ ...customers, presenceSeconds: 0 }).ok).toBe(true);
    expect(checkVendorPreset({ ...customers, presenceSeconds: 61 }).ok).toBe(false);
    expect(checkVendorPreset({ ...customers, requirePasscode: 'yes' }).ok).toBe(false);
    const testers = read('vendor.testers.example.json');
    expect(testers.profiles.every((profile) => profile.environment !== 'production')).toBe(true);
    expect(testers.appId).not.toBe(customers.appId);
  });
});

describe('the configuration npm run dist adds for a vendor', () => {
  const checked = checkVendorPreset(JSON.parse(readFileSync(join(root, 'vendor.example.json'), 'utf8')) as unknown);
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  const config = builderConfig({
    baseConfig: join(root, 'electron-builder.yml'),
    preset: checked.preset,
    icons: { pngDir: '/icons/png', ico: '/icons/icon.ico', icns: '/icons/icon.icns' },
    sourceMaps: false,
    year: 2026,
  });

  it('matches the scheme on its own and merged over the yml (as electron-builder merges: objects deep, files appended)', () => {
    expect(problems(config)).toEqual([]);
    const { extends: _extends, ...own } = config;
    const merged: Record<string, unknown> = { ...yml, ...own, files: [...(yml['files'] as string[]), ...own.files] };
    for (const key of ['linux', 'win', 'mac'] as const) {
      merged[key] = { ...(yml[key] as object), ...(own[key] as object | undefined) };
    }
    expect(problems(merged)).toEqual([]);
  });

  it('names, brands and points the updater at the feed', () => {
    expect(config).toMatchObject({
      appId: checked.preset.appId,
      productName: checked.preset.productName,
      copyright: `Copyright © 2026 ${checked.preset.publisher}`,
      extraMetadata: {
        productName: checked.preset.productName,
        author: checked.preset.publisher,
        desktopName: `${checked.preset.appId}.desktop`,
      },
      linux: { maintainer: checked.preset.publisher, icon: '/icons/png' },
      win: { icon: '/icons/icon.ico' },
      mac: { icon: '/icons/icon.icns' },
      publish: { provider: 'generic', url: checked.preset.updateFeed },
      files: ['!out/main/local-sandbox.js{,.map}'],
    });
    expect(config['artifactName']).toMatch(/^[a-z0-9-]+-\$\{version\}-\$\{arch\}\.\$\{ext\}$/);
  });

  it("gives the packaged package.json the vendor's homepage when the preset has one, and keeps package.json's otherwise", () => {
    const { homepage: _example, ...withoutHomepage } = checked.preset;
    const without = builderConfig({ baseConfig: 'x.yml', preset: withoutHomepage, sourceMaps: false });
    expect(without['extraMetadata']).not.toHaveProperty('homepage');
    const homepage = 'https://www.banki.example/app';
    const own = builderConfig({ baseConfig: 'x.yml', preset: { ...checked.preset, homepage }, sourceMaps: false });
    expect(own['extraMetadata']).toMatchObject({ homepage });
    expect(problems(own)).toEqual([]);
  });

  it('has no publish section without a feed, and adds only the app maps with --source-maps', () => {
    const { updateFeed: _feed, ...noFeed } = checked.preset;
    const plain = builderConfig({
      baseConfig: 'x.yml',
      preset: { ...noFeed, shipLocalSandbox: true },
      sourceMaps: true,
    });
    expect(plain).not.toHaveProperty('publish');
    expect(plain.files).toEqual(['out/**/*.map']);
    expect(builderConfig({ baseConfig: 'x.yml', sourceMaps: false })).toEqual({ extends: 'x.yml', files: [] });
  });

  it("leaves the sandbox's chunk out after the maps pattern, so that its map cannot come back", () => {
    const config = builderConfig({ baseConfig: 'x.yml', preset: checked.preset, sourceMaps: true });
    expect(config.files).toEqual(['out/**/*.map', '!out/main/local-sandbox.js{,.map}']);
  });
});
