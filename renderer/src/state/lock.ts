import type { AppInfo, WalletApi } from '../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { LockStatus } from '../../../common/lock.ts';
import type { IdleMinutes } from '../../../common/passcode-rules.ts';
import type { Result } from '../../../common/result.ts';
import { unwrap } from '../lib/api.ts';
import type { WalletEvents } from './events.ts';

/** The app store's slice of the app lock, and whether the app is open at all. */
export interface LockSlice {
  /** `locked`: only the lock screen shows; nothing else is read from main until it is unlocked. */
  phase: 'loading' | 'ready' | 'unreachable' | 'locked';
  appInfo?: AppInfo;
  /** The app lock as main last told it. */
  lock?: LockStatus;
}

export interface LockActions {
  /** The lock's calls: each takes main's answer as the lock's state (a refusal is thrown, the state read again). */
  unlock(passcode: string): Promise<void>;
  lockNow(): Promise<void>;
  forgetPasscode(): Promise<void>;
  /** The keychain notice (issue 39): open the data key again, or start without the data it protects. */
  retryKeychain(): Promise<void>;
  startAfresh(): Promise<void>;
  setPasscode(next: string, current?: string): Promise<void>;
  removePasscode(current: string): Promise<void>;
  updateLockSettings(idleMinutes: IdleMinutes): Promise<void>;
  confirmPresence(passcode: string): Promise<void>;
}

export interface LockPart {
  actions: LockActions;
  /** The lock as main tells it, at a load or in an event. */
  take(lock: LockStatus): void;
}

export function lockSlice(options: {
  wallet: WalletApi;
  set: (patch: Partial<LockSlice> & { locale?: AppLocale }) => void;
  get: () => LockSlice;
  events: WalletEvents;
  /** Locked: what only an open app shows goes (the grant reminder). */
  locked: () => void;
  /** Unlocked: everything is read again, as the lock screen read nothing else. */
  unlocked: () => void;
  /** The passcode was forgotten: nothing the window held of the customer's stays. */
  forgotten: () => void;
}): LockPart {
  const { wallet, set, get } = options;
  /**
   * The lock as main tells it. Locking shows the lock screen at once (the screens behind it go, with what they
   * showed); unlocking reads everything again.
   */
  const take = (lock: LockStatus) => {
    const wasLocked = get().phase === 'locked';
    set({ lock, locale: lock.locale });
    if (lock.locked && !wasLocked) {
      set({ phase: 'locked' });
      options.locked();
    }
    if (!lock.locked && wasLocked) options.unlocked();
  };
  /** A lock call: its answer is the lock's state; a refusal may have changed it too (a wait, a wipe). */
  const lockCall = async (call: Promise<Result<LockStatus>>) => {
    try {
      take(await unwrap(call));
    } catch (error) {
      await unwrap(wallet.lockStatus()).then(take, () => undefined);
      throw error;
    }
  };
  options.events.on('lockChanged', take);
  return {
    take,
    actions: {
      unlock: (passcode) => lockCall(wallet.unlock({ passcode })),
      retryKeychain: () => lockCall(wallet.retryKeychain()),
      startAfresh: () => lockCall(wallet.startAfresh()),
      lockNow: () => lockCall(wallet.lockNow()),
      forgetPasscode: async () => {
        await lockCall(wallet.forgetPasscode());
        options.forgotten();
      },
      setPasscode: (next, current) => lockCall(wallet.setPasscode({ next, ...(current ? { current } : {}) })),
      removePasscode: (current) => lockCall(wallet.removePasscode({ current })),
      updateLockSettings: (idleMinutes) => lockCall(wallet.updateLockSettings({ idleMinutes })),
      confirmPresence: (passcode) => lockCall(wallet.confirmPresence({ passcode })),
    },
  };
}
