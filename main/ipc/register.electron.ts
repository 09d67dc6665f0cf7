import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { invokeChannelNames } from '../../common/bridge-contract.ts';
import { ipcChannel } from '../../common/ipc-channel.ts';
import { fail } from '../../common/result.ts';
import { dispatch, type HandlerTable } from './dispatch.ts';
import { isTrustedSender } from './trusted-sender.ts';

/** Registers every channel of the contract; a call from anywhere but the app's own main frame is refused. */
export function registerIpc(table: HandlerTable, isAppUrl: (url: string) => boolean): void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(ipcChannel(channel), (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isTrustedSender(event, isAppUrl)) return fail('FORBIDDEN_SENDER', 'This page may not use the wallet');
      return dispatch(table, channel, payload);
    });
  }
}
