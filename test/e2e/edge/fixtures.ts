import { test as base, chromium, expect, type Browser } from '@playwright/test';
import { chromiumArgs, findChromium } from '../chromium.ts';
import { EdgeApp } from './edge-app.ts';

/**
 * Each test gets its own run of the built main process (its own data folder and embedded sandbox); each worker its
 * own Chromium, launched only by tests that use a page.
 */
export const test = base.extend<{ edge: EdgeApp }, { browser: Browser }>({
  edge: async ({}, use) => {
    const edge = await EdgeApp.start();
    try {
      await use(edge);
      expect(edge.errors, 'what the main process let slip').toEqual([]);
    } finally {
      await edge.dispose();
    }
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
