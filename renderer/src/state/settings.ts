import type { WalletApi } from '../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { Settings, SettingsUpdate } from '../../../common/settings.ts';
import { unwrap } from '../lib/api.ts';

/** The app store's slice of the settings, and the language in use. */
export interface SettingsSlice {
  /** The settings as the customer sees them: the main process's last answer with the changes still on their way. */
  settings?: Settings;
  locale: AppLocale;
}

export interface SettingsActions {
  /**
   * Shows the change at once (optimistic) and sends it; changes go to the main process one after another, in order.
   * Resolves once the main process has it; if it refuses, the change is taken back and the refusal thrown.
   */
  updateSettings(change: SettingsUpdate): Promise<void>;
}

export interface SettingsPart {
  actions: SettingsActions;
  /** Main's settings as read at a load: what shows, nothing on its way. */
  loaded(settings: Settings): void;
}

export function settingsSlice(options: {
  wallet: WalletApi;
  set: (patch: Partial<SettingsSlice>) => void;
  get: () => SettingsSlice;
}): SettingsPart {
  const { wallet, set, get } = options;
  // What the main process last answered, the changes sent or waiting to be sent (in order), and the chain that sends
  // them one at a time so that the main process applies them in the order they were made.
  let confirmedSettings: Settings | undefined;
  let pendingChanges: { change: SettingsUpdate }[] = [];
  let settingsQueue: Promise<unknown> = Promise.resolve();
  const shownSettings = (): Partial<SettingsSlice> => {
    if (!confirmedSettings) return { locale: get().locale };
    if (pendingChanges.length === 0) return { settings: confirmedSettings, locale: confirmedSettings.locale };
    let settings = confirmedSettings;
    for (const { change } of pendingChanges) {
      if (change.language !== undefined) settings = { ...settings, language: change.language };
      if (change.allowWeakTokenStorage !== undefined) {
        settings = { ...settings, allowWeakTokenStorage: change.allowWeakTokenStorage };
      }
      if (change.notificationDetails !== undefined) {
        settings = { ...settings, notificationDetails: change.notificationDetails };
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
  return {
    actions: {
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
    },
    loaded(settings) {
      confirmedSettings = settings;
      pendingChanges = [];
      set({ settings, locale: settings.locale });
    },
  };
}
