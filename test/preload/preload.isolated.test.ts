import { beforeAll, describe, expect, it } from 'vitest';
import { walletApiKeys, type WalletApi } from '../../common/bridge-contract.ts';
import { contextBridge, ipcRenderer } from '../mocks/electron.ts';

const wallet = () => contextBridge.exposed.get('wallet') as WalletApi & Record<string, unknown>;

describe('preload', () => {
  beforeAll(async () => {
    await import('../../preload/index.ts');
  });

  it('exposes window.wallet with exactly the keys of the contract', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['wallet']);
    expect(Object.keys(wallet()).sort()).toEqual([...walletApiKeys].sort());
    for (const key of walletApiKeys) expect(wallet()[key]).toBeTypeOf('function');
  });

  it('never exposes ipcRenderer or a generic invoke', () => {
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'on']) expect(wallet()).not.toHaveProperty(forbidden);
    expect(Object.values(wallet())).not.toContain(ipcRenderer);
  });

  it('sends each call on its own channel, with the payload as given', async () => {
    await wallet().appInfo();
    expect(ipcRenderer.invocations.at(-1)).toEqual({ channel: 'wallet:appInfo', args: [undefined] });
    await wallet().submitPayment({ id: 'p1' });
    expect(ipcRenderer.invocations.at(-1)).toEqual({ channel: 'wallet:submitPayment', args: [{ id: 'p1' }] });
  });

  it('hands a listener the event payload only, and stops when unsubscribed', () => {
    const received: unknown[] = [];
    const unsubscribe = wallet().onSessionChanged((session) => received.push(session));
    const listeners = ipcRenderer.listeners.get('wallet-event:sessionChanged') ?? [];
    expect(listeners).toHaveLength(1);
    const fakeEvent = { sender: ipcRenderer, ports: [] };
    listeners[0]?.(fakeEvent, { profileId: 'local-sandbox', signedIn: true });
    expect(received).toEqual([{ profileId: 'local-sandbox', signedIn: true }]);

    unsubscribe();
    expect(ipcRenderer.listeners.get('wallet-event:sessionChanged')).toEqual([]);
  });
});
