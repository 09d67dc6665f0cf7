import { gmtDay, type Clock } from '../../common/time.ts';
import type { GrantReminders } from '../auth/grant-reminders.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { CallLog } from '../calls/call-log.ts';
import type { LockService } from '../lock/lock-service.ts';
import type { FollowUp } from '../payments/follow-up.ts';
import type { PaymentsByCustomer } from '../payments/payments-by-customer.ts';
import type { WalletSecrets } from '../secrets/wallet-secrets.ts';
import type { EventBus } from './event-bus.ts';
import type { NoticePolicy } from './notice-policy.ts';
import type { DueNews } from '../due/due-handlers.ts';

/** How often the core ticks by itself (see CoreTicker): often enough for the follow-up's first wait (15 s). */
export const FOLLOW_UP_TICK_MS = 5_000;

export interface CoreTickOptions {
  clock: Clock;
  bus: EventBus;
  calls: CallLog;
  lock: LockService;
  secrets: WalletSecrets;
  sessions: SessionService;
  reminders: GrantReminders;
  followUp: FollowUp;
  payments: PaymentsByCustomer;
  notices: NoticePolicy;
  dueList(): Promise<DueNews | undefined>;
  activeProfile(): string;
}

/**
 * One tick of the core's own schedule (CoreTicker runs it): locks the app after the idle minutes, tells the window
 * of a new day, announces a grant reminder that has become due, follows up the signed-in customer's payments (see
 * FollowUp), and tells of payments that came due (NoticePolicy.due).
 */
export function coreTick(options: CoreTickOptions): () => Promise<void> {
  const { clock, bus, calls, lock, secrets } = options;
  /** Main's day as the last tick while unlocked saw it (the start's at first). */
  let day = gmtDay(clock.now());

  /** The active profile's signed-in customer's payments, followed up; nothing when nobody is signed in. */
  const followUpNow = async (): Promise<void> => {
    const profileId = options.activeProfile();
    let kennitala: string;
    try {
      ({ kennitala } = options.sessions.customer(profileId));
    } catch {
      return;
    }
    await options.followUp.run(await options.payments.of(profileId, kennitala));
  };

  return () => {
    // The calls made since the last tick, sealed and written: never on a call's own path.
    calls.flush();
    lock.checkIdle();
    // While locked nothing is opened: on a machine where the passcode protects the data key, it is not open yet; nor
    // while the keychain has not opened it.
    if (lock.locked || secrets.keychainUnavailable()) return Promise.resolve();
    // A new day (or the first tick after an unlock on one): the window reads again what it reckons from main's day.
    const now = gmtDay(clock.now());
    if (now !== day) bus.emit('dayChanged', {});
    day = now;
    options.reminders.check(options.activeProfile());
    return followUpNow().then(() => options.notices.due(options.dueList));
  };
}
