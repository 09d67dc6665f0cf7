import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** Lint `code` as if it were the file at `filePath`, and return the rules it breaks. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('import boundaries (lint)', () => {
  it('fails a renderer file that imports from main/', async () => {
    expect(
      await brokenRules('renderer/src/bad.ts', "export { dispatch } from '../../main/ipc/dispatch.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('lets the renderer import common/', async () => {
    expect(
      await brokenRules(
        'renderer/src/good.ts',
        "export { INVOKE_CHANNEL_NAMES } from '../../common/bridge-channels.ts';\n",
      ),
    ).toEqual([]);
  });

  it('fails common/ importing main/, or a Node API', async () => {
    expect(await brokenRules('common/bad.ts', "export { dispatch } from '../main/ipc/dispatch.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('common/bad.ts', "export { readFileSync } from 'node:fs';\n")).toContain(
      'no-restricted-imports',
    );
    expect(await brokenRules('common/bad.ts', "export { join } from 'path';\n")).toContain('no-restricted-imports');
  });

  it('fails the sandbox importing main/, and main/ importing the renderer', async () => {
    expect(await brokenRules('sandbox/bad.ts', "export { dispatch } from '../main/ipc/dispatch.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('main/bad.ts', "export { getWallet } from '../renderer/src/lib/api.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps electron at the edge: *.electron.ts files and the preload only; its types anywhere', async () => {
    const importApp = "import { app } from 'electron';\nexport const name = app.getName();\n";
    expect(await brokenRules('main/payments/bad.ts', importApp)).toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules('main/window/bad.ts', importApp)).toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules('renderer/src/bad.ts', importApp)).toContain('@typescript-eslint/no-restricted-imports');
    expect(await brokenRules('main/window/good.electron.ts', importApp)).toEqual([]);
    const importType = "import type { BrowserWindow } from 'electron';\nexport type Window = BrowserWindow;\n";
    expect(await brokenRules('main/window/good.ts', importType)).toEqual([]);
  });

  it('keeps ipcMain and ipcRenderer in main/ipc and preload', async () => {
    const importIpc = "import { ipcMain } from 'electron';\nexport const ipc = ipcMain;\n";
    expect(await brokenRules('main/window/bad.electron.ts', importIpc)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await brokenRules('main/ipc/good.electron.ts', importIpc)).toEqual([]);
  });

  it('keeps electron-store in main/storage/*.electron.ts', async () => {
    const importStore = "import Store from 'electron-store';\nexport const store = Store;\n";
    expect(await brokenRules('main/payments/bad.ts', importStore)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await brokenRules('main/window/bad.electron.ts', importStore)).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await brokenRules('main/storage/good.electron.ts', importStore)).toEqual([]);
  });
});
