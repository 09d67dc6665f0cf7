import type { HandlerTable, InvokeChannel } from '../../common/bridge-contract.ts';
import type { LockService } from './lock-service.ts';

export type LockHandlers = Pick<
  HandlerTable,
  | 'lockStatus'
  | 'unlock'
  | 'lockNow'
  | 'setPasscode'
  | 'removePasscode'
  | 'confirmPresence'
  | 'updateLockSettings'
  | 'forgetPasscode'
  | 'noteActivity'
>;

export function lockHandlers(lock: LockService): LockHandlers {
  return {
    lockStatus: () => lock.status(),
    unlock: ({ passcode }) => lock.unlock(passcode),
    lockNow: () => lock.lock('manual'),
    setPasscode: ({ next, current }) => lock.setPasscode(next, current),
    removePasscode: ({ current }) => lock.removePasscode(current),
    confirmPresence: ({ passcode }) => lock.confirmPresence(passcode),
    updateLockSettings: ({ idleMinutes }) => {
      lock.assertUnlocked();
      return lock.setIdleMinutes(idleMinutes);
    },
    forgetPasscode: () => lock.forgetPasscode(),
    // Only while unlocked (behindLock): a locked app is not kept from locking, it is locked.
    noteActivity: () => {
      lock.used();
      return {};
    },
  };
}

/**
 * What answers while the app is locked: the lock screen's own calls. Everything else answers LOCKED, so a channel
 * added later is locked unless it is listed here (a test walks the contract's list).
 */
export const OPEN_WHILE_LOCKED: ReadonlySet<InvokeChannel> = new Set<InvokeChannel>([
  'lockStatus',
  'unlock',
  'setPasscode',
  'forgetPasscode',
  // The keychain notice's (main/secrets/keychain-gate.ts): they act only while the keychain has not opened the key.
  'retryKeychain',
  'startAfresh',
]);

/**
 * The handler table behind the lock: every call first lets an idle lock fall, and is refused while locked unless the
 * lock screen needs it. No call counts as use but `noteActivity` (the window's report of a key, click, scroll or
 * touch) and the passcode entered (unlock, setPasscode, confirmPresence): a page that polls (the session every
 * minute, the follow-up's views) would otherwise keep the app open for ever. The presence check before a payment is
 * the payment service's (`beforeFirstSend`): it holds for every call that could send one.
 */
export function behindLock(table: HandlerTable, lock: LockService): HandlerTable {
  const guarded = {} as Record<InvokeChannel, (request: unknown) => unknown>;
  for (const channel of Object.keys(table) as InvokeChannel[]) {
    const handler = table[channel] as (request: unknown) => unknown;
    guarded[channel] = (request: unknown) => {
      lock.checkIdle();
      if (!OPEN_WHILE_LOCKED.has(channel)) lock.assertUnlocked();
      return handler(request);
    };
  }
  return guarded as HandlerTable;
}
