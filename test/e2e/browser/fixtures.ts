import { join } from 'node:path';
import { test as base, chromium, type Browser } from '@playwright/test';
import { startHarness, type Harness } from '../../harness/server.ts';
import { chromiumArgs, findChromium } from '../chromium.ts';
import { WalletPage } from '../pages/wallet-page.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** Noon GMT on a fixed day: the sandbox's clock, which is the app's clock too, stands still unless a test moves it. */
export const NOON = '2026-11-22T12:00:00.000Z';

/**
 * Each test gets its own harness (its own sandbox bank, data folder and clock); each worker its own Chromium, which
 * also prints the window when a test saves a PDF (a fresh context without scripts per print), so no test starts a
 * Chromium of its own. A missing Chromium fails the tests with a message that says how to get one; never a silent pass.
 */
export const test = base.extend<{ harness: Harness; wallet: WalletPage }, { browser: Browser }>({
  harness: async ({ browser }, use) => {
    // No automatic retries: a dropped answer shows as "unknown" at once, for the customer to check again.
    const harness = await startHarness({ root, now: NOON, retryDelaysMs: [], printBrowser: browser });
    await use(harness);
    await harness.stop();
  },
  wallet: async ({ page, harness }, use) => {
    const wallet = new WalletPage(page);
    await wallet.open(harness.url);
    await use(wallet);
  },
  browser: [
    async ({}, use) => {
      const lookup = findChromium();
      if (!lookup.found) throw new Error(lookup.message);
      const browser = await chromium.launch({ executablePath: lookup.path, args: chromiumArgs, headless: true });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
