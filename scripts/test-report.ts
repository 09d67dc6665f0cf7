import { relative } from 'node:path';

/**
 * What failed in a run, read from the test runners' JSON reports, one line each: `npm test` prints them again just
 * above its last line, because only the end of a long run's output may be kept where it is read.
 */

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName?: string; title?: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests?: { projectName?: string; status?: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** Terminal colour codes, which runners put in their messages. */
// eslint-disable-next-line no-control-regex
const COLOUR = /\u001b\[[0-9;]*m/g;

/** A failure's name and the first line of its message that says something, cut to 300 characters. */
export function failedLine(name: string, message = ''): string {
  const first = message
    .replace(COLOUR, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  return first ? `${name}: ${first.slice(0, 300)}` : name;
}

/** Each failed test as `file > describe > test: first line`, and a file that failed outside any test by its name. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((one) => one.status === 'failed');
    for (const one of failed)
      lines.push(failedLine(`${where} > ${one.fullName ?? one.title ?? '?'}`, one.failureMessages?.[0]));
    if (file.status === 'failed' && failed.length === 0) lines.push(failedLine(where, file.message));
  }
  return lines;
}

/** Each test Playwright did not expect to end as it did, as `[project] file > describe > test: first line`. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const lines: string[] = [];
  const walk = (suites: PlaywrightSuite[], path: string[]): void => {
    for (const suite of suites) {
      const here = path.length === 0 ? [suite.file ?? suite.title] : [...path, suite.title];
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const message = test.results?.map((result) => result.error?.message).find(Boolean);
          const name = `[${test.projectName ?? '?'}] ${[...here, spec.title].join(' > ')}`;
          lines.push(failedLine(name, message) + waitedFor(message));
        }
      }
      walk(suite.suites ?? [], here);
    }
  };
  walk(report.suites ?? [], []);
  for (const error of report.errors ?? []) lines.push(failedLine('playwright', error.message));
  return lines;
}

/** What a Playwright action was waiting for when it failed (the last step of its call log), if it says. */
function waitedFor(message = ''): string {
  const log = message.replace(COLOUR, '').split('Call log:')[1];
  const last = log
    ?.split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('- '))
    .at(-1);
  return last ? ` (${last.slice(2, 202)})` : '';
}

/** The lines printed under the summary: none when all passed, at most `most` names otherwise. */
export function failedSection(failures: string[], most = 20): string[] {
  if (failures.length === 0) return [];
  const shown = failures.slice(0, most).map((line) => `  ${line}`);
  const rest = failures.length > most ? [`  and ${failures.length - most} more`] : [];
  return ['Failed:', ...shown, ...rest];
}
