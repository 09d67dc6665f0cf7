import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { esmExternalRequirePlugin, type Plugin } from 'vite';

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
      // Vite injects the stylesheets as <style> elements while it serves them.
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
      .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* http://localhost:*"),
};

/**
 * The local sandbox (imported dynamically by main/index.ts) gets a fixed chunk name, `local-sandbox.js`. The main
 * process's dependencies are bundled, so the code of the packages only the sandbox uses (fastify and its tree) is in
 * that chunk and nowhere else: scripts/dist.ts leaves the sandbox out of a build whose preset does not ship it by
 * leaving out this one file.
 */
function mainChunkFileName(chunk: { facadeModuleId: string | null }): string {
  return chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/main/profiles/local-sandbox.ts')
    ? 'local-sandbox.js'
    : '[name]-[hash].js';
}

/**
 * A bundled CommonJS package's `require('electron')` (electron-updater's) would otherwise stay a `createRequire` call
 * beside the app's own `import ... from 'electron'`. Rolldown's esm-external-require plugin turns it into an import
 * of the same module, but only for externals it owns, so `electron` comes off the external list that electron-vite
 * sets for the main process.
 */
const electronRequireAsImport: Plugin[] = [
  {
    name: 'a2a-electron-external-by-import',
    config(config) {
      const options = config.build?.rolldownOptions;
      if (Array.isArray(options?.external)) options.external = options.external.filter((id) => id !== 'electron');
    },
  },
  esmExternalRequirePlugin({ external: ['electron'] }),
];

/**
 * Each language's messages as a chunk that holds that language only. renderer/src/i18n/catalogue-<locale>.ts is
 * `catalogueOf(locale)` over the section files, which each hold both languages, and a chunk cannot hold half a
 * module; so the build writes those two modules as their data (computed here by importing the sections under Node),
 * each message already parsed as ICU MessageFormat (`parsedCatalogueOf`). The window's first load then carries
 * neither language, and fetches only the one it shows (renderer/src/i18n/index.ts); and it carries no message parser:
 * intl-messageformat's import of it is FormatJS's `no-parser` build. `npm run dev` and the tests import the modules
 * as written, and parse.
 */
const cataloguesAsData: Plugin = {
  name: 'a2a-catalogues-as-data',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
  }),
  async transform(_code, id) {
    const locale = /[\\/]renderer[\\/]src[\\/]i18n[\\/]catalogue-(\w+)\.ts$/.exec(id)?.[1];
    if (!locale) return null;
    const sections = pathToFileURL(resolve(root, 'renderer/src/i18n/sections.ts')).href;
    const { parsedCatalogueOf } = (await import(sections)) as { parsedCatalogueOf: (locale: string) => object };
    return { code: `export default ${JSON.stringify(parsedCatalogueOf(locale))};`, map: null };
  },
};

// The layout is not electron-vite's default `src/`, so every entry is named here.
export default defineConfig({
  main: {
    plugins: [electronRequireAsImport],
    build: {
      outDir: 'out/main',
      // Bundle the dependencies: the packaged app then needs no node_modules, and each package's code sits in the
      // chunk that uses it (see mainChunkFileName). electron and Node's built-ins stay external.
      externalizeDeps: false,
      // The bundled packages' licences, which their LICENSE files no longer carry into the package.
      license: { fileName: 'licenses.md' },
      // The payment store's worker is an entry of its own: a worker thread loads it by its file name.
      lib: {
        entry: {
          index: resolve(root, 'main/index.ts'),
          'payment-store-worker': resolve(root, 'main/payments/store/store-worker.ts'),
        },
        formats: ['es'],
      },
      rollupOptions: { output: { chunkFileNames: mainChunkFileName, entryFileNames: '[name].js' } },
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
    plugins: [react(), devServerCsp, cataloguesAsData],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      license: { fileName: 'licenses.md' },
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
