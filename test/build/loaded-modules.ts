import { isBuiltin } from 'node:module';
import { parseSync, Visitor } from 'vite';

/**
 * The modules a built chunk loads by name: static and dynamic imports, re-exports, and `require()` calls (the
 * bundler's `__require` included). Read from the syntax tree, so that code inside strings (fast-json-stringify's
 * generated `require('…')`) does not count, and a load by a computed name shows as `<computed>`.
 */
export function loadedModules(file: string, code: string): string[] {
  // A chunk is asked about more than once (packagesLoaded, then its own chunks): parsed once (a main chunk takes
  // about half a second).
  const known = parsed.get(code);
  if (known) return [...known];
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message ?? ''}`);
  const loaded: string[] = [];
  const add = (source: { type: string; value?: unknown }) =>
    loaded.push(source.type === 'Literal' && typeof source.value === 'string' ? source.value : '<computed>');
  new Visitor({
    ImportDeclaration: (node) => add(node.source),
    ExportNamedDeclaration: (node) => {
      if (node.source) add(node.source);
    },
    ExportAllDeclaration: (node) => add(node.source),
    ImportExpression: (node) => add(node.source),
    CallExpression: (node) => {
      const [first] = node.arguments;
      if (node.callee.type === 'Identifier' && /^_*require$/.test(node.callee.name) && first) add(first);
    },
  }).visit(program);
  parsed.set(code, loaded);
  return [...loaded];
}
const parsed = new Map<string, string[]>();

/** How often a chunk calls a bare `require`, which an ES module does not have (the bundler's `__require` aside). */
export function bareRequireCalls(file: string, code: string): number {
  let calls = 0;
  new Visitor({
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') calls += 1;
    },
  }).visit(parseSync(file, code).program);
  return calls;
}

/** What a chunk loads that is neither electron, a Node built-in nor another file of the build. */
export function packagesLoaded(file: string, code: string): string[] {
  return loadedModules(file, code).filter((name) => name !== 'electron' && !isBuiltin(name) && !name.startsWith('./'));
}
