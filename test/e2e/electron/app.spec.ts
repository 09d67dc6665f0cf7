import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../../../scripts/electron-binary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const binary = findElectronBinary(root);

test.skip(!binary.found, `Electron e2e needs the Electron binary: ${binary.found ? '' : binary.reason}`);

test('the window opens with window.wallet and without Node in the page', async () => {
  if (!binary.found) return;
  const userData = mkdtempSync(join(tmpdir(), 'a2a-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [root, `--user-data-dir=${userData}`],
    env: { ...process.env, A2A_WALLET_USER_DATA: userData },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByTestId('app-name')).toHaveText('A2A Wallet');
    const globals = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return { wallet: typeof w['wallet'], require: typeof w['require'], process: typeof w['process'] };
    });
    expect(globals).toEqual({ wallet: 'object', require: 'undefined', process: 'undefined' });
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
