import type { WalletEvents } from './events.ts';

export type Screen = 'pay' | 'history' | 'profiles' | 'settings' | 'calls';

/** The app store's slice of which screen shows, and what a screen is asked to show once it does. */
export interface NavigationSlice {
  screen: Screen;
  /** A payment the History screen opens when it shows (the Due list's link to a payment under way). */
  historyOpen?: string;
  /**
   * A notification of payments due was clicked: the Pay screen shows its Due list, with the focus on it, once (the
   * screen takes it, as History takes `historyOpen`).
   */
  dueWanted?: true;
}

export interface NavigationActions {
  go(screen: Screen): void;
  /** The History screen, with this payment opened. */
  showInHistory(id: string): void;
  /** The payment the History screen should open, once: it is forgotten as it is taken. */
  takeHistoryOpen(): string | undefined;
  /** A notification of payments due was clicked: the pay screen and its Due list. */
  showDue(): void;
  /** Whether the Due list was asked for (`showDue`), once: it is forgotten as it is taken. */
  takeDueWanted(): boolean;
}

export function navigationSlice(options: {
  set: (patch: Partial<NavigationSlice>) => void;
  get: () => NavigationSlice;
  events: WalletEvents;
  /** History is on screen: its badge goes. */
  historySeen: () => void;
}): NavigationActions {
  const { set, get } = options;
  const actions: NavigationActions = {
    go(screen) {
      set({ screen });
      if (screen === 'history') options.historySeen();
    },
    showInHistory(id) {
      set({ screen: 'history', historyOpen: id });
      options.historySeen();
    },
    takeHistoryOpen() {
      const id = get().historyOpen;
      if (id !== undefined) set({ historyOpen: undefined });
      return id;
    },
    showDue() {
      set({ screen: 'pay', dueWanted: true });
    },
    takeDueWanted() {
      const wanted = get().dueWanted === true;
      if (wanted) set({ dueWanted: undefined });
      return wanted;
    },
  };
  options.events.on('dueOpened', () => actions.showDue());
  return actions;
}
