import { join } from 'node:path';

/**
 * Where a screenshot is written: test-results/screenshots, to look at after a run, and docs/screenshots too with
 * UPDATE_SCREENSHOTS=1. PW_SCREENSHOTS=off takes none (a run whose results nobody opens: .ci/run here); the
 * docs are still written when asked for.
 */
export function screenshotDirs(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const docs = env['UPDATE_SCREENSHOTS'] === '1' ? [join(root, 'docs', 'screenshots')] : [];
  if (env['PW_SCREENSHOTS'] === 'off') return docs;
  return [join(root, 'test-results', 'screenshots'), ...docs];
}
