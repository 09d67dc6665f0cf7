import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  RequestOf,
  ResponseOf,
  WalletApi,
} from '../common/bridge-contract.ts';
import { ipcChannel, ipcEventChannel } from '../common/ipc-channel.ts';
import type { Result } from '../common/result.ts';

// Only named methods cross the bridge: never ipcRenderer, an IPC event object or a generic invoke. Types only are
// imported from the contract, so this bundle stays small and requires nothing but electron.
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

const wallet = {
  appInfo: () => invoke('appInfo'),

  listProfiles: () => invoke('listProfiles'),
  switchProfile: (request) => invoke('switchProfile', request),
  saveProfile: (request) => invoke('saveProfile', request),
  removeProfile: (request) => invoke('removeProfile', request),

  sessionStatus: () => invoke('sessionStatus'),
  signIn: () => invoke('signIn'),
  cancelSignIn: () => invoke('cancelSignIn'),
  signOut: () => invoke('signOut'),

  listAccounts: () => invoke('listAccounts'),
  saveAccount: (request) => invoke('saveAccount', request),
  removeAccount: (request) => invoke('removeAccount', request),
  listPayees: () => invoke('listPayees'),
  savePayee: (request) => invoke('savePayee', request),
  removePayee: (request) => invoke('removePayee', request),

  dailyLimit: () => invoke('dailyLimit'),
  validatePayment: (request) => invoke('validatePayment', request),
  confirmPayment: (request) => invoke('confirmPayment', request),
  submitPayment: (request) => invoke('submitPayment', request),
  checkAgain: (request) => invoke('checkAgain', request),

  historyPage: (request) => invoke('historyPage', request),
  getPayment: (request) => invoke('getPayment', request),
  refreshStatus: (request) => invoke('refreshStatus', request),
  exportHistory: (request) => invoke('exportHistory', request),

  getSettings: () => invoke('getSettings'),
  updateSettings: (request) => invoke('updateSettings', request),

  onSessionChanged: subscribe('sessionChanged'),
  onPaymentChanged: subscribe('paymentChanged'),
  onGrantReminder: subscribe('grantReminder'),
} satisfies WalletApi;

contextBridge.exposeInMainWorld('wallet', wallet);
