import { defineConfig } from '@playwright/test';

/**
 * Three projects: `browser` drives the built renderer in Chromium through the harness (runs everywhere);
 * `electron` drives the packaged-to-be app with `_electron` and skips, with the reason, where no binary exists;
 * `edge` runs the built main process under Node with the Electron mock, and the built preload in Chromium over it.
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
    // The built main process under Node with the Electron mock, and the built preload in Chromium (test/e2e/edge).
    { name: 'edge', testDir: 'test/e2e/edge' },
  ],
});
