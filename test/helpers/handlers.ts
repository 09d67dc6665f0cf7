import { invokeChannelNames } from '../../common/bridge-contract.ts';
import { WalletError, type HandlerTable } from '../../main/ipc/dispatch.ts';

/** A handler table whose handlers all refuse, but for the ones a test gives. */
export function stubHandlers(overrides: Partial<HandlerTable>): HandlerTable {
  const table: Record<string, unknown> = {};
  for (const channel of invokeChannelNames) {
    table[channel] = () => {
      throw new WalletError('NOT_STUBBED', `${channel} is not stubbed`);
    };
  }
  return { ...(table as HandlerTable), ...overrides };
}
