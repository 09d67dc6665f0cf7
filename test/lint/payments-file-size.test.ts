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
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
/** The files under `dir` over `most` lines, but for those `except` names. */
const over = (dir: string, most: number, except: RegExp = /^$/) =>
  files(join(root, dir))
    .map((file) => ({ file: relative(root, file), lines: linesOf(file) }))
    .filter(({ file, lines }) => lines > most && !except.test(file));

describe('main/payments', () => {
  it('has no file over 300 lines', () => {
    expect(over('main/payments', 300)).toEqual([]);
  });
});

/** Issue 40: one job per room in main; its composition root only wires. */
describe('main', () => {
  it('has no file over 300 lines', () => {
    expect(over('main', 300)).toEqual([]);
  });
  it('wires in wallet.ts, in at most 150 lines', () => {
    expect(linesOf(join(root, 'main', 'wallet.ts'))).toBeLessThanOrEqual(150);
  });
});

/** Issue 41: one job per room in the window; the message catalogues are data, not rooms. */
describe('renderer/src', () => {
  it('has no file over 300 lines, the message catalogues aside', () => {
    expect(over('renderer/src', 300, /\/i18n\/messages\//)).toEqual([]);
  });
});
