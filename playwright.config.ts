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
  // Two workers, each with its own Chromium; every test has its own harness (sandbox bank, data folder, clock, port),
  // so files run side by side safely. On a shared 2-core machine, with the trace below, the browser project took
  // 6.8 min with one worker and 4.6 min with two (PW_WORKERS=1 for one at a time, e.g. to time a test on its own).
  workers: Number(process.env['PW_WORKERS'] ?? 2),
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    // A failed test keeps its trace (every action with the DOM before and after it, the network, the console) and a
    // screenshot of the end; the trace leaves out the screencast, whose frames cost every test about a tenth of its
    // time (payment-states.spec.ts: 88 s with them, 79 s without, 68 s with no trace). PW_TRACE_SCREENSHOTS=1 puts
    // them back for a run that needs the film. PW_TRACE=off records none, for a run whose artifacts nobody can open
    // (.ci/run: this workplace's CI deletes its clone when it ends); a failure is still named with its error and the
    // steps that led to it.
    trace:
      process.env['PW_TRACE'] === 'off'
        ? 'off'
        : {
            mode: 'retain-on-failure',
            snapshots: true,
            sources: true,
            screenshots: process.env['PW_TRACE_SCREENSHOTS'] === '1',
          },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'browser', testDir: 'test/e2e/browser' },
    { name: 'electron', testDir: 'test/e2e/electron' },
    // The built main process under Node with the Electron mock, and the built preload in Chromium (test/e2e/edge).
    { name: 'edge', testDir: 'test/e2e/edge' },
  ],
});
