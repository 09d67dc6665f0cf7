import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A private temporary folder (0700, as mkdtemp makes it) for the test that is running, removed when that test ends,
 * passed or failed. Call it in a test or its beforeEach. The removal is tied to the test, not to a module's
 * top-level afterEach: node test files share one module graph per worker, where a module imported by several files
 * registers its hooks for the first of them only.
 */
export function testFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
