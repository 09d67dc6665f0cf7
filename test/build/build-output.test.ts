import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, 'out');

describe('npm run build', () => {
  beforeAll(() => {
    const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`);
  }, 200_000);

  it('writes the main process as an ES module', () => {
    const main = readFileSync(join(out, 'main', 'index.js'), 'utf8');
    expect(main).toMatch(/^import /m);
    // A CommonJS require call, not a method that happens to be called require (`this.#require(id)`).
    expect(main).not.toMatch(/(?<![.#\w$])require\(/);
  });

  it('writes the preload as one CommonJS file that requires nothing but electron', () => {
    const files = readdirSync(join(out, 'preload'));
    expect(files).toEqual(['index.cjs']);
    const preload = readFileSync(join(out, 'preload', 'index.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export) /m);
  });

  it('writes the renderer with the strict Content-Security-Policy', () => {
    const html = readFileSync(join(out, 'renderer', 'index.html'), 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:/);
    expect(existsSync(join(out, 'renderer', 'assets'))).toBe(true);
  });
});
