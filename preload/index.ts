import { contextBridge, ipcRenderer } from 'electron';
import type { InvokeChannel, RequestOf, ResponseOf, WalletApi } from '../common/bridge-contract.ts';
import { ipcChannel } from '../common/ipc-channel.ts';
import type { Result } from '../common/result.ts';

// Only named methods cross the bridge: never ipcRenderer, an event object or a generic invoke.
const invoke = <C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<Result<ResponseOf<C>>> =>
  ipcRenderer.invoke(ipcChannel(channel), request) as Promise<Result<ResponseOf<C>>>;

const wallet = {
  appInfo: () => invoke('appInfo', undefined),
} satisfies WalletApi;

contextBridge.exposeInMainWorld('wallet', wallet);
