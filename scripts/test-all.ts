import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findElectronBinary } from './electron-binary.ts';
import {
  failedLine,
  failedSection,
  playwrightFailures,
  vitestFailures,
  type PlaywrightReport,
  type VitestReport,
} from './test-report.ts';

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
/** What failed, by name: printed again just above the last line, because only the end of a long run may be kept. */
const failures: string[] = [];
const UNNAMED = 'failed outside any test: its output above says why';
const NO_REPORT = 'no report: the run did not start';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

/** A suite's tally and what failed in it by name; a failure it could not name is said to be outside any test. */
function record(suite: string, tally: Tally, named: string[], note = ''): void {
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  lines.push(`${suite}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped${note}`);
  failures.push(...(tally.failed > 0 && named.length === 0 ? [failedLine(suite, UNNAMED)] : named));
}

/** A runner that wrote no report: one failure. */
function noReport(suite: string): void {
  record(suite, { passed: 0, failed: 1, skipped: 0 }, [failedLine(suite, NO_REPORT)], ` (${NO_REPORT})`);
}

function check(suite: string, status: number): void {
  const ok = status === 0;
  const named = ok ? [] : [failedLine(suite, `exit code ${status}`)];
  record(suite, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, named);
}

/** A command run with its output kept, to be printed whole once it ends (runs side by side do not interleave). */
function runKept(command: string, args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Checks side by side, two lines at once (this machine's two cores): the typecheck alone on one, the others in turn
 * on the other. Each one's output is printed in the order they are listed, as if they had run one after another.
 */
async function checksSideBySide(lanes: [string, string, string[]][][]): Promise<void> {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const done: { suite: string; shown: string; status: number; output: string }[] = [];
      for (const [suite, command, args] of lane) {
        done.push({ suite, shown: [command, ...args].join(' '), ...(await runKept(command, args)) });
      }
      return done;
    }),
  );
  const order = lanes.flat().map(([suite]) => suite);
  for (const suite of order) {
    const result = results.flat().find((one) => one.suite === suite);
    if (!result) continue;
    console.log(`\n> ${result.shown}`);
    if (result.output) process.stdout.write(result.output);
    check(suite, result.status);
  }
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

// The static checks take about 70 s one after another on two cores, about 40 s side by side.
await checksSideBySide([
  [['typecheck', 'npm', ['run', '--silent', 'typecheck']]],
  [
    ['lint', 'npm', ['run', '--silent', 'lint']],
    // Electron security misconfigurations (electronegativity, offline): no finding of MEDIUM severity or above.
    [
      'electronegativity',
      process.execPath,
      ['--experimental-strip-types', join(root, 'scripts', 'electronegativity.ts')],
    ],
    ['format', 'npm', ['run', '--silent', 'format:check']],
    ['build', 'npm', ['run', '--silent', 'build']],
  ],
]);

// Unit and integration tests (vitest projects: node and dom).
const vitestReport = join(results, 'vitest.json');
const vitestStatus = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<VitestReport>(vitestReport);
if (vitest) {
  // A run that failed outside any test (a broken file, an unhandled error) still counts as a failure.
  const failed = vitest.numFailedTests || (vitestStatus === 0 ? 0 : 1);
  const skipped = vitest.numPendingTests + vitest.numTodoTests;
  record('vitest', { passed: vitest.numPassedTests, failed, skipped }, vitestFailures(vitest, root));
} else {
  noReport('vitest');
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
const playwright = readJson<PlaywrightReport>(playwrightReport);
if (playwright) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  const failed = unexpected || (playwrightStatus === 0 ? 0 : 1);
  const note = electron.found ? '' : ` (Electron e2e skipped: ${electron.reason})`;
  record('playwright', { passed: expected + flaky, failed, skipped }, playwrightFailures(playwright), note);
} else {
  noReport('playwright');
}

console.log('\nSummary');
for (const line of lines) console.log(`  ${line}`);
for (const line of failedSection(failures)) console.log(line);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
