import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

// The layout is not electron-vite's default `src/`, so every entry is named here.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(root, 'main/index.ts'), formats: ['es'] },
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
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
