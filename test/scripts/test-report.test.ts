import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  failedLine,
  failedSection,
  playwrightFailures,
  vitestFailures,
  type PlaywrightReport,
  type VitestReport,
} from '../../scripts/test-report.ts';

/**
 * The names `npm test` prints under its summary come from the runners' own JSON reports: these tests make real
 * reports, with the project's vitest and Playwright, from small files in a private folder, one test passing and two
 * failing, and read them back.
 */
const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'a2a-test-report-'));
symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runReport(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const child = spawnSync(join(root, 'node_modules', '.bin', command), args, {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, ...env, CI: '' },
    timeout: 60_000,
  });
  return child.status ?? 1;
}

describe('the failed tests under the summary', () => {
  it('names each failed vitest test by file, describe and title, with the first line of its error', () => {
    writeFileSync(
      join(scratch, 'sums.test.ts'),
      [
        "import { describe, expect, it } from 'vitest';",
        "describe('sums', () => {",
        "  it('adds', () => expect(1 + 1).toBe(2));",
        "  it('subtracts', () => expect(3 - 1).toBe(1));",
        "  it('throws', () => { throw new Error('a bank that never answers'); });",
        '});',
      ].join('\n'),
    );
    writeFileSync(join(scratch, 'broken.test.ts'), "import './nowhere.ts';\n");
    const report = join(scratch, 'vitest.json');
    const status = runReport('vitest', [
      'run',
      '--root',
      scratch,
      '--reporter=json',
      `--outputFile.json=${report}`,
      'sums.test.ts',
      'broken.test.ts',
    ]);
    expect(status).not.toBe(0);
    const lines = vitestFailures(JSON.parse(readFileSync(report, 'utf8')) as VitestReport, scratch);
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual(
      expect.stringMatching(/^sums\.test\.ts > sums subtracts: AssertionError: expected 2 to be 1/),
    );
    expect(lines).toContain('sums.test.ts > sums throws: Error: a bank that never answers');
    // A file that failed before any test ran is named by itself.
    expect(lines).toContainEqual(expect.stringMatching(/^broken\.test\.ts: .*nowhere/));
  }, 60_000);

  it('names each Playwright test that ended as it should not, with its project, and none that passed or skipped', () => {
    writeFileSync(
      join(scratch, 'pages.spec.ts'),
      [
        "import { expect, test } from '@playwright/test';",
        "test.describe('pages', () => {",
        "  test('loads', () => expect(1).toBe(1));",
        "  test('fails', () => expect(1, 'the amount').toBe(2));",
        "  test.skip('is skipped', () => {});",
        "  test.fail('is expected to fail and does', () => expect(1).toBe(2));",
        "  test.fail('is expected to fail and passes', () => expect(1).toBe(1));",
        "  test('waits', async ({ page }) => { await page.setContent('<p>x</p>'); await page.getByRole('button', { name: 'Pay' }).click({ timeout: 500 }); });",
        '});',
      ].join('\n'),
    );
    // The project's own Chromium and flags, for the one test that opens a page.
    const chromium = join(root, 'test', 'e2e', 'chromium.ts');
    writeFileSync(
      join(scratch, 'playwright.config.ts'),
      [
        `import { chromiumArgs, findChromium } from ${JSON.stringify(chromium)};`,
        'const found = findChromium();',
        'const executablePath = found.found ? found.path : undefined;',
        "export default { testDir: '.', testMatch: '*.spec.ts', reporter: [['json', { outputFile: 'playwright.json' }]],",
        "  projects: [{ name: 'plain', use: { launchOptions: { executablePath, args: chromiumArgs } } }] };",
      ].join('\n'),
    );
    const status = runReport('playwright', ['test', '--config', join(scratch, 'playwright.config.ts')]);
    expect(status).not.toBe(0);
    const report = JSON.parse(readFileSync(join(scratch, 'playwright.json'), 'utf8')) as PlaywrightReport;
    expect(report.stats.unexpected).toBe(3);
    const lines = playwrightFailures(report);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[plain\] pages\.spec\.ts > pages > fails: Error: the amount/);
    expect(lines[1]).toBe('[plain] pages.spec.ts > pages > is expected to fail and passes');
    // An action that timed out says what it was waiting for.
    expect(lines[2]).toMatch(
      /^\[plain\] pages\.spec\.ts > pages > waits: .*Timeout 500ms exceeded.* \(waiting for getByRole\('button', \{ name: 'Pay' \}\)\)$/,
    );
  }, 60_000);

  it('keeps one line of a message, without colour codes, and at most 20 names', () => {
    expect(failedLine('a > b', '\n  \u001b[31mexpected\u001b[39m 1\n  at x.ts:1\n')).toBe('a > b: expected 1');
    expect(failedLine('a', 'x'.repeat(400))).toHaveLength('a: '.length + 300);
    expect(failedLine('typecheck')).toBe('typecheck');
    expect(failedSection([])).toEqual([]);
    const many = Array.from({ length: 23 }, (_, index) => `test ${index}`);
    const section = failedSection(many);
    expect(section[0]).toBe('Failed:');
    expect(section).toHaveLength(1 + 20 + 1);
    expect(section.at(-1)).toBe('  and 3 more');
  });
});
