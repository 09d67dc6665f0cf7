import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, GrantReminder, PaymentView, ProfileList, WalletApi } from '../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../common/isk-amount.ts';
import type { Session } from '../../../common/session.ts';
import type { Settings, SettingsUpdate } from '../../../common/settings.ts';
import { errorCode, unwrap } from '../lib/api.ts';

export type Screen = 'pay' | 'history' | 'profiles' | 'settings';

/** What the customer has typed in the pay form: kept through a renewed sign-in, cleared on a profile switch. */
export interface PayDraft {
  debtorAccount: string;
  depositKennitala: string;
  depositAccount: string;
  amount: string;
  endToEndId: string;
  extendedReference: string;
  payeeName: string;
}

export const emptyDraft = (): PayDraft => ({
  debtorAccount: '',
  depositKennitala: '',
  depositAccount: '',
  amount: '',
  endToEndId: '',
  extendedReference: '',
  payeeName: '',
});

export interface AppState {
  phase: 'loading' | 'ready' | 'unreachable';
  appInfo?: AppInfo;
  settings?: Settings;
  locale: AppLocale;
  profiles?: ProfileList;
  session?: Session;
  screen: Screen;
  /** The sign-in that failed, by its error code, until the next attempt. */
  signInError?: string;
  /** The grant reminder dialog (one day left), until dismissed. */
  reminderDialog?: GrantReminder;
  draft: PayDraft;
  /** The latest change to any payment, from the main process; screens refresh on it. */
  lastPaymentChange?: PaymentView;
  actions: AppActions;
}

export interface AppActions {
  load(): Promise<void>;
  go(screen: Screen): void;
  signIn(): Promise<void>;
  cancelSignIn(): Promise<void>;
  signOut(): Promise<void>;
  refreshSession(): Promise<void>;
  switchProfile(id: string): Promise<void>;
  setProfiles(list: ProfileList): void;
  updateSettings(change: SettingsUpdate): Promise<void>;
  setDraft(patch: Partial<PayDraft>): void;
  resetDraft(): void;
  dismissReminder(): void;
  /** Subscribes to the main process's events; returns the unsubscribe. */
  listen(): () => void;
}

export type AppStore = StoreApi<AppState>;

/** The app's shared state: who is signed in where, in which language, and the draft being written. */
export function createAppStore(wallet: WalletApi, initialLocale: AppLocale = 'en'): AppStore {
  return createStore<AppState>()((set, get) => {
    const activeProfileId = () => get().profiles?.profiles.find((profile) => profile.active)?.id;

    const actions: AppActions = {
      async load() {
        try {
          const [appInfo, settings, profiles, session] = await Promise.all([
            unwrap(wallet.appInfo()),
            unwrap(wallet.getSettings()),
            unwrap(wallet.listProfiles()),
            unwrap(wallet.sessionStatus()),
          ]);
          set({ phase: 'ready', appInfo, settings, locale: settings.locale, profiles, session });
        } catch {
          set({ phase: 'unreachable' });
        }
      },
      go(screen) {
        set({ screen });
      },
      async signIn() {
        set({ signInError: undefined });
        try {
          set({ session: await unwrap(wallet.signIn()) });
        } catch (error) {
          set({ signInError: errorCode(error) });
          await actions.refreshSession();
        }
      },
      async cancelSignIn() {
        try {
          set({ session: await unwrap(wallet.cancelSignIn()) });
        } catch {
          await actions.refreshSession();
        }
      },
      async signOut() {
        set({ session: await unwrap(wallet.signOut()), screen: 'pay' });
      },
      async refreshSession() {
        try {
          set({ session: await unwrap(wallet.sessionStatus()) });
        } catch {
          // The next event or action tries again; what is on screen stays.
        }
      },
      async switchProfile(id) {
        const profiles = await unwrap(wallet.switchProfile({ id }));
        const session = await unwrap(wallet.sessionStatus());
        set({ profiles, session, draft: emptyDraft(), signInError: undefined, reminderDialog: undefined });
      },
      setProfiles(profiles) {
        set({ profiles });
        void actions.refreshSession();
      },
      async updateSettings(change) {
        const settings = await unwrap(wallet.updateSettings(change));
        set({ settings, locale: settings.locale });
      },
      setDraft(patch) {
        set({ draft: { ...get().draft, ...patch } });
      },
      resetDraft() {
        set({ draft: emptyDraft() });
      },
      dismissReminder() {
        set({ reminderDialog: undefined });
      },
      listen() {
        const stops = [
          wallet.onSessionChanged((session) => {
            if (session.profileId === activeProfileId()) set({ session });
          }),
          wallet.onPaymentChanged((payment) => set({ lastPaymentChange: payment })),
          wallet.onGrantReminder((reminder) => {
            if (reminder.profileId === activeProfileId() && reminder.reminder === 1) set({ reminderDialog: reminder });
          }),
        ];
        return () => stops.forEach((stop) => stop());
      },
    };

    return { phase: 'loading', locale: initialLocale, screen: 'pay', draft: emptyDraft(), actions };
  });
}
