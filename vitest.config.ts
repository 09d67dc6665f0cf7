import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * Node test files that change what other files in the same process would see: module mocks, stubbed globals or
 * environment, fake timers, the Electron mock's shared objects, the process-wide network stack, the process's
 * children. Each runs in a fresh module graph of its own; every other node test file shares one per worker, which
 * spares re-importing the core for each file (the node tests took 154 s all isolated, 135 s so, on 2 cores). Found by
 * reading the files, so a file that starts to mock is isolated without anyone listing it.
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules|spyOn|useFakeTimers)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|process\.(chdir|on|once|umask)\(|process\.pid\b|from 'electron'|mocks\/electron|useChromiumNetwork/;
const nodeTests = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !/^(renderer|e2e)\//.test(file))
  .map((file) => `test/${file}`);
const changesSharedState = (file: string) => CHANGES_SHARED_STATE.test(readFileSync(join(root, file), 'utf8'));
export const isolatedNodeTests = nodeTests.filter(changesSharedState);
/**
 * The renderer's tests, the same way: those that stub a global (Intl without ICU, through intl-without.ts), spy or
 * mock run each in a module graph of their own; the others share one per worker (the renderer tests took 122 s all
 * isolated, 95 s so, on 2 cores).
 */
const domTests = readdirSync(join(root, 'test', 'renderer'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `test/renderer/${file}`);
export const isolatedDomTests = domTests.filter(
  (file) => changesSharedState(file) || readFileSync(join(root, file), 'utf8').includes('intl-without'),
);

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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', ...isolatedNodeTests],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', environment: 'node', include: isolatedNodeTests },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          ...dom,
          name: 'dom',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          exclude: isolatedDomTests,
          isolate: false,
        },
      },
      { extends: true, plugins: [react()], test: { ...dom, name: 'dom-isolated', include: isolatedDomTests } },
    ],
  },
});
