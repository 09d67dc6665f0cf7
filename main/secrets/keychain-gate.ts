import type { HandlerTable, InvokeChannel } from '../../common/bridge-contract.ts';
import type { LockStatus } from '../../common/lock.ts';
import { WalletError } from '../wallet-error.ts';
import { KeychainUnavailableError } from './key-protector.ts';
import type { BoxHolder, WalletSecrets } from './wallet-secrets.ts';

export type KeychainHandlers = Pick<HandlerTable, 'retryKeychain' | 'startAfresh'>;

/**
 * What answers while the keychain has not opened the stored data key (issue 39): the lock screen's question and its
 * two answers. Everything else is refused as LOCKED, as behind the app lock, so nothing reads an empty history or
 * writes a record in place of the one the key opens; a channel added later is refused unless it is listed here.
 */
export const OPEN_WHILE_KEYCHAIN_UNAVAILABLE: ReadonlySet<InvokeChannel> = new Set<InvokeChannel>([
  'lockStatus',
  'retryKeychain',
  'startAfresh',
  'appInfo',
]);

/** The lock's status as the window sees it: locked, with why, while the keychain has not opened the data key. */
export function withKeychain(status: LockStatus, secrets: WalletSecrets): LockStatus {
  const keychain = secrets.keychainUnavailable();
  return keychain ? { ...status, locked: true, keychain } : status;
}

/** "Try again" and "Start afresh" on the lock screen's keychain notice. */
export function keychainHandlers(
  secrets: WalletSecrets,
  holders: readonly BoxHolder[],
  lockStatus: () => LockStatus,
  onOpened: () => void,
): KeychainHandlers {
  return {
    retryKeychain: async () => {
      try {
        await secrets.retryKeychain(holders);
        onOpened();
      } catch (error) {
        // Still not open: the status says why now.
        if (!(error instanceof KeychainUnavailableError)) throw error;
      }
      return withKeychain(lockStatus(), secrets);
    },
    startAfresh: async () => {
      await secrets.startAfresh(holders);
      onOpened();
      return withKeychain(lockStatus(), secrets);
    },
  };
}

/** The handler table behind the keychain: see OPEN_WHILE_KEYCHAIN_UNAVAILABLE. */
export function behindKeychain(table: HandlerTable, secrets: WalletSecrets): HandlerTable {
  const guarded = {} as Record<InvokeChannel, (request: unknown) => unknown>;
  for (const channel of Object.keys(table) as InvokeChannel[]) {
    const handler = table[channel] as (request: unknown) => unknown;
    guarded[channel] = async (request: unknown) => {
      if (secrets.keychainUnavailable() && !OPEN_WHILE_KEYCHAIN_UNAVAILABLE.has(channel)) {
        throw new WalletError('LOCKED', 'The keychain has not opened the data on this computer: unlock it first');
      }
      const answer = await handler(request);
      return channel === 'lockStatus' ? withKeychain(answer as LockStatus, secrets) : answer;
    };
  }
  return guarded as HandlerTable;
}
