import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import graph of a folder's TypeScript files, as madge draws it (`madge --circular`): every static import and
 * re-export, type-only ones too, and every `import('…')`, resolved to the file it names. Imports that leave the
 * folder (common/, sandbox/, packages) are not edges. Paths are relative to the project, with `/`.
 */
export type ImportGraph = Map<string, string[]>;

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

export function tsFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export function importGraph(root: string, folder: string): ImportGraph {
  const files = tsFiles(join(root, folder));
  const known = new Set(files);
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (known.has(target)) targets.add(name(target));
    }
    graph.set(name(file), [...targets].sort());
  }
  return graph;
}

/** The strongly connected parts of a graph with more than one node (or a node importing itself): its cycles. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      part.push(top);
      if (top === node) break;
    }
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/**
 * The same graph between folders, `depth` parts of the path (`main/payments/store/x.ts` is in `main/payments`); a
 * file above that depth (`main/wallet.ts`) stands for itself.
 */
export function folderGraph(graph: ImportGraph, depth: number): ImportGraph {
  return groupGraph(graph, (path) => {
    const parts = path.split('/');
    return parts.length > depth ? parts.slice(0, depth).join('/') : path;
  });
}

/** The same graph between groups of files, each in the group `groupOf` names; edges inside a group are left out. */
export function groupGraph(graph: ImportGraph, groupOf: (path: string) => string): ImportGraph {
  const groups: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    const edges = new Set(groups.get(from) ?? []);
    for (const target of targets) if (groupOf(target) !== from) edges.add(groupOf(target));
    groups.set(from, [...edges].sort());
  }
  return groups;
}

/**
 * The window's rooms (renderer/src): components/, state/, lib/ and i18n/ each one room; under screens/, each screen's
 * file (PayScreen.tsx) and each screen's folder (pay/) one room; App.tsx and main.tsx each their own.
 */
export function windowRoom(path: string): string {
  const parts = path.split('/');
  return parts.slice(0, parts[2] === 'screens' ? 4 : 3).join('/');
}
