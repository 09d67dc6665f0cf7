import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RawIssue, Review } from './electronegativity-review.ts';
import { findSilencings, formatFinding, judge, toFinding } from './electronegativity-review.ts';

/**
 * `electronegativity` (Doyensec's Electron security scanner) over the app's own source: main/, preload/, renderer/
 * and package.json. It fails on any finding of MEDIUM severity or above that nobody has justified, printing each;
 * the full report goes to test-results/electronegativity.json (and .sarif, for code-scanning tools).
 *
 * The source, not the build: `eng-disable` comments survive only there, findings point at lines a person edits,
 * and the built renderer bundles React, whose internals are no finding of ours. It runs without network access:
 * the scanner's two downloads (translations, Electron's release list) are cut off below.
 *
 *   node --experimental-strip-types scripts/electronegativity.ts [--root <app folder>] [--report <folder>]
 */

const repo = join(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { root: { type: 'string' }, report: { type: 'string' } } });
const root = resolve(args.root ?? repo);
const reportDir = resolve(args.report ?? join(root, 'test-results'));
const SCANNED = ['main', 'preload', 'renderer', 'package.json'];

/**
 * Checks left out of the run, by electronegativity's check name, each with the reason. Findings in our own files
 * are justified where they occur, with `eng-disable` comments.
 */
const EXCLUDED_CHECKS = [
  // Downloads Electron's release list from GitHub at every run: the check must work offline and give the same
  // answer tomorrow as today. Whether a newer Electron exists is a dependency-update question, not one about code.
  'AvailableSecurityFixesGlobalCheck',
];

/** Findings in files this check's owners do not edit, reviewed line by line (see electronegativity-review.ts). */
const REVIEWED: Review[] = [
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/window/desktop.electron.ts',
    sample: 'await shell.openExternal(url);',
    why: "openInSystemBrowser, the app's only call of shell.openExternal: it refuses every scheme but http(s); its callers pass the sign-in URL and links that passed the https allow-list (main/window/external-links.ts).",
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/core/open-sign-ins.ts',
    sample: 'openExternal: (url) => platform.openExternal(url),',
    why: "Hands the platform's openExternal (openInSystemBrowser in the app: http(s) only) to the sign-in service.",
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/auth/session-service.ts',
    sample: 'openExternal: (url) => options.openExternal(url),',
    why: "Hands the platform's openExternal (openInSystemBrowser in the app: http(s) only) to the sign-in flow.",
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/auth/sign-in-flow.ts',
    sample: 'await options.openExternal(url).catch(() => {',
    why: "Not Electron's shell: the platform's openExternal (openInSystemBrowser, http(s) only), given the bank's authorization URL built from the active profile, whose URLs the profile schema limits to https (http only on loopback).",
  },
];

const require = createRequire(import.meta.url);
const scannerEntry = require.resolve('@doyensec/electronegativity');

/** Replaces the scanner's HTTP client with one that refuses, so that no run depends on the network. */
function cutOffNetwork(): void {
  const gotPath = createRequire(scannerEntry).resolve('got');
  const refuse = () => Promise.reject(new Error('electronegativity runs offline in this project'));
  const offline = Object.assign(refuse, { head: refuse, get: refuse, default: refuse });
  const stub = new Module(gotPath);
  stub.filename = gotPath;
  stub.loaded = true;
  stub.exports = offline;
  require.cache[gotPath] = stub;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|jsx?|html?)$/.test(file))
    .map((file) => file.split('\\').join('/'));
}

type Scanner = (
  options: Record<string, unknown>,
  forCli: boolean,
) => Promise<{ issues: RawIssue[]; errors: ParseError[] }>;
interface ParseError {
  file: string;
  message: string;
  tolerable: boolean;
}

async function main(): Promise<number> {
  // The scanner's messages in English whatever the machine's language; it reads LANG when it loads.
  process.env['LANG'] = 'en-US';
  cutOffNetwork();
  const scan = require('@doyensec/electronegativity') as Scanner;
  const electronVersion = (
    JSON.parse(readFileSync(join(repo, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
  ).version;

  // Only the app's own code: not tests, scripts, the sandbox bank or build output.
  const stage = mkdtempSync(join(tmpdir(), 'a2a-electronegativity-'));
  try {
    for (const entry of SCANNED) {
      if (existsSync(join(root, entry))) cpSync(join(root, entry), join(stage, entry), { recursive: true });
    }
    const files = sourceFiles(stage);
    console.log(
      `electronegativity over ${SCANNED.join(', ')} (${files.length} source files), Electron ${electronVersion}, offline`,
    );
    // What the code itself silences, with its reasons: listed, and refused without one.
    const silencings = files.flatMap((file) => findSilencings(file, readFileSync(join(stage, file), 'utf8')));
    const unjustified = silencings.filter((silencing) => silencing.problem);
    mkdirSync(reportDir, { recursive: true });
    const result = await scan(
      {
        input: stage,
        output: join(reportDir, 'electronegativity.sarif'),
        isSarif: true,
        excludeFromScan: EXCLUDED_CHECKS,
        isRelative: true,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    );

    const findings = result.issues.map(toFinding);
    const verdict = judge(findings, REVIEWED);
    // A file that could not be parsed was not checked at all: that fails too.
    const unparsed = result.errors.filter((error) => !error.tolerable);

    const report = {
      electronVersion,
      scanned: SCANNED,
      excludedChecks: EXCLUDED_CHECKS,
      ...verdict,
      silencedInCode: silencings,
      parseErrors: result.errors,
    };
    writeFileSync(join(reportDir, 'electronegativity.json'), `${JSON.stringify(report, null, 2)}\n`);

    for (const { file, line, checks, why } of silencings) {
      console.log(`  silenced in code: ${checks.join(', ')} at ${file}:${line}\n      why: ${why || '(none)'}`);
    }
    for (const { finding, why } of verdict.reviewed)
      console.log(`  reviewed: ${formatFinding(finding)}\n      why: ${why}`);
    for (const finding of verdict.belowThreshold) console.log(`  below MEDIUM: ${formatFinding(finding)}`);
    for (const review of verdict.unusedReviews) {
      console.log(`  note: the review of ${review.check} in ${review.file} matched nothing and can be removed`);
    }
    for (const silencing of unjustified) {
      console.error(`  REFUSED eng-disable at ${silencing.file}:${silencing.line}: ${silencing.problem ?? ''}`);
    }
    for (const error of unparsed) console.error(`  NOT PARSED, so not checked: ${error.file}: ${error.message}`);
    for (const finding of verdict.blocking) console.error(`  FINDING: ${formatFinding(finding)}`);

    const failed = verdict.blocking.length + unparsed.length + unjustified.length;
    console.log(
      failed === 0
        ? `electronegativity: no finding of MEDIUM severity or above (${silencings.length} silenced in code, ${verdict.reviewed.length} reviewed, ${verdict.belowThreshold.length} below MEDIUM)`
        : `electronegativity: ${verdict.blocking.length} finding(s) of MEDIUM severity or above, ${unparsed.length} file(s) not parsed, ${unjustified.length} eng-disable(s) without a reason`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

// No process.exit: the scanner writes its SARIF file asynchronously, and exiting at once would cut it off.
main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error('electronegativity could not run:', error);
    process.exitCode = 1;
  },
);
