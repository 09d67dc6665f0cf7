import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findElectronBinary } from './electron-binary.ts';

/**
 * `npm test`: every suite in turn, each run to its end even when an earlier one failed, then one line
 * `N passed, N failed, N skipped` summed over them all. Typecheck, lint, electronegativity, format and build count as
 * one check each.
 */
const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function record(suite: string, tally: Tally, note = ''): void {
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  lines.push(`${suite}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped${note}`);
}

function check(suite: string, command: string, args: string[]): void {
  const status = run(command, args);
  record(suite, { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
// Electron security misconfigurations (electronegativity, offline): no finding of MEDIUM severity or above.
check('electronegativity', process.execPath, [
  '--experimental-strip-types',
  join(root, 'scripts', 'electronegativity.ts'),
]);
check('format', 'npm', ['run', '--silent', 'format:check']);
check('build', 'npm', ['run', '--silent', 'build']);

// Unit and integration tests (vitest projects: node and dom).
const vitestReport = join(results, 'vitest.json');
const vitestStatus = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestReport);
if (vitest) {
  // A run that failed outside any test (a broken file, an unhandled error) still counts as a failure.
  const failed = vitest.numFailedTests || (vitestStatus === 0 ? 0 : 1);
  record('vitest', { passed: vitest.numPassedTests, failed, skipped: vitest.numPendingTests + vitest.numTodoTests });
} else {
  record('vitest', { passed: 0, failed: 1, skipped: 0 }, ' (no report: the run did not start)');
}

// Playwright: the browser specs everywhere; the Electron specs where a binary exists (they skip, with the reason,
// where it does not). On Linux without a display, Electron needs a virtual one.
const electron = findElectronBinary(root);
const needsXvfb = electron.found && process.platform === 'linux' && !process.env['DISPLAY'];
const playwrightReport = join(results, 'playwright.json');
const playwrightArgs = ['test'];
const playwrightStatus =
  needsXvfb && existsSync('/usr/bin/xvfb-run')
    ? run('xvfb-run', ['-a', bin('playwright'), ...playwrightArgs])
    : run(bin('playwright'), playwrightArgs);
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}
const playwright = readJson<PlaywrightReport>(playwrightReport);
if (playwright) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  const failed = unexpected || (playwrightStatus === 0 ? 0 : 1);
  const note = electron.found ? '' : ` (Electron e2e skipped: ${electron.reason})`;
  record('playwright', { passed: expected + flaky, failed, skipped }, note);
} else {
  record('playwright', { passed: 0, failed: 1, skipped: 0 }, ' (no report: the run did not start)');
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
