import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UUID } from 'builder-util-runtime';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_ID } from '../../main/platform/app-id.ts';
import { identifyApp } from '../../main/platform/app-lifecycle.electron.ts';
import { toastActivatorClsid } from '../../main/platform/toast-activator.ts';
import { app } from '../mocks/electron.ts';
import { root } from './fixtures.ts';

/**
 * Issue 39, item 6: installers that start everywhere the README promises. macOS on Apple silicon: the fuses are
 * flipped after electron-builder's signing step would have run, so without an identity the app would refuse to
 * launch unless the ad hoc signature is reset. Windows: Electron 45 registers a toast activator
 * (HKCU\Software\Classes\CLSID\{…}, LocalServer32 = the app's exe) and rewrites the Start-menu shortcut with it; the
 * app fixes its CLSID and the uninstaller removes the key.
 */
const yml = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const include = readFileSync(join(root, 'build', 'installer.nsh'), 'utf8');
/** electron-builder's namespace for its APP_GUID (app-builder-lib's NsisTarget). */
const BUILDER_NAMESPACE = UUID.parse('50e065bc-3134-11e6-9bab-38c9862bdaf3');

function macro(name: string): string {
  const match = new RegExp(`^!macro ${name}\\s*$([\\s\\S]*?)^!macroend`, 'm').exec(include);
  if (!match) throw new Error(`no macro ${name} in build/installer.nsh`);
  return (match[1] ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith(';'))
    .join('\n')
    .replaceAll('${A2A_CLSID_ROOT}', 'Software\\Classes\\CLSID');
}

const platform = Object.getOwnPropertyDescriptor(process, 'platform');
afterEach(() => {
  if (platform) Object.defineProperty(process, 'platform', platform);
  app.appUserModelId = undefined;
  app.toastActivatorCLSID = undefined;
});

describe('macOS on Apple silicon', () => {
  it('resets the ad hoc signature after the fuses are flipped, so an unsigned arm64 build launches', () => {
    expect(yml['electronFuses']).toMatchObject({ resetAdHocDarwinSignature: true });
  });
});

describe('the Windows toast activator', () => {
  it('is fixed by the app before any notification, per appId', () => {
    Object.defineProperty(process, 'platform', { value: 'win32' });
    identifyApp('is.vendor.wallet');
    expect(app.toastActivatorCLSID).toBe(toastActivatorClsid('is.vendor.wallet'));
    expect(toastActivatorClsid('is.vendor.wallet')).not.toBe(toastActivatorClsid(DEFAULT_APP_ID));
    expect(toastActivatorClsid(DEFAULT_APP_ID)).toMatch(
      /^\{[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\}$/,
    );
  });

  it('is not touched elsewhere', () => {
    Object.defineProperty(process, 'platform', { value: 'linux' });
    identifyApp(DEFAULT_APP_ID);
    expect(app.toastActivatorCLSID).toBeUndefined();
  });

  it('is the installer’s own APP_GUID for the appId (no nsis.guid of ours changes it), which the uninstaller knows', () => {
    for (const appId of [DEFAULT_APP_ID, 'is.vendor.wallet']) {
      expect(toastActivatorClsid(appId)).toBe(`{${UUID.v5(appId, BUILDER_NAMESPACE)}}`);
    }
    expect(yml['nsis']).not.toHaveProperty('guid');
  });

  it('is removed by a real uninstall (not an update), with every key that starts this installation’s exe', () => {
    const uninstall = macro('customUnInstall');
    const sweep = /\$\{ifNot\} \$\{isUpdated\}([\s\S]*)\$\{endIf\}/.exec(uninstall)?.[1] ?? '';
    // The fixed key, and those an earlier build registered under a random CLSID (Electron then kept the shortcut's).
    expect(sweep).toContain('DeleteRegKey HKCU "Software\\Classes\\CLSID\\{${APP_GUID}}"');
    expect(sweep).toMatch(/EnumRegKey \$\d HKCU "Software\\Classes\\CLSID" \$\d/);
    expect(sweep).toMatch(/ReadRegStr \$\d HKCU "Software\\Classes\\CLSID\\\$\d\\LocalServer32" ""/);
    expect(sweep).toContain('"$INSTDIR\\${APP_EXECUTABLE_FILENAME}"');
    // Registers given back in the reverse order they were taken.
    const pushed = [...uninstall.matchAll(/^Push (\$\d)$/gm)].map((match) => match[1]);
    const popped = [...uninstall.matchAll(/^Pop (\$\d)$/gm)].map((match) => match[1]);
    expect(popped).toEqual([...pushed].reverse());
  });

  it.skipIf(!hasMakensis())('compiles with makensis -WX, as electron-builder runs it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'a2a-nsis-'));
    try {
      // What electron-builder defines around the include: LogicLib, its isUpdated flag, the executable's name.
      writeFileSync(
        join(dir, 'wrapper.nsi'),
        [
          'Unicode true',
          '!include LogicLib.nsh',
          '!define APP_EXECUTABLE_FILENAME "A2A Wallet.exe"',
          `!define APP_GUID "${UUID.v5(DEFAULT_APP_ID, BUILDER_NAMESPACE)}"`,
          // electron-builder sets it from the command line (--updated); here a real uninstall.
          'Var isUpdatedFlag',
          'Function un.onInit',
          '  StrCpy $isUpdatedFlag "0"',
          'FunctionEnd',
          '!macro _isUpdated _a _b _t _f',
          '  StrCmp $isUpdatedFlag "1" `${_t}` `${_f}`',
          '!macroend',
          '!define isUpdated `"" isUpdated ""`',
          `!include "${join(root, 'build', 'installer.nsh')}"`,
          'Name "A2A Wallet"',
          `OutFile "${join(dir, 'installer.exe')}"`,
          'RequestExecutionLevel user',
          'Section',
          '  !insertmacro customInstall',
          '  WriteUninstaller "$INSTDIR\\uninstall.exe"',
          'SectionEnd',
          'Section "Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
          '',
        ].join('\n'),
      );
      execFileSync('makensis', ['-WX', '-V2', join(dir, 'wrapper.nsi')], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function hasMakensis(): boolean {
  try {
    execFileSync('makensis', ['-VERSION'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
