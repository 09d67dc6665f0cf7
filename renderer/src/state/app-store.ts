import { createStore, type StoreApi } from 'zustand/vanilla';
import type { WalletApi } from '../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { Session } from '../../../common/session.ts';
import { unwrap } from '../lib/api.ts';
import { walletEvents, type WalletEvents } from './events.ts';
import { historyTrustSlice, type HistoryTrustActions, type HistoryTrustSlice } from './history-trust.ts';
import { lockSlice, type LockActions, type LockSlice } from './lock.ts';
import { navigationSlice, type NavigationActions, type NavigationSlice } from './navigation.ts';
import {
  initialPaymentsFeed,
  paymentsFeedSlice,
  type PaymentsFeedActions,
  type PaymentsFeedSlice,
} from './payments-feed.ts';
import { initialRequests, requestsSlice, type RequestsActions, type RequestsSlice } from './requests.ts';
import { customerOf, sessionSlice, type SessionActions, type SessionSlice } from './session.ts';
import { settingsSlice, type SettingsActions, type SettingsSlice } from './settings.ts';

export type { Screen } from './navigation.ts';
export { emptyDraft, type PayDraft, type RequestNotice } from './requests.ts';

/**
 * The app's shared state, one slice per job, each in its own file: the lock (lock.ts), the settings and language
 * (settings.ts), the profiles and session (session.ts), which screen shows (navigation.ts), the draft and the payment
 * requests that fill it (requests.ts), the payments feed (payments-feed.ts) and whether the history can be trusted
 * (history-trust.ts). Main's news reach them as typed events (`events`, events.ts), never as counters.
 */
export interface AppState
  extends LockSlice, SettingsSlice, SessionSlice, NavigationSlice, RequestsSlice, PaymentsFeedSlice, HistoryTrustSlice {
  /** Main's events, typed from the bridge contract: `events.on('dayChanged', ...)`. */
  events: WalletEvents;
  actions: AppActions;
}

export interface AppActions
  extends
    LockActions,
    SettingsActions,
    SessionActions,
    NavigationActions,
    RequestsActions,
    PaymentsFeedActions,
    HistoryTrustActions {
  load(): Promise<void>;
  /** Hears the main process's events (every slice's, and the screens' stores'); returns the stop. */
  listen(): () => void;
}

export type AppStore = StoreApi<AppState>;

/** The app's shared state: who is signed in where, in which language, and the draft being written. */
export function createAppStore(wallet: WalletApi, initialLocale: AppLocale = 'en'): AppStore {
  const events = walletEvents(wallet);
  return createStore<AppState>()((set, get) => {
    const trust = historyTrustSlice(
      wallet,
      (patch) => set(patch),
      () => customerOf(get().session),
      () => get().phase === 'ready' && customerOf(get().session) !== undefined,
    );
    /** Someone else's history (or nobody's) is on screen now: what was known of it goes, and it is read afresh. */
    const historyTrustFor = (session: Session) => {
      trust.forgetHistoryTrust();
      if (session.signedIn) trust.readHistoryTrust();
    };
    const navigation = navigationSlice({ set, get, events, historySeen: () => feed.seen() });
    const feed = paymentsFeedSlice({
      set,
      get,
      events,
      activeProfileId: () => session.activeProfileId(),
      customer: () => get().session?.maskedKennitala,
      historyShown: () => get().screen === 'history',
    });
    const requests = requestsSlice({
      wallet,
      set,
      get,
      events,
      locale: () => get().locale,
      showPay: () => set({ screen: 'pay' }),
    });
    const settings = settingsSlice({ wallet, set, get });
    const session = sessionSlice({
      wallet,
      set,
      get,
      events,
      customerChanged: historyTrustFor,
      profileChanged: () => {
        feed.forget();
        requests.forget();
      },
      signedOut: () => set({ screen: 'pay' }),
      callsGone: () => {
        if (get().screen === 'calls') set({ screen: 'pay' });
      },
    });
    const lock = lockSlice({
      wallet,
      set,
      get,
      events,
      locked: () => set({ reminderDialog: undefined }),
      unlocked: () => void actions.load(),
      forgotten: () => {
        // Whoever is at the keyboard now may not be the customer: nothing the window held of theirs stays.
        feed.forget();
        requests.forget();
        trust.forgetHistoryTrust();
      },
    });

    const actions: AppActions = {
      async load() {
        try {
          const status = await unwrap(wallet.lockStatus());
          if (status.locked) {
            const appInfo = get().appInfo ?? (await unwrap(wallet.appInfo()).catch(() => undefined));
            set({ phase: 'locked', lock: status, locale: status.locale, ...(appInfo ? { appInfo } : {}) });
            return;
          }
          set({ lock: status });
          const [appInfo, read, profiles, current] = await Promise.all([
            unwrap(wallet.appInfo()),
            unwrap(wallet.getSettings()),
            unwrap(wallet.listProfiles()),
            unwrap(wallet.sessionStatus()),
          ]);
          settings.loaded(read);
          session.loaded(profiles, current);
          set({ phase: 'ready', appInfo });
          // At start and after unlocking (the lock screen read nothing): whether the history can be trusted.
          historyTrustFor(current);
          // A link the system opened the app with before the window listened (or while it was locked).
          void actions.takePaymentRequest();
        } catch {
          set({ phase: 'unreachable' });
        }
      },
      listen: () => events.connect(),
      ...lock.actions,
      ...settings.actions,
      ...session.actions,
      ...navigation,
      ...requests.actions,
      ...feed.actions,
      ...trust,
    };

    return {
      phase: 'loading',
      locale: initialLocale,
      screen: 'pay',
      ...initialRequests(),
      ...initialPaymentsFeed(),
      events,
      actions,
    };
  });
}
