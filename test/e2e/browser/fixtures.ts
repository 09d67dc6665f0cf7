import { join } from 'node:path';
import { test as base, chromium, type Browser } from '@playwright/test';
import { startHarness, type Harness } from '../../harness/server.ts';
import { chromiumArgs, findChromium } from '../chromium.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * Each worker gets its own harness and its own Chromium (Playwright gives every launch a fresh temporary
 * profile). A missing Chromium fails the tests with a message that says how to get one; never a silent pass.
 */
export const test = base.extend<object, { harness: Harness; browser: Browser }>({
  harness: [
    async ({}, use) => {
      const harness = await startHarness({ root });
      await use(harness);
      await harness.stop();
    },
    { scope: 'worker' },
  ],
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
