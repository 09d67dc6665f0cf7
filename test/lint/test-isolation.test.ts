import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedNodeTests } from '../../vitest.config.ts';

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

  it('and no file that only reads and computes', () => {
    expect(isolatedNodeTests).toContain('test/main/backup/backup-file.test.ts');
    expect(isolatedNodeTests).toContain('test/harness/server.test.ts');
    expect(isolatedNodeTests).not.toContain('test/common/kennitala.test.ts');
    // Most share: the point of sharing.
    expect(isolatedNodeTests.length).toBeLessThan(nodeTests.length / 4);
  });
});
