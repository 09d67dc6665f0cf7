import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { invokeChannelNames } from '../../../common/bridge-contract.ts';
import { ipcChannel } from '../../../common/ipc-channel.ts';
import { registerIpc } from '../../../main/ipc/register.electron.ts';
import { appUrlMatcher } from '../../../main/ipc/trusted-sender.ts';
import { ipcMain } from '../../mocks/electron.ts';
import { stubHandlers } from '../../helpers/handlers.ts';

const appFile = pathToFileURL('/app/out/renderer/index.html').href;
const handlers = stubHandlers({ appInfo: () => ({ name: 'A2A Wallet', version: '9.9.9' }) });

function eventFrom(url: string) {
  const mainFrame = { url };
  return { sender: { mainFrame }, senderFrame: mainFrame };
}

describe('registerIpc', () => {
  beforeEach(() => {
    ipcMain.handlers.clear();
    registerIpc(handlers, appUrlMatcher(appFile));
  });

  it('registers exactly one handler per channel of the contract', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(invokeChannelNames.map(ipcChannel).sort());
  });

  it('answers the app page', async () => {
    const handler = ipcMain.handlers.get('wallet:appInfo');
    expect(await handler?.(eventFrom(appFile), undefined)).toEqual({
      ok: true,
      value: { name: 'A2A Wallet', version: '9.9.9' },
    });
  });

  it('refuses a foreign sender', async () => {
    const handler = ipcMain.handlers.get('wallet:appInfo');
    expect(await handler?.(eventFrom('https://evil.example/'), undefined)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('refuses a bad payload from the app page', async () => {
    const handler = ipcMain.handlers.get('wallet:appInfo');
    expect(await handler?.(eventFrom(appFile), { extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });
});
