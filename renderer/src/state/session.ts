import type { GrantReminder, ProfileChange, ProfileList, WalletApi } from '../../../common/bridge-contract.ts';
import type { TesterTools } from '../../../common/bank-calls.ts';
import type { Session } from '../../../common/session.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import type { WalletEvents } from './events.ts';

/** The app store's slice of the profiles, who is signed in at the active one, and what comes with that. */
export interface SessionSlice {
  profiles?: ProfileList;
  session?: Session;
  /** The sign-in that failed, by its error code, until the next attempt. */
  signInError?: string;
  /** The grant reminder dialog (one day left), until dismissed: once per grant and run of the app. */
  reminderDialog?: GrantReminder;
  /**
   * The tester's tools the active profile and this build show (the Bank calls screen, the local sandbox's panel), as
   * main last said: none until it has, and none where it could not say.
   */
  testerTools?: TesterTools;
}

export interface SessionActions {
  signIn(): Promise<void>;
  cancelSignIn(): Promise<void>;
  signOut(): Promise<void>;
  refreshSession(): Promise<void>;
  /** One call: main answers with the profiles and the now active profile's session. */
  switchProfile(id: string): Promise<void>;
  /** Removes (or resets, for a shipped one) a profile; removing the active one switches to another, in one call. */
  removeProfile(id: string): Promise<void>;
  /** The profiles after a save; the session is read again, as a save may have ended it. */
  setProfiles(list: ProfileList): void;
  dismissReminder(): void;
  /**
   * Asks main which tester's tools the active profile shows (again when the profile or its session changes); the
   * Bank calls screen, if it is on screen and no longer shown, gives way to the pay screen.
   */
  readTesterTools(): Promise<void>;
}

export interface SessionPart {
  actions: SessionActions;
  /** The profiles and the session as read at a load. */
  loaded(profiles: ProfileList, session: Session): void;
  activeProfileId(): string | undefined;
}

/** Whose payment history the window shows: the profile's signed-in customer's, or nobody's. */
export const customerOf = (session: Session | undefined): string | undefined =>
  session?.signedIn ? `${session.profileId}|${session.maskedKennitala ?? ''}` : undefined;

export function sessionSlice(options: {
  wallet: WalletApi;
  set: (patch: Partial<SessionSlice>) => void;
  get: () => SessionSlice;
  events: WalletEvents;
  /** Another customer (or nobody) at the active profile: what the window knew of the one before goes. */
  customerChanged: (session: Session) => void;
  /** Another profile is active: what belonged to the one before goes (the draft, the payments, the notice). */
  profileChanged: (session: Session) => void;
  /** Signed out: the pay screen. */
  signedOut: () => void;
  /** The Bank calls screen is no longer shown: if it is on screen, the pay screen instead. */
  callsGone: () => void;
}): SessionPart {
  const { wallet, set, get } = options;
  const activeProfileId = () => get().profiles?.profiles.find((profile) => profile.active)?.id;

  /** The last day's reminders already shown in this run, by profile and grant. */
  const reminded = new Set<string>();
  const remind = (reminder: GrantReminder) => {
    if (reminder.reminder !== 1 || reminder.profileId !== activeProfileId()) return;
    const key = `${reminder.profileId}|${reminder.grantEnd}`;
    if (reminded.has(key)) return;
    reminded.add(key);
    set({ reminderDialog: reminder });
  };
  /**
   * A session on its grant's last day opens the dialog too. Main announces a reminder once per run, and that may
   * be before the app knows which profile is active (the first status read announces it, while the app is still
   * loading), before this window opened, or for a profile switched to later without a status read.
   */
  const remindFrom = (session: Session) => {
    if (!session.signedIn || session.reminder !== 1 || session.grantEnd === undefined) return;
    remind({ profileId: session.profileId, reminder: 1, daysLeft: session.daysLeft ?? 0, grantEnd: session.grantEnd });
  };

  /** A session is the active profile's, or from before a switch (an answer or event overtaken by it). */
  const takeSession = (session: Session) => {
    if (session.profileId !== activeProfileId()) return;
    const before = customerOf(get().session);
    set({ session });
    remindFrom(session);
    if (customerOf(session) !== before) options.customerChanged(session);
  };

  /** Another profile is active: what belonged to the one before goes. */
  const profileChanged = (change: ProfileChange) => {
    const { session, ...profiles } = change;
    set({ profiles, session, signInError: undefined, reminderDialog: undefined });
    options.profileChanged(session);
    remindFrom(session);
    options.customerChanged(session);
  };

  /** Tells one question about the tester's tools from the next: only the last one's answer is taken. */
  let toolsSeq = 0;
  const actions: SessionActions = {
    async signIn() {
      set({ signInError: undefined });
      try {
        takeSession(await unwrap(wallet.signIn()));
      } catch (error) {
        set({ signInError: errorCode(error) });
        await actions.refreshSession();
      }
    },
    async cancelSignIn() {
      try {
        takeSession(await unwrap(wallet.cancelSignIn()));
      } catch {
        await actions.refreshSession();
      }
    },
    async signOut() {
      takeSession(await unwrap(wallet.signOut()));
      options.signedOut();
    },
    async refreshSession() {
      try {
        takeSession(await unwrap(wallet.sessionStatus()));
      } catch {
        // The next event or action tries again; what is on screen stays.
      }
    },
    async switchProfile(id) {
      profileChanged(await unwrap(wallet.switchProfile({ id })));
    },
    async removeProfile(id) {
      const change = await unwrap(wallet.removeProfile({ id }));
      if (change.session.profileId !== activeProfileId()) return profileChanged(change);
      // Another profile went, or the active one was reset (a shipped one starts signed out again).
      const { session, ...profiles } = change;
      set({ profiles });
      takeSession(session);
    },
    setProfiles(profiles) {
      set({ profiles });
      void actions.refreshSession();
    },
    dismissReminder() {
      set({ reminderDialog: undefined });
    },
    async readTesterTools() {
      const seq = ++toolsSeq;
      const testerTools = await unwrap(wallet.testerTools()).catch(() => ({ calls: false, sandbox: false }));
      if (seq !== toolsSeq) return;
      set({ testerTools });
      if (!testerTools.calls) options.callsGone();
    },
  };
  options.events.on('sessionChanged', takeSession);
  options.events.on('grantReminder', remind);
  return {
    actions,
    activeProfileId,
    loaded(profiles, session) {
      set({ profiles, session });
      remindFrom(session);
    },
  };
}
