import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_REQUEST_SCHEME } from '../../../common/payment-request.ts';
import {
  quoteExecArgument,
  registerAppImageLinks,
  type AppImageLinkInput,
} from '../../../main/platform/appimage-links.ts';
import { desktopEntry } from '../../packaging/linux-targets.ts';

/** A packaged AppImage's first starts, in a scratch home (issue 27: AppImage links did nothing). */

let home: string;
let commands: string[][];
const recorder = (command: string, args: readonly string[]) => {
  commands.push([command, ...args]);
  return Promise.resolve();
};

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'a2a-appimage-home-'));
  commands = [];
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const start = (env: NodeJS.ProcessEnv, overrides: Partial<AppImageLinkInput> = {}) =>
  registerAppImageLinks({
    env,
    home,
    platform: 'linux',
    appId: 'is.a2awallet.app',
    productName: 'A2A Wallet',
    scheme: PAYMENT_REQUEST_SCHEME,
    run: recorder,
    ...overrides,
  });

describe('an AppImage registers itself as the handler of a2a-wallet: links', () => {
  it('writes a hidden per-user desktop entry for the link type, and makes it the default handler', async () => {
    const result = await start({ APPIMAGE: '/home/anna/Apps/a2a-wallet-1.0.0-x86_64.AppImage' });
    const file = join(home, '.local', 'share', 'applications', 'is.a2awallet.app-url-handler.desktop');
    expect(result).toEqual({ action: 'written', file, failed: [] });
    const content = readFileSync(file, 'utf8');
    expect(content.split('\n')[0]).toBe('[Desktop Entry]');
    expect(desktopEntry(content)).toEqual({
      Type: 'Application',
      Name: 'A2A Wallet',
      Exec: '"/home/anna/Apps/a2a-wallet-1.0.0-x86_64.AppImage" %u',
      Terminal: 'false',
      NoDisplay: 'true',
      MimeType: 'x-scheme-handler/a2a-wallet;',
    });
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(commands).toEqual([
      ['xdg-mime', 'default', 'is.a2awallet.app-url-handler.desktop', 'x-scheme-handler/a2a-wallet'],
      ['update-desktop-database', join(home, '.local', 'share', 'applications')],
    ]);
    // Nothing else left in the folder (no half-written file).
    expect(readdirSync(join(home, '.local', 'share', 'applications'))).toEqual([
      'is.a2awallet.app-url-handler.desktop',
    ]);
  });

  it("names the entry after a vendor's appId, quotes a path with spaces and specials, and respects XDG_DATA_HOME", async () => {
    const dataHome = join(home, 'data home');
    const appImage = '/home/jón/Forrit $HOME/Greiðsluappið "beta" 100%.AppImage';
    const result = await start(
      { APPIMAGE: appImage, XDG_DATA_HOME: dataHome },
      { appId: 'is.banki.greidsluapp', productName: 'Greiðsluappið' },
    );
    const file = join(dataHome, 'applications', 'is.banki.greidsluapp-url-handler.desktop');
    expect(result).toMatchObject({ action: 'written', file });
    const entry = desktopEntry(readFileSync(file, 'utf8'));
    expect(entry['Name']).toBe('Greiðsluappið');
    // As the spec reads it: string escapes first (\\ -> \), then the quoting (\" \$ \` \\ -> the character).
    expect(entry['Exec']).toBe(String.raw`"/home/jón/Forrit \\$HOME/Greiðsluappið \\"beta\\" 100%%.AppImage" %u`);
    expect(entry['MimeType']).toBe('x-scheme-handler/a2a-wallet;');
    expect(commands[0]).toEqual([
      'xdg-mime',
      'default',
      'is.banki.greidsluapp-url-handler.desktop',
      'x-scheme-handler/a2a-wallet',
    ]);
    expect(existsSync(join(home, '.local', 'share', 'applications'))).toBe(false);
  });

  it('quotes every character the Exec key treats specially', () => {
    expect(quoteExecArgument('/a b/c')).toBe('"/a b/c"');
    expect(quoteExecArgument('/a\\b')).toBe('"/a\\\\\\\\b"');
    expect(quoteExecArgument('/a`b')).toBe('"/a\\\\`b"');
  });

  it('leaves the entry alone at the next start, and writes it again when the AppImage has moved', async () => {
    await start({ APPIMAGE: '/home/anna/Downloads/wallet.AppImage' });
    commands = [];
    expect(await start({ APPIMAGE: '/home/anna/Downloads/wallet.AppImage' })).toMatchObject({ action: 'unchanged' });
    expect(commands).toEqual([]);

    const moved = await start({ APPIMAGE: '/home/anna/Apps/wallet.AppImage' });
    expect(moved).toMatchObject({ action: 'written' });
    const file = join(home, '.local', 'share', 'applications', 'is.a2awallet.app-url-handler.desktop');
    expect(desktopEntry(readFileSync(file, 'utf8'))['Exec']).toBe('"/home/anna/Apps/wallet.AppImage" %u');
    expect(commands.map((command) => command[0])).toEqual(['xdg-mime', 'update-desktop-database']);
  });

  it('still starts when xdg-mime and update-desktop-database are missing, and says which', async () => {
    const missing = (command: string) =>
      Promise.reject(Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' }));
    const result = await start({ APPIMAGE: '/opt/wallet.AppImage' }, { run: missing });
    expect(result).toMatchObject({
      action: 'written',
      failed: ['xdg-mime: spawn xdg-mime ENOENT', 'update-desktop-database: spawn update-desktop-database ENOENT'],
    });
  });

  it('does nothing when not an AppImage, not on Linux, or with an unusable APPIMAGE', async () => {
    expect(await start({})).toMatchObject({ action: 'none' });
    expect(await start({ APPIMAGE: '/opt/wallet.AppImage' }, { platform: 'win32' })).toMatchObject({ action: 'none' });
    expect(await start({ APPIMAGE: 'wallet.AppImage' })).toMatchObject({ action: 'none' });
    expect(await start({ APPIMAGE: '/opt/wallet\nExec=evil' })).toMatchObject({ action: 'none' });
    expect(commands).toEqual([]);
    expect(readdirSync(home)).toEqual([]);
  });

  it('replaces an entry someone changed by hand with its own', async () => {
    const dir = join(home, '.local', 'share', 'applications');
    await start({ APPIMAGE: '/opt/wallet.AppImage' });
    writeFileSync(join(dir, 'is.a2awallet.app-url-handler.desktop'), '[Desktop Entry]\nExec=/bin/false %u\n');
    expect(await start({ APPIMAGE: '/opt/wallet.AppImage' })).toMatchObject({ action: 'written' });
  });
});
