import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/renderer/setup.ts'],
          // Above Testing Library's 5 s wait (test/renderer/setup.ts), so a wait that fails says what it waited for.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
