import { defineConfig } from '@playwright/test';

/**
 * Two projects: `browser` drives the built renderer in Chromium through the harness (runs everywhere);
 * `electron` drives the packaged-to-be app with `_electron` and skips, with the reason, where no binary exists.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  workers: 1,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'browser', testDir: 'test/e2e/browser' },
    { name: 'electron', testDir: 'test/e2e/electron' },
  ],
});
