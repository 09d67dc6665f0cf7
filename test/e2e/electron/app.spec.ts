import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { walletApiKeys } from '../../../common/bridge-contract.ts';
import { findElectronBinary } from '../../../scripts/electron-binary.ts';
import { WalletPage } from '../pages/wallet-page.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const binary = findElectronBinary(root);

test.skip(!binary.found, `Electron e2e needs the Electron binary: ${binary.found ? '' : binary.reason}`);

/** The built app with a fresh user-data folder per test, and its embedded Local sandbox bank. */
let app: ElectronApplication;
let userData: string;
test.beforeEach(async () => {
  if (!binary.found) return;
  userData = mkdtempSync(join(tmpdir(), 'a2a-electron-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: [root, `--user-data-dir=${userData}`],
    env: { ...process.env, A2A_WALLET_USER_DATA: userData },
  });
});
test.afterEach(async () => {
  if (!binary.found) return;
  await app.close();
  rmSync(userData, { recursive: true, force: true });
});

test('the page has window.wallet with exactly the contract’s keys, and no Node', async () => {
  const page = await app.firstWindow();
  await expect(page.getByTestId('app-name')).toHaveText('A2A Wallet');
  const globals = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      require: typeof w['require'],
      process: typeof w['process'],
      ipcRenderer: typeof w['ipcRenderer'],
      walletKeys: Object.keys((w['wallet'] as object | undefined) ?? {}).sort(),
    };
  });
  expect(globals).toEqual({
    require: 'undefined',
    process: 'undefined',
    ipcRenderer: 'undefined',
    walletKeys: [...walletApiKeys].sort(),
  });
});

test('the app opens on the Local sandbox sign-in, accessible, with its banner', async () => {
  const wallet = new WalletPage(await app.firstWindow());
  await expect(wallet.page.getByTestId('env-banner')).toContainText('LOCAL SANDBOX');
  await expect(wallet.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await wallet.expectAccessible();
});

test("the page comes from the app's own scheme, not file://", async () => {
  const page = await app.firstWindow();
  await expect(page.getByTestId('app-name')).toHaveText('A2A Wallet');
  expect(page.url()).toBe('app://wallet/index.html');
  expect(await page.evaluate(() => window.location.origin)).toBe('app://wallet');
  // A file of the scheme outside the built folder does not exist for the page.
  expect(await page.evaluate(async () => (await fetch('app://wallet/..%2fpreload%2findex.cjs')).status)).toBe(404);
});

test('a page the window is told to open is refused', async () => {
  const page = await app.firstWindow();
  // The app's own page, loaded: the request to open comes from it, not from a document the window is leaving.
  await expect(page.getByTestId('app-name')).toHaveText('A2A Wallet');
  const opened: string[] = [];
  app.on('window', (window) => opened.push(window.url()));
  // Electron asks the window-open handler before window.open returns, and window.open returns null only when the
  // handler denied: the answer is final once the call is, with no window still to come to wait for.
  const got = await page.evaluate(() => (window.open('https://example.com/') === null ? 'null' : 'a window'));
  expect(got).toBe('null');
  // And the main process agrees: the app still has its one window, and none was announced.
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  expect(opened).toEqual([]);
});
