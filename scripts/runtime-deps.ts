import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Which installed packages a build needs, read from the build itself: the bare imports of the built main chunks,
 * and the dependency closure of packages in node_modules (resolved as Node does, nested folders first). With it,
 * a build whose preset does not ship the local sandbox leaves out the sandbox's chunk and the packages that only
 * it imports (fastify and its tree), whatever those are at the time.
 */

export const SANDBOX_CHUNK = 'local-sandbox.js';

const builtins = new Set(builtinModules);

/** The package a bare specifier names: `@fastify/formbody/x` -> `@fastify/formbody`; undefined for relative and built-in. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
  if (builtins.has(name) || name === 'electron') return undefined;
  return name;
}

/** The packages an ES module imports: static `import ... from`, side-effect imports, `export ... from` and `import()`. */
export function importedPackages(code: string): Set<string> {
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'";]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[\s;])import\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const name = packageOf(match[1] as string);
      if (name) found.add(name);
    }
  }
  return found;
}

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Where `name` resolves from `fromDir`: its own node_modules, then each parent's, up to the project. */
function resolvePackageDir(projectDir: string, fromDir: string, name: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === projectDir) return undefined;
    const parent = dirname(dir);
    if (parent === dir || !parent.startsWith(projectDir)) return undefined;
    dir = parent;
  }
}

/** Every installed package `roots` need, as project-relative folders (`node_modules/a/node_modules/b`, with `/`). */
export function dependencyClosure(projectDir: string, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fromDir: string, name: string, optional: boolean) => {
    const dir = resolvePackageDir(projectDir, fromDir, name);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} is needed by ${relative(projectDir, fromDir) || 'the app'} but is not installed`);
    }
    const key = relative(projectDir, dir).split(sep).join('/');
    if (seen.has(key)) return;
    seen.add(key);
    const manifest = readManifest(dir);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dir, dependency, false);
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) visit(dir, dependency, true);
    for (const dependency of Object.keys(manifest.peerDependencies ?? {})) visit(dir, dependency, true);
  };
  for (const root of roots) visit(projectDir, root, false);
  return seen;
}

export interface SandboxExclusion {
  /** The sandbox's chunk, project-relative. */
  chunk: string;
  /** Package folders to leave out, project-relative. */
  packages: string[];
  /** The packages only the sandbox imports. */
  sandboxOnly: string[];
}

/**
 * What to leave out when the local sandbox does not ship: its chunk, and every package reachable only from the
 * packages that only the sandbox chunk imports. Fails when the build has no sandbox chunk: then the sandbox is
 * inside the main chunk and cannot be left out.
 */
export function sandboxExclusion(projectDir: string): SandboxExclusion {
  const mainDir = join(projectDir, 'out', 'main');
  const chunk = join(mainDir, SANDBOX_CHUNK);
  if (!existsSync(chunk)) {
    throw new Error(
      `out/main/${SANDBOX_CHUNK} is missing, so the local sandbox cannot be left out of this build: main/index.ts ` +
        `must load main/profiles/local-sandbox.ts with a dynamic import() (see electron.vite.config.ts).`,
    );
  }
  const others = new Set<string>();
  for (const file of readdirSync(mainDir)) {
    if (file === SANDBOX_CHUNK || !file.endsWith('.js')) continue;
    for (const name of importedPackages(readFileSync(join(mainDir, file), 'utf8'))) others.add(name);
  }
  const sandboxOnly = [...importedPackages(readFileSync(chunk, 'utf8'))].filter((name) => !others.has(name)).sort();
  const manifest = readManifest(projectDir);
  const kept = Object.keys(manifest.dependencies ?? {}).filter((name) => !sandboxOnly.includes(name));
  const keep = dependencyClosure(projectDir, [...kept, ...others]);
  const drop = [...dependencyClosure(projectDir, sandboxOnly)].filter((path) => !keep.has(path)).sort();
  return { chunk: `out/main/${SANDBOX_CHUNK}`, packages: drop, sandboxOnly };
}

/** The electron-builder file patterns that leave the sandbox out. */
export function exclusionPatterns(exclusion: SandboxExclusion): string[] {
  return [`!${exclusion.chunk}`, ...exclusion.packages.map((dir) => `!${dir}{,/**/*}`)];
}
