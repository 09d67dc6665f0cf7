import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: the payment core is kept in files of one job each, none over 300 lines (the journal store it replaced
 * held its invariants in files two or three times that). A file that grows past it is split, not let grow.
 */
const root = join(import.meta.dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('main/payments', () => {
  it('has no file over 300 lines', () => {
    const long = files(join(root, 'main', 'payments'))
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });
});
