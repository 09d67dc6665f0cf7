import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareRequireCalls, loadedModules, packagesLoaded } from './loaded-modules.ts';

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
    // Read from the syntax tree: bundled packages carry `require(` in strings (code they generate) and in methods
    // (`this.#require(id)`), and the bundler's own `__require` is createRequire's, which an ES module may use.
    expect(bareRequireCalls('index.js', main)).toBe(0);
  });

  // Parses every main chunk (CPU only, a few seconds alone): more than the default 5 s on a busy machine.
  it("bundles the main process's dependencies: its chunks load nothing but electron, Node built-ins and each other", () => {
    const chunks = readdirSync(join(out, 'main')).filter((name) => name.endsWith('.js'));
    expect(chunks).toEqual(expect.arrayContaining(['index.js', 'local-sandbox.js']));
    for (const chunk of chunks) {
      expect(packagesLoaded(chunk, readFileSync(join(out, 'main', chunk), 'utf8')), chunk).toEqual([]);
    }
    // A bundled package's require('electron') is an import of the module the app's own code imports.
    const main = readFileSync(join(out, 'main', 'index.js'), 'utf8');
    expect(loadedModules('index.js', main)).toContain('electron');
    expect(main).not.toMatch(/require\(\s*["']electron["']\s*\)/);
    // With the licences of what it bundles, since no package folder ships with them.
    const licenses = readFileSync(join(out, 'main', 'licenses.md'), 'utf8');
    for (const name of ['zod', 'oauth4webapi', 'jose', 'electron-store', 'electron-updater', 'fastify', 'pino']) {
      expect(licenses, name).toMatch(new RegExp(`^## ${name} - `, 'm'));
    }
  }, 30_000);

  it('keeps the local sandbox, and the code of the packages only it uses, in local-sandbox.js, loaded on demand', () => {
    const main = readFileSync(join(out, 'main', 'index.js'), 'utf8');
    const sandbox = readFileSync(join(out, 'main', 'local-sandbox.js'), 'utf8');
    // main/index.ts imports it with import() only: a static import would run the server's code at every start.
    expect(loadedModules('index.js', main).filter((name) => name === './local-sandbox.js')).toHaveLength(1);
    expect(main).toMatch(/\bimport\(\s*["']\.\/local-sandbox\.js["']\s*\)/);
    expect(sandbox).toMatch(/^export \{[^}]*\blocalSandboxLauncher\b[^}]*\};?$/m);
    // fastify's error codes and avvio's: their code is in the sandbox chunk and in no other.
    for (const code of ['FST_ERR_', 'AVV_ERR_']) {
      expect(sandbox, code).toContain(code);
      for (const chunk of readdirSync(join(out, 'main')).filter((name) => name.endsWith('.js'))) {
        if (chunk !== 'local-sandbox.js')
          expect(readFileSync(join(out, 'main', chunk), 'utf8'), chunk).not.toContain(code);
      }
    }
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
