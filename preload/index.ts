import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_CHANNEL_NAMES,
  eventMethodName,
  INVOKE_CHANNEL_NAMES,
  type EventChannel,
  type InvokeChannel,
} from '../common/bridge-channels.ts';
import type { EventPayload, RequestOf, ResponseOf, WalletApi } from '../common/bridge-contract.ts';
import { ipcChannel, ipcEventChannel } from '../common/ipc-channel.ts';
import type { Result } from '../common/result.ts';

// Only named methods cross the bridge: never ipcRenderer, an IPC event object or a generic invoke. From the contract
// only its channel names (no schemas) and types are imported, so this bundle stays small and requires only electron.
const invoke = <C extends InvokeChannel>(channel: C, request?: RequestOf<C>): Promise<Result<ResponseOf<C>>> =>
  ipcRenderer.invoke(ipcChannel(channel), request) as Promise<Result<ResponseOf<C>>>;

/** Subscribes to one event; the listener gets the payload only, and the returned function unsubscribes. */
const subscribe =
  <E extends EventChannel>(channel: E) =>
  (listener: (payload: EventPayload<E>) => void): (() => void) => {
    const name = ipcEventChannel(channel);
    const forward = (_event: IpcRendererEvent, payload: EventPayload<E>) => listener(payload);
    ipcRenderer.on(name, forward);
    return () => {
      ipcRenderer.removeListener(name, forward);
    };
  };

// One method per channel of the contract, named as the contract names it: the list comes from the contract's names
// (zod-free), so a new channel needs nothing here.
const wallet = Object.fromEntries([
  ...INVOKE_CHANNEL_NAMES.map((channel) => [channel, (request?: unknown) => invoke(channel, request as never)]),
  ...EVENT_CHANNEL_NAMES.map((channel) => [eventMethodName(channel), subscribe(channel)]),
]) as WalletApi;

contextBridge.exposeInMainWorld('wallet', wallet);
