import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, GrantReminder, PaymentView, ProfileList, WalletApi } from '../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../common/locale.ts';
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
  /** The settings as the customer sees them: the main process's last answer with the changes still on their way. */
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
  /**
   * Shows the change at once (optimistic) and sends it; changes go to the main process one after another, in order.
   * Resolves once the main process has it; if it refuses, the change is taken back and the refusal thrown.
   */
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

    // Settings: what the main process last answered, the changes sent or waiting to be sent (in order), and the
    // chain that sends them one at a time so that the main process applies them in the order they were made.
    let confirmedSettings: Settings | undefined;
    let pendingChanges: { change: SettingsUpdate }[] = [];
    let settingsQueue: Promise<unknown> = Promise.resolve();
    const shownSettings = (): Pick<AppState, 'settings' | 'locale'> => {
      if (!confirmedSettings) return { locale: get().locale };
      if (pendingChanges.length === 0) return { settings: confirmedSettings, locale: confirmedSettings.locale };
      let settings = confirmedSettings;
      for (const { change } of pendingChanges) {
        if (change.language !== undefined) settings = { ...settings, language: change.language };
        if (change.allowWeakTokenStorage !== undefined) {
          settings = { ...settings, allowWeakTokenStorage: change.allowWeakTokenStorage };
        }
      }
      // A language of its own is the language in use at once; what `system` means is the main process's to say.
      // (What follows from a change, such as whether sign-ins survive a restart, waits for its answer.)
      const locale =
        settings.language !== 'system'
          ? settings.language
          : confirmedSettings.language === 'system'
            ? confirmedSettings.locale
            : get().locale;
      return { settings, locale };
    };

    const actions: AppActions = {
      async load() {
        try {
          const [appInfo, settings, profiles, session] = await Promise.all([
            unwrap(wallet.appInfo()),
            unwrap(wallet.getSettings()),
            unwrap(wallet.listProfiles()),
            unwrap(wallet.sessionStatus()),
          ]);
          confirmedSettings = settings;
          pendingChanges = [];
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
        const entry = { change };
        const idle = pendingChanges.length === 0;
        pendingChanges = [...pendingChanges, entry];
        set(shownSettings());
        // Nothing on its way: sent now; else after the changes before it have their answers.
        const send = () => unwrap(wallet.updateSettings(change));
        const answer = idle ? send() : settingsQueue.then(send);
        settingsQueue = answer.catch(() => undefined);
        try {
          confirmedSettings = await answer;
        } finally {
          // Answered or refused, this change is no longer on its way: what shows is the answer with the rest.
          pendingChanges = pendingChanges.filter((pending) => pending !== entry);
          set(shownSettings());
        }
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
