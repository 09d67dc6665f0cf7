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

  it('keeps the host port free of domains: platform.ts imports common/, log/, storage/ and its own shapes', async () => {
    expect(
      await brokenRules('main/platform/platform.ts', "export type { Notice } from '../payments/outcome-notice.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules('main/platform/platform.ts', "export type { KdfParams } from '../lock/passcode.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await brokenRules('main/platform/platform.ts', "export type { Notice } from './host-ports.ts';\n")).toEqual(
      [],
    );
    expect(
      await brokenRules('main/platform/platform.ts', "export type { AppLog } from '../log/app-log.ts';\n"),
    ).toEqual([]);
  });

  it('keeps the network free of domains: the call tap is in net/, and net/ imports no calls/', async () => {
    expect(await brokenRules('main/net/bad.ts', "export type { CallLog } from '../calls/call-log.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('main/net/good.ts', "export type { CallTap } from './call-tap.ts';\n")).toEqual([]);
  });

  it('lets only the composition root import the core: a domain never imports main/core or main/wallet.ts', async () => {
    expect(
      await brokenRules('main/payments/bad.ts', "export type { NoticePolicy } from '../core/notice-policy.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await brokenRules('main/lock/bad.ts', "export type { Wallet } from '../wallet.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await brokenRules('main/core/good.ts', "export type { LockService } from '../lock/lock-service.ts';\n"),
    ).toEqual([]);
  });

  it("keeps screens above the window's shared rooms: components, state and lib import no screen", async () => {
    for (const room of ['components', 'state', 'lib']) {
      expect(
        await brokenRules(
          `renderer/src/${room}/bad.ts`,
          "export { SignInScreen } from '../screens/SignInScreen.tsx';\n",
        ),
      ).toContain('import-x/no-restricted-paths');
    }
    expect(
      await brokenRules('renderer/src/components/bad.ts', "export { stateKey } from '../screens/history/show.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules('renderer/src/components/good.ts', "export { useApp } from '../state/wallet-context.tsx';\n"),
    ).toEqual([]);
  });

  it('keeps i18n free of the window: it imports only i18n/ and common/', async () => {
    expect(
      await brokenRules('renderer/src/i18n/bad.ts', "export { useApp } from '../state/wallet-context.tsx';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await brokenRules('renderer/src/i18n/bad.ts', "export { getWallet } from '../lib/api.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('renderer/src/i18n/good.ts', "export { formatAmount } from './format.ts';\n")).toEqual([]);
  });

  it('keeps each screen to its own file and folder: a screen never imports a sibling screen', async () => {
    expect(
      await brokenRules('renderer/src/screens/pay/bad.ts', "export { stateKey } from '../history/show.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules('renderer/src/screens/LockScreen.tsx', "export { Backup } from './settings/Backup.tsx';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        'renderer/src/screens/settings/bad.ts',
        "export { SignInScreen } from '../SignInScreen.tsx';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules('renderer/src/screens/history/good.ts', "export { pluralKey } from './show.ts';\n"),
    ).toEqual([]);
    expect(
      await brokenRules(
        'renderer/src/screens/BankCallsScreen.tsx',
        "export { CallDetailDialog } from './calls/CallDetail.tsx';\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'renderer/src/screens/pay/good.ts',
        "export { DateField } from '../../components/DateField.tsx';\n",
      ),
    ).toEqual([]);
  });
});
