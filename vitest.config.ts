import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * Test files that change what other files in the same process would see are named `<name>.isolated.test.ts` (or
 * `.tsx`), and each runs in a module graph of its own: module mocks, spies, stubbed globals or environment, fake
 * timers, the Electron mock's shared objects, the process-wide network stack, the process's children. Every other test file shares one module graph per worker, which spares
 * re-importing the core for each file (on 2 cores the node tests took 154 s all isolated, 135 s so; the renderer's
 * 122 s and 95 s). test/lint/test-isolation.test.ts reads each file's code and holds its name to what it does.
 */
export const ISOLATED_NAME = /\.isolated\.test\.tsx?$/;
const notNode = ['test/renderer/**', 'test/e2e/**'];

/** What both renderer projects have: jsdom, Testing Library's setup, and a test's time above its 5 s wait. */
const dom: { environment: 'jsdom'; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  setupFiles: ['test/renderer/setup.ts'],
  // Above Testing Library's 5 s wait (test/renderer/setup.ts), so a wait that fails says what it waited for.
  testTimeout: 20_000,
};

export default defineConfig({
  // No test ever loads the real Electron: requiring it in plain Node starts a download.
  resolve: { alias: { electron: resolve(root, 'test/mocks/electron.ts') } },
  test: {
    // One worker a core: vitest's default leaves one core idle; on CI's two, both cut the suite from about 270 s to
    // 180 s (the files wait on loopback servers as much as on the CPU).
    maxWorkers: availableParallelism(),
    // Vitest's own defaults (5 s a test, 10 s a hook) measure the machine as much as the code: on CI's two cores, with
    // the other worker busy, a test that takes 1 s alone has taken 4. A test that hangs still fails, and names itself.
    testTimeout: 15_000,
    hookTimeout: 30_000,
    server: { deps: { inline: ['electron-store'] } },
    // One time zone for every test, whatever the machine's: "today", "tomorrow" and dates are calendar days there
    // (common/time.ts grantDaysLeft, the renderer's formatters). A test of another zone stubs TZ (an isolated file).
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...notNode, 'test/**/*.isolated.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: ['test/**/*.isolated.test.ts'],
          exclude: notNode,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          ...dom,
          name: 'dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          exclude: ['test/renderer/**/*.isolated.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: { ...dom, name: 'dom-isolated', include: ['test/renderer/**/*.isolated.test.{ts,tsx}'] },
      },
    ],
  },
});
