import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/** Folders of the working tree that a copy of the project leaves behind. */
const NOT_COPIED = new Set(['node_modules', '.git', 'out', 'dist', 'test-results', 'playwright-report']);

/**
 * A private copy of the project to build and package in, so the test neither races other tests that build into
 * out/ nor leaves anything behind. The source is copied; node_modules is hard-linked (a second of work instead of
 * copying 400 MB; a symlink would not do, as npm then sees every package as a link outside the project).
 */
export function copyProject(into: string): void {
  mkdirSync(into, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (!NOT_COPIED.has(entry)) cpSync(join(root, entry), join(into, entry), { recursive: true });
  }
  const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(into, 'node_modules')], { encoding: 'utf8' });
  if (linked.status !== 0) {
    // Another file system, or a cp without -l: copy instead.
    rmSync(join(into, 'node_modules'), { recursive: true, force: true });
    cpSync(join(root, 'node_modules'), join(into, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  // Caches the builds could write into, which would then write through the links into the real ones.
  for (const cache of ['.cache', '.vite', '.vite-temp']) {
    rmSync(join(into, 'node_modules', cache), { recursive: true, force: true });
  }
}

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** The fuses in wire order (Electron's docs/tutorial/fuses.md, @electron/fuses' FuseV1Options). */
const FUSE_NAMES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const;
/** Electron's own defaults: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on; the rest off. */
const DEFAULT_FUSES = '10110001';

/**
 * A stand-in for Electron's Linux distribution, which cannot be downloaded here: what electron-builder copies and
 * renames, with an `electron` that is a shell script carrying the fuse wire (sentinel, version 1, length, states)
 * where @electron/fuses looks for it in the real binary.
 */
export function standInElectron(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(`#!/bin/sh\necho "stand-in Electron ${version}"\nexit 0\n# `),
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([1, DEFAULT_FUSES.length]),
    Buffer.from(DEFAULT_FUSES, 'latin1'),
    Buffer.from('\n'),
  ]);
  writeFileSync(join(dir, 'electron'), wire, { mode: 0o755 });
  writeFileSync(join(dir, 'chrome-sandbox'), '', { mode: 0o755 });
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), 'Electron license (stand-in)\n');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), '<p>Chromium licenses (stand-in)</p>\n');
  writeFileSync(join(dir, 'locales', 'en-US.pak'), '');
  return dir;
}

/** The fuse states in a packaged binary, by @electron/fuses' names: true on, false off. */
export function fusesOf(binary: string): Record<string, boolean> {
  const data = readFileSync(binary);
  const at = data.indexOf(SENTINEL, 0, 'latin1');
  if (at < 0) throw new Error(`${binary} has no fuse wire`);
  const length = data[at + SENTINEL.length + 1] ?? 0;
  const states: Record<string, boolean> = {};
  for (let index = 0; index < length; index += 1) {
    const name = FUSE_NAMES[index];
    if (name) states[name] = data[at + SENTINEL.length + 2 + index] === '1'.charCodeAt(0);
  }
  return states;
}

/** Every file under `dir`, relative, with `/`. */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, path) : [path];
  });
}
