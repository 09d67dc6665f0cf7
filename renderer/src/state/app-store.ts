import { createStore, type StoreApi } from 'zustand/vanilla';
import { displayAccount } from '../../../common/account-number.ts';
import { formatKennitala } from '../../../common/kennitala.ts';
import type { RequestNameClaim } from '../../../common/payment-request.ts';
import { regroupAmount } from '../lib/format-input.ts';
import type {
  AppInfo,
  DraftField,
  GrantReminder,
  PaymentView,
  ProfileChange,
  ProfileList,
  ReadPaymentRequest,
  WalletApi,
} from '../../../common/bridge-contract.ts';
import type { TesterTools } from '../../../common/bank-calls.ts';
import type { LockStatus } from '../../../common/lock.ts';
import type { IdleMinutes } from '../../../common/passcode-rules.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { Session } from '../../../common/session.ts';
import type { Settings, SettingsUpdate } from '../../../common/settings.ts';
import type { Result } from '../../../common/result.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { historyTrustSlice, type HistoryTrustActions, type HistoryTrustSlice } from './history-trust.ts';
import { isSame, isStale } from './payment-versions.ts';

export type Screen = 'pay' | 'history' | 'profiles' | 'settings' | 'calls';

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

/**
 * What the pay form says of a payment request: filled from one (whose fields it marks as checked, as if typed), with
 * its name and what main said of that name (the requester's claim, next to the saved payees), or one refused with
 * its REQUEST_* code. `seq` tells one request from the next.
 */
export type RequestNotice =
  | { kind: 'filled'; seq: number; name?: string; claim?: RequestNameClaim; fields: DraftField[] }
  | { kind: 'refused'; seq: number; code: string };

export interface AppState extends HistoryTrustSlice {
  /** `locked`: only the lock screen shows; nothing else is read from main until it is unlocked. */
  phase: 'loading' | 'ready' | 'unreachable' | 'locked';
  appInfo?: AppInfo;
  /** The app lock as main last told it. */
  lock?: LockStatus;
  /** The settings as the customer sees them: the main process's last answer with the changes still on their way. */
  settings?: Settings;
  locale: AppLocale;
  profiles?: ProfileList;
  session?: Session;
  screen: Screen;
  /** The sign-in that failed, by its error code, until the next attempt. */
  signInError?: string;
  /** The grant reminder dialog (one day left), until dismissed: once per grant and run of the app. */
  reminderDialog?: GrantReminder;
  draft: PayDraft;
  /**
   * The latest change to one of the active customer's payments, from main's events or from answers (see
   * `notePayment`): never older than what the app has already seen of that payment. The pay and history stores
   * follow it; screens read those.
   */
  paymentChange?: PaymentView;
  /** Payments whose outcome the app learned by itself since the history was last looked at (its badge). */
  unseenOutcomes: readonly string[];
  requestNotice?: RequestNotice;
  /** Counts the customer's clicks on a notification of payments due: the pay screen shows its Due list at each. */
  dueShown: number;
  /** Counts the times main said its day moved on (`dayChanged`): what is reckoned from that day is read again. */
  mainDay: number;
  /** A payment the History screen opens when it shows (the Due list's link to a payment under way). */
  historyOpen?: string;
  /**
   * The tester's tools the active profile and this build show (the Bank calls screen, the local sandbox's panel), as
   * main last said: none until it has, and none where it could not say.
   */
  testerTools?: TesterTools;
  actions: AppActions;
}

export interface AppActions extends HistoryTrustActions {
  load(): Promise<void>;
  go(screen: Screen): void;
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
  /**
   * Shows the change at once (optimistic) and sends it; changes go to the main process one after another, in order.
   * Resolves once the main process has it; if it refuses, the change is taken back and the refusal thrown.
   */
  updateSettings(change: SettingsUpdate): Promise<void>;
  setDraft(patch: Partial<PayDraft>): void;
  resetDraft(): void;
  dismissReminder(): void;
  /**
   * Fills the pay form from a payment request (never pays: the form checks every field as typed, then the review as
   * always); the form shows, saying where it came from.
   */
  fillFromRequest(read: ReadPaymentRequest): void;
  /**
   * A link pasted or read from a QR code: main reads it; the form is filled, or says why the link is refused.
   * Resolves true when the form was filled.
   */
  openRequestLink(link: string): Promise<boolean>;
  /** The link the system opened the app with, if one is waiting. */
  takePaymentRequest(): Promise<void>;
  /** A request that could not even be read (an image without a QR code): the form says why. */
  refuseRequest(code: string): void;
  dismissRequestNotice(): void;
  /**
   * A payment as an answer brought it (a send, a check again, a status refresh): kept as the newest version when it
   * is, and announced like an event. Returns the newest version the app knows, which may be one an event brought
   * while the answer was on its way.
   */
  notePayment(payment: PaymentView): PaymentView;
  /** The History screen, with this payment opened. */
  showInHistory(id: string): void;
  /** The payment the History screen should open, once: it is forgotten as it is taken. */
  takeHistoryOpen(): string | undefined;
  /** A notification of payments due was clicked: the pay screen and its Due list. */
  showDue(): void;
  /** Subscribes to the main process's events; returns the unsubscribe. */
  listen(): () => void;
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
  /**
   * Asks main which tester's tools the active profile shows (again when the profile or its session changes); the
   * Bank calls screen, if it is on screen and no longer shown, gives way to the pay screen.
   */
  readTesterTools(): Promise<void>;
}

export type AppStore = StoreApi<AppState>;

/** The app's shared state: who is signed in where, in which language, and the draft being written. */
export function createAppStore(wallet: WalletApi, initialLocale: AppLocale = 'en'): AppStore {
  return createStore<AppState>()((set, get) => {
    const activeProfileId = () => get().profiles?.profiles.find((profile) => profile.active)?.id;

    // What arrives from main, events and answers alike, is taken or dropped here and nowhere else.

    /** A session is the active profile's, or from before a switch (an answer or event overtaken by it). */
    const takeSession = (session: Session) => {
      if (session.profileId !== activeProfileId()) return;
      const before = customerOf(get().session);
      set({ session });
      remindFrom(session);
      if (customerOf(session) !== before) historyTrustFor(session);
    };

    /** Whose payment history the window shows: the profile's signed-in customer's, or nobody's. */
    const customerOf = (session: Session | undefined) =>
      session?.signedIn ? `${session.profileId}|${session.maskedKennitala ?? ''}` : undefined;
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
      remind({
        profileId: session.profileId,
        reminder: 1,
        daysLeft: session.daysLeft ?? 0,
        grantEnd: session.grantEnd,
      });
    };

    /** The newest version seen of each of the active profile's payments in this run. */
    let payments = new Map<string, PaymentView>();
    /**
     * A payment version is taken when it is the active profile's and, while someone is signed in, that customer's
     * (a send of another profile or customer may still be finishing), and not older than what was already seen.
     */
    const takePayment = (payment: PaymentView): PaymentView => {
      const { session } = get();
      if (payment.profileId !== activeProfileId()) return payment;
      if (session?.maskedKennitala && payment.order.debtorKennitala !== session.maskedKennitala) return payment;
      const known = payments.get(payment.id);
      if (known && isStale(payment, known)) return known;
      payments.set(payment.id, payment);
      if (!isSame(payment, known)) set({ paymentChange: payment });
      return payment;
    };

    /** An outcome the app learned by itself: counted on the history's badge unless the history is on screen. */
    const takeOutcome = (payment: PaymentView) => {
      takePayment(payment);
      // Only the active customer's payments are kept (the change event may have brought this one first).
      if (!payments.has(payment.id)) return;
      const { screen, unseenOutcomes } = get();
      if (screen !== 'history' && !unseenOutcomes.includes(payment.id)) {
        set({ unseenOutcomes: [...unseenOutcomes, payment.id] });
      }
    };

    /** Another profile is active: what belonged to the one before goes. */
    const profileChanged = (change: ProfileChange) => {
      const { session, ...profiles } = change;
      payments = new Map();
      set({
        profiles,
        session,
        draft: emptyDraft(),
        signInError: undefined,
        reminderDialog: undefined,
        paymentChange: undefined,
        unseenOutcomes: [],
        requestNotice: undefined,
      });
      remindFrom(session);
      historyTrustFor(session);
    };

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

    /**
     * The lock as main tells it. Locking shows the lock screen at once (the screens behind it go, with what they
     * showed); unlocking reads everything again, as the lock screen read nothing else.
     */
    const takeLock = (lock: LockStatus) => {
      const wasLocked = get().phase === 'locked';
      set({ lock, locale: lock.locale });
      if (lock.locked && !wasLocked) set({ phase: 'locked', reminderDialog: undefined });
      if (!lock.locked && wasLocked) void actions.load();
    };
    /** A lock call: its answer is the lock's state; a refusal may have changed it too (a wait, a wipe). */
    const lockCall = async (call: Promise<Result<LockStatus>>) => {
      try {
        takeLock(await unwrap(call));
      } catch (error) {
        await unwrap(wallet.lockStatus()).then(takeLock, () => undefined);
        throw error;
      }
    };

    /** Tells one payment request's notice from the next. */
    let requestSeq = 0;
    /** Tells one question about the tester's tools from the next: only the last one's answer is taken. */
    let toolsSeq = 0;
    const actions: AppActions = {
      async load() {
        try {
          const lock = await unwrap(wallet.lockStatus());
          if (lock.locked) {
            const appInfo = get().appInfo ?? (await unwrap(wallet.appInfo()).catch(() => undefined));
            set({ phase: 'locked', lock, locale: lock.locale, ...(appInfo ? { appInfo } : {}) });
            return;
          }
          set({ lock });
          const [appInfo, settings, profiles, session] = await Promise.all([
            unwrap(wallet.appInfo()),
            unwrap(wallet.getSettings()),
            unwrap(wallet.listProfiles()),
            unwrap(wallet.sessionStatus()),
          ]);
          confirmedSettings = settings;
          pendingChanges = [];
          set({ phase: 'ready', appInfo, settings, locale: settings.locale, profiles, session });
          remindFrom(session);
          // At start and after unlocking (the lock screen read nothing): whether the history can be trusted.
          historyTrustFor(session);
          // A link the system opened the app with before the window listened (or while it was locked).
          void actions.takePaymentRequest();
        } catch {
          set({ phase: 'unreachable' });
        }
      },
      go(screen) {
        set(screen === 'history' ? { screen, unseenOutcomes: [] } : { screen });
      },
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
        set({ screen: 'pay' });
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
        set({ draft: emptyDraft(), requestNotice: undefined });
      },
      dismissReminder() {
        set({ reminderDialog: undefined });
      },
      fillFromRequest({ request, name: claim }) {
        const fields: DraftField[] = ['depositKennitala', 'depositAccount'];
        if (request.amount !== undefined) fields.push('amount');
        if (request.message !== undefined) fields.push('extendedReference');
        set({
          screen: 'pay',
          draft: {
            ...emptyDraft(),
            debtorAccount: get().draft.debtorAccount,
            depositKennitala: formatKennitala(request.kennitala),
            depositAccount: displayAccount(request.account),
            payeeName: request.name ?? '',
            amount: request.amount === undefined ? '' : regroupAmount(String(request.amount), get().locale),
            extendedReference: request.message ?? '',
          },
          requestNotice: {
            kind: 'filled',
            seq: ++requestSeq,
            fields,
            ...(request.name ? { name: request.name } : {}),
            ...(claim ? { claim } : {}),
          },
        });
      },
      async openRequestLink(link) {
        try {
          actions.fillFromRequest(await unwrap(wallet.readPaymentRequest({ link })));
          return true;
        } catch (error) {
          actions.refuseRequest(errorCode(error));
          return false;
        }
      },
      async takePaymentRequest() {
        const opened = await unwrap(wallet.takePaymentRequest()).catch(() => undefined);
        if (opened?.request)
          actions.fillFromRequest({ request: opened.request, ...(opened.name ? { name: opened.name } : {}) });
        else if (opened?.error) {
          set({ screen: 'pay' });
          actions.refuseRequest(opened.error);
        }
      },
      refuseRequest(code) {
        // What an earlier request filled in must not stand under this refusal as if this link had filled it: the
        // form keeps only the account paid from. A form the customer typed themselves is left as it is.
        const fromRequest = get().requestNotice?.kind === 'filled';
        set({
          requestNotice: { kind: 'refused', seq: ++requestSeq, code },
          ...(fromRequest ? { draft: { ...emptyDraft(), debtorAccount: get().draft.debtorAccount } } : {}),
        });
      },
      dismissRequestNotice() {
        set({ requestNotice: undefined });
      },
      notePayment: takePayment,
      showInHistory(id) {
        set({ screen: 'history', unseenOutcomes: [], historyOpen: id });
      },
      takeHistoryOpen() {
        const id = get().historyOpen;
        if (id !== undefined) set({ historyOpen: undefined });
        return id;
      },
      showDue() {
        set({ screen: 'pay', dueShown: get().dueShown + 1 });
      },
      ...trust,
      unlock: (passcode) => lockCall(wallet.unlock({ passcode })),
      retryKeychain: () => lockCall(wallet.retryKeychain()),
      startAfresh: () => lockCall(wallet.startAfresh()),
      lockNow: () => lockCall(wallet.lockNow()),
      forgetPasscode: async () => {
        await lockCall(wallet.forgetPasscode());
        // Whoever is at the keyboard now may not be the customer: nothing the window held of theirs stays.
        payments = new Map();
        set({ draft: emptyDraft(), paymentChange: undefined, unseenOutcomes: [], requestNotice: undefined });
        trust.forgetHistoryTrust();
      },
      setPasscode: (next, current) => lockCall(wallet.setPasscode({ next, ...(current ? { current } : {}) })),
      removePasscode: (current) => lockCall(wallet.removePasscode({ current })),
      updateLockSettings: (idleMinutes) => lockCall(wallet.updateLockSettings({ idleMinutes })),
      confirmPresence: (passcode) => lockCall(wallet.confirmPresence({ passcode })),
      async readTesterTools() {
        const seq = ++toolsSeq;
        const testerTools = await unwrap(wallet.testerTools()).catch(() => ({ calls: false, sandbox: false }));
        if (seq !== toolsSeq) return;
        set({ testerTools });
        if (!testerTools.calls && get().screen === 'calls') set({ screen: 'pay' });
      },
      listen() {
        const stops = [
          wallet.onSessionChanged(takeSession),
          wallet.onPaymentChanged((payment) => void takePayment(payment)),
          wallet.onPaymentOutcome(takeOutcome),
          wallet.onGrantReminder(remind),
          wallet.onLockChanged(takeLock),
          wallet.onPaymentRequestOpened(() => void actions.takePaymentRequest()),
          wallet.onDueOpened(() => actions.showDue()),
          wallet.onDayChanged(() => set({ mainDay: get().mainDay + 1 })),
        ];
        return () => stops.forEach((stop) => stop());
      },
    };

    return {
      phase: 'loading',
      locale: initialLocale,
      screen: 'pay',
      draft: emptyDraft(),
      unseenOutcomes: [],
      dueShown: 0,
      mainDay: 0,
      actions,
    };
  });
}
