import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness } from '../../harness/server.ts';
import { lateKeychain } from '../../helpers/memory-keychain.ts';
import { WalletPage } from '../pages/wallet-page.ts';
import { atEachSize } from '../pages/window-sizes.ts';
import { expect, NOON, test } from './fixtures.ts';

/**
 * Issue 39 in Chromium: what the customer sees when the keychain is late at a start (the app locked to its data, Try
 * again) and when the settings file was damaged (what was reset), in both languages, at 1024x760 and 200 %.
 */
const root = join(import.meta.dirname, '..', '..', '..');

const WORDS = {
  en: { retry: 'Try again', reset: 'Your settings were reset' },
  is: { retry: 'Reyna aftur', reset: 'Stillingar þínar voru endurstilltar' },
} as const;

test('the keychain notice, then Try again once it is unlocked', async ({ browser }) => {
  test.setTimeout(90_000);
  const keychain = lateKeychain();
  const harness = await startHarness({
    root,
    now: NOON,
    retryDelaysMs: [],
    printBrowser: browser,
    keyProtector: keychain,
  });
  const context = await browser.newContext({ viewport: { width: 1024, height: 760 } });
  try {
    const wallet = new WalletPage(await context.newPage());
    await wallet.open(harness.url);
    await wallet.signInWithAccount(context, 'anna');
    for (const language of ['en', 'is'] as const) {
      await harness.core.value('updateSettings', { language });
      keychain.mode = 'temporary';
      await harness.core.restart();
      await wallet.page.reload();
      await expect(wallet.page.getByTestId('keychain-locked')).toBeVisible();
      await expect(wallet.page.locator('body')).not.toContainText('Anna');
      await atEachSize(wallet, `keychain-${language}`);
      keychain.mode = 'ready';
      await wallet.page.getByRole('button', { name: WORDS[language].retry }).click();
      await wallet.expectSignedIn('Anna Jónsdóttir');
    }
  } finally {
    await context.close();
    await harness.stop();
  }
});

test('a damaged settings file: the customer is told what was reset', async ({ wallet, harness, context }) => {
  test.setTimeout(60_000);
  await wallet.signInWithAccount(context, 'anna');
  await harness.core.wallet.close();
  const settings = join(harness.core.dataDir, 'settings.json');
  writeFileSync(settings, readFileSync(settings, 'utf8').slice(0, 40));
  await harness.core.restart();
  for (const language of ['en', 'is'] as const) {
    await harness.core.value('updateSettings', { language });
    await wallet.page.reload();
    await expect(wallet.page.getByRole('heading', { name: WORDS[language].reset })).toBeVisible();
    await atEachSize(wallet, `settings-reset-${language}`, { shown: wallet.page.getByTestId('settings-reset') });
  }
});
