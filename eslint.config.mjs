import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// main's domain folders: everything under main/ but the composition root (core/) and the host's IPC layer (ipc/,
// which forwards the core's events), read from the disk so that a new folder is covered without an edit.
const mainDomains = readdirSync(join(import.meta.dirname, 'main'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['core', 'ipc'].includes(entry.name))
  .map((entry) => entry.name);

// The layers of ../shared/ARCHITECTURE.md, enforced. Each zone: files in `target` may not import from `from`.
const layerZones = [
  {
    target: './common',
    from: ['./main', './preload', './renderer', './sandbox', './scripts', './test'],
    message: 'common/ is pure TypeScript shared by every layer: it imports nothing outside common/.',
  },
  {
    target: './renderer',
    from: ['./main', './preload', './sandbox', './scripts', './test'],
    message: 'renderer/ may import only renderer/ and common/: the main process is reached through window.wallet.',
  },
  {
    target: './preload',
    from: ['./main', './renderer', './sandbox', './scripts', './test'],
    message: 'preload/ may import only preload/ and common/.',
  },
  {
    target: './sandbox',
    from: ['./main', './renderer', './preload', './scripts', './test'],
    message: 'sandbox/ is the bank: it may import only sandbox/ and common/.',
  },
  {
    target: './main',
    from: ['./renderer', './preload', './scripts', './test'],
    message: 'main/ may not import the renderer, the preload, scripts or tests.',
  },
  // Inside main, dependencies point one way (docs/PAYMENT-CORE.md, "Main's rooms"): the composition root
  // (main/wallet.ts, main/core/) builds the domains, the domains import the host's port and the network, and neither
  // of those imports a domain.
  {
    target: ['./main/platform/platform.ts', './main/platform/host-ports.ts'],
    from: './main',
    except: ['./platform/host-ports.ts', './log', './storage'],
    message:
      'The host port (main/platform/platform.ts) imports no domain: declare the shape it hands the core in host-ports.ts; test knobs go to CoreTuning.',
  },
  {
    target: './main/net',
    from: './main',
    except: ['./net'],
    message: 'main/net/ is how every call reaches a bank, the call tap included: it imports no domain of main.',
  },
  {
    target: mainDomains.map((folder) => `./main/${folder}`),
    from: ['./main/core', './main/wallet.ts'],
    message:
      'Only the composition root (main/wallet.ts, main/core/) and the host import the core: a domain is given what it needs.',
  },
];

// The window's rooms (../shared/ARCHITECTURE.md): screens import components, state, lib and i18n; none of those
// imports a screen (nor App.tsx above them), and i18n imports nothing of the window. A screen is
// screens/<Name>Screen.tsx with its folder screens/<name>/ (BankCallsScreen's is calls/), read from the disk: it
// imports no other screen's file or folder.
const rendererSrc = './renderer/src';
const screenEntries = readdirSync(join(import.meta.dirname, 'renderer', 'src', 'screens'), { withFileTypes: true });
const screenFolders = screenEntries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const screenFiles = screenEntries.filter((entry) => /Screen\.tsx$/.test(entry.name)).map((entry) => entry.name);
const folderOfScreen = (file) =>
  screenFolders.find((folder) => file.slice(0, -'Screen.tsx'.length).toLowerCase().endsWith(folder));
const screens = [
  ...screenFiles.map((file) => [file, folderOfScreen(file)].filter(Boolean)),
  ...screenFolders
    .filter((folder) => !screenFiles.some((file) => folderOfScreen(file) === folder))
    .map((folder) => [folder]),
];
const windowZones = [
  {
    target: ['components', 'state', 'lib', 'i18n'].map((folder) => `${rendererSrc}/${folder}`),
    from: [`${rendererSrc}/screens`, `${rendererSrc}/App.tsx`, `${rendererSrc}/main.tsx`],
    message:
      'components/, state/, lib/ and i18n/ never import a screen: move what both need down to components/, state/ or lib/.',
  },
  {
    target: `${rendererSrc}/i18n`,
    from: rendererSrc,
    except: ['./i18n'],
    message: 'i18n/ imports nothing of the window: the language in use comes through its LocaleProvider.',
  },
  ...screens.map((parts) => ({
    target: parts.map((part) => `${rendererSrc}/screens/${part}`),
    from: `${rendererSrc}/screens`,
    except: parts.map((part) => `./${part}`),
    message: 'A screen never imports a sibling screen: move what both need down to components/, state/ or lib/.',
  })),
];

// Electron's values are reached only from files named `*.electron.ts`, next to the feature they serve (and from the
// preload); its types may be imported anywhere, so they are never copied by hand.
const electronOnlyAtTheEdge = {
  name: 'electron',
  allowTypeImports: true,
  message:
    'Only *.electron.ts files and the preload may use electron (types may be imported anywhere): keep the services runnable under plain Node.',
};
const storeOnlyInStorage = {
  name: 'electron-store',
  allowTypeImports: true,
  message: 'Only main/storage/*.electron.ts may use electron-store: services take storage from the Platform.',
};
const ipcOnlyInIpcLayer = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'ipcMain and ipcRenderer belong to main/ipc and preload only.',
};
const restrictImports = (...paths) => ['error', { paths }];

// common/ keeps its rules (constants, patterns, check functions) in zod-free modules and builds the zod schemas on
// them in others. A schema module is one that imports zod, found here by reading common/, so a new one is covered
// without an edit. The renderer, and the rule modules themselves, may import only types from schema modules: zod
// stays out of the renderer's bundle, and the renderer uses the same rules as the main process instead of copies.
const commonDir = join(import.meta.dirname, 'common');
const commonModules = readdirSync(commonDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ name: file.slice(0, -'.ts'.length), text: readFileSync(join(commonDir, file), 'utf8') }));
const importsZod = ({ text }) => /\bfrom\s+['"]zod['"]/.test(text);
const schemaModules = commonModules.filter(importsZod).map(({ name }) => name);
const ruleModules = commonModules.filter((module) => !importsZod(module)).map(({ name }) => name);
const schemaOnlyAsTypes = (regex) => ({
  regex,
  caseSensitive: true,
  allowTypeImports: true,
  message:
    'A zod schema module of common/: import only its types here (import type), and rules from the zod-free module they are built on, so zod stays out of the renderer.',
});
const zodOnlyAsTypes = {
  name: 'zod',
  allowTypeImports: true,
  message: "zod stays out of the renderer and of common/'s rule modules: put the rule in a zod-free module.",
};
const schemasFromRenderer = schemaOnlyAsTypes(`(^|/)common/(${schemaModules.join('|')})(\\.ts)?$`);
const schemasFromCommon = schemaOnlyAsTypes(`^\\./(${schemaModules.join('|')})(\\.ts)?$`);

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...windowZones] }],
      '@typescript-eslint/no-restricted-imports': restrictImports(electronOnlyAtTheEdge, storeOnlyInStorage),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.electron.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports(ipcOnlyInIpcLayer, storeOnlyInStorage) },
  },
  {
    files: ['main/ipc/*.electron.ts', 'preload/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports(storeOnlyInStorage) },
  },
  {
    files: ['main/storage/*.electron.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrictImports(ipcOnlyInIpcLayer) },
  },
  {
    files: ['common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyAtTheEdge, storeOnlyInStorage].map(({ allowTypeImports: _, ...path }) => path),
          patterns: [
            {
              group: ['node:*', ...builtinModules.filter((name) => !name.startsWith('_'))],
              message: 'common/ runs in the renderer too: no Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructured first parameter, even when there are none.
    files: ['test/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [electronOnlyAtTheEdge, storeOnlyInStorage, zodOnlyAsTypes], patterns: [schemasFromRenderer] },
      ],
      // `import { type X } from` still loads the module (verbatimModuleSyntax keeps the import): only `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ruleModules.map((name) => `common/${name}.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [electronOnlyAtTheEdge, storeOnlyInStorage, zodOnlyAsTypes], patterns: [schemasFromCommon] },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
);
