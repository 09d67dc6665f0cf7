import { beforeAll, describe, expect, it } from 'vitest';
import { walletApiKeys } from '../../common/bridge-contract.ts';
import { contextBridge, ipcRenderer } from '../mocks/electron.ts';

describe('preload', () => {
  beforeAll(async () => {
    await import('../../preload/index.ts');
  });

  it('exposes window.wallet with exactly the keys of the contract', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['wallet']);
    const wallet = contextBridge.exposed.get('wallet') as Record<string, unknown>;
    expect(Object.keys(wallet).sort()).toEqual([...walletApiKeys].sort());
    for (const key of walletApiKeys) expect(wallet[key]).toBeTypeOf('function');
  });

  it('never exposes ipcRenderer or a generic invoke', () => {
    const wallet = contextBridge.exposed.get('wallet') as Record<string, unknown>;
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'on']) expect(wallet).not.toHaveProperty(forbidden);
    expect(Object.values(wallet)).not.toContain(ipcRenderer);
  });

  it('sends appInfo on its own channel with no payload', async () => {
    const wallet = contextBridge.exposed.get('wallet') as { appInfo: () => Promise<unknown> };
    await wallet.appInfo();
    expect(ipcRenderer.invocations.at(-1)).toEqual({ channel: 'wallet:appInfo', args: [undefined] });
  });
});
