import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isolatedDomTests, isolatedNodeTests } from '../../vitest.config.ts';
import { testFolder } from '../support/temp-folder.ts';

/**
 * Most node test files share a module graph per worker (vitest.config.ts); those that change what others would see
 * must each have their own. Checked here by plain text search, apart from the config's own pattern.
 */
const root = join(import.meta.dirname, '..', '..');
const nodeTests = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('renderer/') && !file.startsWith('e2e/'))
  .map((file) => `test/${file}`);
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('which node test files run in a module graph of their own', () => {
  it.each([
    'vi.mock(',
    'vi.stubEnv(',
    'vi.stubGlobal(',
    'vi.useFakeTimers(',
    'vi.spyOn(',
    "from 'electron'",
    'process.pid',
  ])('every file that uses %s', (text) => {
    const using = nodeTests.filter((file) => read(file).includes(text));
    for (const file of using) expect(isolatedNodeTests, file).toContain(file);
  });

  it('every file that sets process.env', () => {
    const setting = nodeTests.filter((file) => /process\.env(\.\w+|\['\w+'\])\s*=[^=]/.test(read(file)));
    expect(setting.length).toBeGreaterThan(0);
    for (const file of setting) expect(isolatedNodeTests, file).toContain(file);
  });

  it('every renderer test file that stubs, spies or mocks, itself or through intl-without.ts', () => {
    const domTests = readdirSync(join(root, 'test', 'renderer'))
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `test/renderer/${file}`);
    const changing = domTests.filter((file) =>
      /vi\.(mock|stubGlobal|spyOn|useFakeTimers|stubEnv)\(|intl-without/.test(read(file)),
    );
    expect(changing).toContain('test/renderer/format.test.ts');
    for (const file of changing) expect(isolatedDomTests, file).toContain(file);
    expect(isolatedDomTests.length).toBeLessThan(domTests.length / 3);
  });

  it('and no file that only reads and computes', () => {
    expect(isolatedNodeTests).toContain('test/main/backup/backup-file.test.ts');
    expect(isolatedNodeTests).toContain('test/harness/server.test.ts');
    expect(isolatedNodeTests).not.toContain('test/common/kennitala.test.ts');
    // Most share: the point of sharing.
    expect(isolatedNodeTests.length).toBeLessThan(nodeTests.length / 4);
  });
});

describe('clean-up that holds where files share a module graph', () => {
  it('no shared test module registers a hook at its top level (that registers for the first file importing it only)', () => {
    const shared = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      // The renderer's setup file is run for each file: its hooks are each file's.
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && file !== 'renderer/setup.ts')
      .map((file) => `test/${file}`);
    expect(shared).toContain('test/support/payment-store.ts');
    expect(shared).toContain('test/renderer/render-app.tsx');
    const hooked = shared.filter((file) => /^(afterEach|afterAll|beforeEach|beforeAll)\(/m.test(read(file)));
    expect(hooked).toEqual([]);
  });

  it('a test’s private folder is there, only for its owner, until the test ends', () => {
    let made = '';
    // Finish hooks run last first: this one, registered before the folder, runs after its removal.
    onTestFinished(() => expect(existsSync(made)).toBe(false));
    made = testFolder('a2a-folder-check');
    expect(statSync(made).mode & 0o777).toBe(0o700);
    expect(made.startsWith(join(tmpdir(), 'a2a-folder-check-'))).toBe(true);
  });
});
