import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import config, { ISOLATED_NAME } from '../../vitest.config.ts';
import { testFolder } from '../support/temp-folder.ts';

/**
 * Most test files share a module graph per worker (vitest.config.ts); those that change what others would see must
 * each have their own, and say so by their name: `<name>.isolated.test.ts(x)`. Checked here against what each file's
 * code does (read with TypeScript's parser, so a lint case or a comment that quotes `vi.mock(` is not a mock).
 */
const root = join(import.meta.dirname, '..', '..');
const testFiles = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('e2e/'))
  .map((file) => `test/${file}`);
const nodeTests = testFiles.filter((file) => !file.startsWith('test/renderer/'));
const domTests = testFiles.filter((file) => file.startsWith('test/renderer/'));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const isolated = (file: string) => ISOLATED_NAME.test(file);

const VI_CALLS = new Set(['mock', 'doMock', 'stubEnv', 'stubGlobal', 'useFakeTimers', 'spyOn', 'resetModules']);
const PROCESS_CALLS = new Set(['chdir', 'on', 'once', 'umask']);

/** The text of an expression such as `process.env` or `vi.mock`, else undefined. */
function dotted(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) {
    const left = dotted(node.expression);
    return left === undefined ? undefined : `${left}.${node.name.text}`;
  }
  if (ts.isElementAccessExpression(node)) return dotted(node.expression);
  return undefined;
}

/**
 * What a test file does that changes what other files in its process would see, each as the text that does it:
 * `vi.mock(` and the other `vi` calls above, `process.env =` (or `delete process.env`), `globalThis.x =`,
 * `process.on(` and the like, `process.pid` (it counts the process's children), a value imported from `'electron'` or
 * the Electron mock (`mocks/electron.ts`), `useChromiumNetwork(` (the process-wide network stack), `intl-without.ts`.
 */
function sharedStateChanges(file: string): Set<string> {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const from = node.moduleSpecifier.text;
      if (from === 'electron') found.add("from 'electron'");
      if (from.endsWith('mocks/electron.ts')) found.add('mocks/electron.ts');
      if (from.endsWith('/intl-without.ts')) found.add('intl-without.ts');
    }
    if (ts.isCallExpression(node)) {
      const callee = dotted(node.expression) ?? '';
      const [object, method = '', ...rest] = callee.split('.');
      if (object === 'vi' && VI_CALLS.has(method) && rest.length === 0) found.add(`vi.${method}(`);
      if (object === 'process' && PROCESS_CALLS.has(method) && rest.length === 0) found.add(`process.${method}(`);
      if (callee === 'useChromiumNetwork') found.add('useChromiumNetwork(');
    }
    if (ts.isPropertyAccessExpression(node) && dotted(node) === 'process.pid') found.add('process.pid');
    const target = ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left;
    const deleted = ts.isDeleteExpression(node) && node.expression;
    for (const changed of [target, deleted]) {
      const name = changed ? dotted(changed) : undefined;
      if (name?.startsWith('process.env')) found.add('process.env =');
      if (name?.startsWith('globalThis.')) found.add('globalThis.x =');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
const changes = new Map(testFiles.map((file) => [file, sharedStateChanges(file)]));
const changesSharedState = (file: string) => (changes.get(file)?.size ?? 0) > 0;

describe('which node test files run in a module graph of their own', () => {
  it.each([
    'vi.mock(',
    'vi.doMock(',
    'vi.stubEnv(',
    'vi.stubGlobal(',
    'vi.useFakeTimers(',
    'vi.spyOn(',
    'vi.resetModules(',
    "from 'electron'",
    'mocks/electron.ts',
    'useChromiumNetwork(',
    'process.pid',
    'process.on(',
    'globalThis.x =',
  ])('every file that uses %s', (text) => {
    const using = nodeTests.filter((file) => changes.get(file)?.has(text));
    for (const file of using) expect(isolated(file), `${file} is not named *.isolated.test.ts`).toBe(true);
  });

  it('every file that sets process.env', () => {
    const setting = nodeTests.filter((file) => changes.get(file)?.has('process.env ='));
    expect(setting.length).toBeGreaterThan(0);
    for (const file of setting) expect(isolated(file), `${file} is not named *.isolated.test.ts`).toBe(true);
  });

  it('every renderer test file that stubs, spies or mocks, itself or through intl-without.ts', () => {
    const changing = domTests.filter(changesSharedState);
    expect(changing).toContain('test/renderer/format.isolated.test.ts');
    for (const file of changing)
      expect(ISOLATED_NAME.test(file), `${file} is not named *.isolated.test.tsx`).toBe(true);
    expect(domTests.filter(isolated).length).toBeLessThan(domTests.length / 3);
  });

  it('and no file that only reads and computes', () => {
    // A lint case that quotes an import from 'electron', or this file's own list, changes nothing.
    expect(changesSharedState('test/lint/boundaries.test.ts')).toBe(false);
    expect(changesSharedState('test/lint/test-isolation.test.ts')).toBe(false);
    expect(changesSharedState('test/main/backup/backup-file.isolated.test.ts')).toBe(true);
    expect(changesSharedState('test/harness/server.isolated.test.ts')).toBe(true);
    expect(isolated('test/common/kennitala.test.ts')).toBe(false);
    for (const file of testFiles.filter((name) => ISOLATED_NAME.test(name)))
      expect(changesSharedState(file), `${file} changes nothing shared: drop .isolated from its name`).toBe(true);
    // Most share: the point of sharing.
    expect(nodeTests.filter(isolated).length).toBeLessThan(nodeTests.length / 4);
  });

  it('the config runs them by their name, and the files waiting for it are there and need it', () => {
    const projects = Object.fromEntries(
      (config.test?.projects ?? []).map((project) => {
        const { test } = project as { test: { name: string; include: string[]; exclude?: string[] } };
        return [test.name, test];
      }),
    );
    expect(projects['node-isolated']?.include).toContain('test/**/*.isolated.test.ts');
    expect(projects['node']?.exclude).toContain('test/**/*.isolated.test.ts');
    expect(projects['dom-isolated']?.include).toEqual(['test/renderer/**/*.isolated.test.{ts,tsx}']);
    expect(projects['dom']?.exclude).toEqual(['test/renderer/**/*.isolated.test.{ts,tsx}']);
  });
});

describe('clean-up that holds where files share a module graph', () => {
  it('no shared test module registers a hook at its top level (that registers for the first file importing it only)', () => {
    const shared = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      // The renderer's setup file is run for each file: its hooks are each file's.
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && file !== 'renderer/setup.ts')
      .map((file) => `test/${file}`);
    expect(shared).toContain('test/support/payment-store.ts');
    expect(shared).toContain('test/renderer/render-app.tsx');
    const hooked = shared.filter((file) => /^(afterEach|afterAll|beforeEach|beforeAll)\(/m.test(read(file)));
    expect(hooked).toEqual([]);
  });

  it('a test’s private folder is there, only for its owner, until the test ends', () => {
    let made = '';
    // Finish hooks run last first: this one, registered before the folder, runs after its removal.
    onTestFinished(() => expect(existsSync(made)).toBe(false));
    made = testFolder('a2a-folder-check');
    expect(statSync(made).mode & 0o777).toBe(0o700);
    expect(made.startsWith(join(tmpdir(), 'a2a-folder-check-'))).toBe(true);
  });
});
