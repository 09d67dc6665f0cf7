import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * The dev server's hot reload needs an inline preamble and a websocket, which the strict CSP forbids. Relax the
 * policy for `npm run dev` only; the built page keeps it as written.
 */
const devServerCsp: Plugin = {
  name: 'a2a-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
      .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* http://localhost:*"),
};

/**
 * The local sandbox (imported dynamically by main/index.ts) gets a fixed chunk name, `local-sandbox.js`, so that
 * scripts/dist.ts can leave it, and the server dependencies only it uses, out of a build whose preset does not ship it.
 */
function mainChunkFileName(chunk: { facadeModuleId: string | null }): string {
  return chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/main/profiles/local-sandbox.ts')
    ? 'local-sandbox.js'
    : '[name]-[hash].js';
}

// The layout is not electron-vite's default `src/`, so every entry is named here.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(root, 'main/index.ts'), formats: ['es'] },
      rollupOptions: { output: { chunkFileNames: mainChunkFileName } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot be an ES module: one CommonJS file.
      lib: { entry: resolve(root, 'preload/index.ts'), formats: ['cjs'] },
      // Bundle everything: a sandboxed preload can require nothing but `electron`.
      externalizeDeps: false,
      rollupOptions: { external: ['electron'], output: { entryFileNames: '[name].cjs', codeSplitting: false } },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react(), devServerCsp],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
