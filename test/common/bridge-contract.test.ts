import { describe, expect, it } from 'vitest';
import {
  AppInfoSchema,
  eventChannelNames,
  eventMethodName,
  invokeChannelNames,
  invokeChannels,
  walletApiKeys,
} from '../../common/bridge-contract.ts';
import { ipcChannel } from '../../common/ipc-channel.ts';

describe('bridge contract', () => {
  it('lists every invoke channel as a wallet method, and one onX method per event', () => {
    expect(walletApiKeys).toEqual([...invokeChannelNames, ...eventChannelNames.map(eventMethodName)]);
    expect(walletApiKeys).toContain('appInfo');
  });

  it('names event subscriptions onX', () => {
    expect(eventMethodName('sessionChanged' as never)).toBe('onSessionChanged');
  });

  it('gives each channel a request and a response schema', () => {
    for (const name of invokeChannelNames) {
      expect(invokeChannels[name].request.safeParse).toBeTypeOf('function');
      expect(invokeChannels[name].response.safeParse).toBeTypeOf('function');
    }
  });

  it('refuses an app info without a name', () => {
    expect(AppInfoSchema.safeParse({ name: '', version: '1.0.0' }).success).toBe(false);
    expect(AppInfoSchema.safeParse({ name: 'A2A Wallet', version: '1.0.0' }).success).toBe(true);
  });

  it('prefixes channels on the wire', () => {
    expect(ipcChannel('appInfo')).toBe('wallet:appInfo');
  });
});
