import { join } from 'node:path';
import { eventChannels, type EventChannel, type EventPayload, type HandlerTable } from '../common/bridge-contract.ts';
import type { DueItem } from '../common/due-payment.ts';
import type { AppLocale } from '../common/locale.ts';
import type { PaymentIntent } from '../common/payment.ts';
import { gmtDay } from '../common/time.ts';
import { addressBookHandlers } from './address-book/address-book-handlers.ts';
import { AddressBook } from './address-book/address-book.ts';
import { GrantReminders } from './auth/grant-reminders.ts';
import { sessionHandlers } from './auth/session-handlers.ts';
import { SessionService } from './auth/session-service.ts';
import { TokenVault } from './auth/token-vault.ts';
import { bankClients } from './bank/bank-clients.ts';
import { callHandlers } from './calls/call-handlers.ts';
import { CallLog } from './calls/call-log.ts';
import { LastErrors } from './calls/last-errors.ts';
import { behindLock, lockHandlers } from './lock/lock-handlers.ts';
import { LockService } from './lock/lock-service.ts';
import { backupHandlers } from './backup/backup-handlers.ts';
import { BackupService } from './backup/backup-service.ts';
import { dueHandlers } from './due/due-handlers.ts';
import { dueNotice } from './due/due-notice.ts';
import { DuePayments } from './due/due-payments.ts';
import { FollowUp } from './payments/follow-up.ts';
import { outcomeNotice } from './payments/outcome-notice.ts';
import { PaymentRequests } from './payments/payment-request-handlers.ts';
import { paymentHandlers } from './payments/payment-handlers.ts';
import { paymentView, type PaymentViews } from './payments/payment-view.ts';
import { PaymentsByCustomer } from './payments/payments-by-customer.ts';
import type { Platform } from './platform/platform.ts';
import { connectLocalSandbox } from './profiles/connect-local-sandbox.ts';
import { CoreTicker } from './core-ticker.ts';
import { profileHandlers } from './profiles/profile-handlers.ts';
import { ProfileService } from './profiles/profile-service.ts';
import type { SecretBox } from './secrets/secret-box.ts';
import { JsonFileStore } from './storage/json-file-store.ts';
import { fileLog, type AppLog } from './log/app-log.ts';
import { behindKeychain, keychainHandlers, withKeychain } from './secrets/keychain-gate.ts';
import { WalletSecrets } from './secrets/wallet-secrets.ts';
import { settingsHandlers } from './settings/settings-handlers.ts';
import { SettingsService } from './settings/settings-service.ts';

/** How often the core ticks by itself (see CoreTicker): often enough for the follow-up's first wait (15 s). */
export const FOLLOW_UP_TICK_MS = 5_000;

/** An event for the renderer, already checked against the contract. */
export type WalletEvent = { [E in EventChannel]: { channel: E; payload: EventPayload<E> } }[EventChannel];

export interface Wallet {
  /** One handler per invoke channel: the same table serves Electron's IPC and the browser harness. */
  handlers: HandlerTable;
  /** The app's own log: what went wrong that the customer sees only as a message (issue 39). */
  log: AppLog;
  onEvent(listener: (event: WalletEvent) => void): () => void;
  /**
   * One tick of the core's own schedule, now: locks the app after the idle minutes, announces a grant reminder that
   * has become due, and follows up the signed-in customer's payments whose outcome is not known yet (see FollowUp).
   * The core ticks by itself every FOLLOW_UP_TICK_MS and whenever its clock is moved; resolves when the round is over.
   */
  checkReminders(): Promise<void>;
  /** Resolves once no tick of the core's own schedule is waiting or running (tests wait for it). */
  idle(): Promise<void>;
  /**
   * The system opened the app with a link (its protocol handler: `open-url` on macOS, a second instance's arguments
   * elsewhere): a payment request is read and kept for the window, which is told (it never pays by itself).
   */
  openLink(link: string): void;
  /** Locks the app now (the menu item and its shortcut). */
  lockNow(): void;
  /** The language in use, for what the main process shows itself (menus, dialogs). */
  locale(): AppLocale;
  /** Called when the language in use, or the list of profiles (and so the bank sites), changes. */
  onHostChange(listener: () => void): () => void;
  /** The addresses of every profile's bank: the sites a link may open in the system browser. */
  bankUrls(): string[];
  close(): Promise<void>;
}

/**
 * The composition root of the core: every service built from the platform's adapters, and the handler table
 * over them. `main/index.ts` calls it with Electron's adapters, the browser harness with plain Node's.
 */
export async function createWallet(platform: Platform): Promise<Wallet> {
  const { store, clock } = platform;
  const log = platform.log ?? fileLog(join(platform.dataDir, 'logs', 'main.log'));
  const listeners = new Set<(event: WalletEvent) => void>();
  const hostListeners = new Set<() => void>();
  const hostChanged = () => {
    for (const listener of hostListeners) listener();
  };
  const emit = <E extends EventChannel>(channel: E, payload: EventPayload<E>): void => {
    // While locked the window learns nothing but the lock's own changes.
    if ((lock.locked || secrets.keychainUnavailable()) && channel !== 'lockChanged') return;
    const parsed = eventChannels[channel].safeParse(payload);
    if (!parsed.success) return;
    const event = { channel, payload: parsed.data } as WalletEvent;
    for (const listener of listeners) listener(event);
  };

  const settings = new SettingsService({
    store,
    preferredLanguages: () => platform.preferredLanguages(),
    protection: () => platform.keyProtector.status(),
    passcodeGuards: () => secrets.passcodeGuards(),
    passcodeTooWeak: () => secrets.passcodeTooWeak(),
  });
  // Before anything can emit: while locked, events stop.
  const lock = new LockService({
    store,
    clock,
    locale: () => settings.locale(),
    required: platform.shipped.requirePasscode ?? false,
    ...(platform.shipped.presenceSeconds === undefined ? {} : { presenceSeconds: platform.shipped.presenceSeconds }),
    ...(platform.idleMs ? { idleMs: () => platform.idleMs?.() } : {}),
    ...(platform.monotonicMs ? { monotonicMs: () => platform.monotonicMs?.() ?? performance.now() } : {}),
    ...(platform.passcodeKdf ? { kdf: platform.passcodeKdf } : {}),
    wipeSignIns: (reason) =>
      sessions.endAll(
        profiles.list().map((profile) => profile.id),
        reason,
      ),
    environment: () => profiles.active().environment,
    onKey: (event) => secrets.passcodeKey(event, holders),
    forgetLosesData: () => secrets.forgetLosesData(),
    passphraseRequired: () => secrets.passphraseRequired(),
    knownKennitolur: () => profiles.list().flatMap((profile) => sessions.knownCustomer(profile.id)?.kennitala ?? []),
    knownNames: () => profiles.list().flatMap((profile) => sessions.knownCustomer(profile.id)?.name || []),
    onChange: (status) => emit('lockChanged', withKeychain(status, secrets)),
  });
  platform.onSystemLock?.(() => lock.lock('system'));
  const secrets = await WalletSecrets.open({
    // The data key in a file of its own, never cleared with a damaged settings file (issue 39).
    keys: new JsonFileStore(join(platform.dataDir, 'data-key.json')),
    store,
    protector: platform.keyProtector,
    allowWeak: () => settings.allowWeakTokenStorage(),
    passcodeSet: lock.passcodeSet,
    ...(platform.sleep ? { patience: { sleep: platform.sleep } } : {}),
  });
  const vault = new TokenVault(store, secrets.box());
  const profiles = new ProfileService({
    store,
    secrets: secrets.profileSecrets,
    shipped: platform.shipped.profiles,
    allowEdit: platform.shipped.allowEdit,
  });
  await connectLocalSandbox(platform.localSandbox, profiles);
  // What no shape gives away, taken out of the app log's messages: each profile's key and secret, and its tokens.
  log.useSecrets(() =>
    profiles.list().flatMap((profile) => {
      const session = vault.load(profile.id);
      return [profile.apiKey, profile.clientSecret, session?.accessToken, session?.refreshToken].filter(
        (value): value is string => typeof value === 'string' && value.length > 0,
      );
    }),
  );

  // Every call to a bank, where the profile lists them (docs/BANK-CALLS.md): a file of their own beside the payments.
  const calls = new CallLog({
    store: new JsonFileStore(join(platform.dataDir, 'bank-calls.json')),
    box: () => secrets.box(),
    clock,
    // Asked on every bank call (for its tap): one read of the profiles, not one to find it and another to get it.
    listed: (profileId) => {
      const profile = profiles.list().find((candidate) => candidate.id === profileId);
      return !!profile && (profile.environment !== 'production' || (platform.shipped.showBankCalls ?? false));
    },
    secrets: (profileId) => {
      const profile = profiles.get(profileId);
      const session = vault.load(profileId);
      return [profile.apiKey, profile.clientSecret, session?.accessToken ?? '', session?.refreshToken ?? ''];
    },
    customer: (profileId) => followedIn(profileId),
  });
  const errors = new LastErrors(clock);

  const sessions = new SessionService({
    profiles,
    vault,
    clock,
    openExternal: (url) => platform.openExternal(url),
    focusApp: () => platform.focusApp(),
    locale: () => settings.locale(),
    appName: platform.appInfo().name,
    tap: (profileId) => calls.tap(profileId),
    onChange: (session) => emit('sessionChanged', session),
  });
  const book = new AddressBook({ store, clock, box: () => secrets.box() });
  const due = new DuePayments({ store, clock, box: () => secrets.box() });

  const payments = new PaymentsByCustomer({
    dataDir: platform.dataDir,
    log,
    settings: store,
    ...(platform.paymentStoreWorker ? { storeTransport: { thread: platform.paymentStoreWorker } } : {}),
    clock,
    box: () => secrets.box(),
    bank: bankClients({
      profiles,
      sessions,
      clock,
      sleep: platform.sleep,
      deadlineMs: platform.bankDeadlineMs,
      tap: (profileId) => calls.tap(profileId),
    }),
    signedIn: (profileId) => sessions.customer(profileId),
    onChange: (intent) => {
      followUp.note(intent);
      if (forTheWindow(intent)) emit('paymentChanged', view(intent));
    },
    beforeFirstSend: (intent) => lock.takePresence(intent.id),
    ...(platform.retryDelaysMs ? { retryDelaysMs: platform.retryDelaysMs } : {}),
    ...(platform.sleep ? { sleep: platform.sleep } : {}),
  });

  /**
   * What moves to a new box when the data key changes: every profile's session, the profiles' secrets, and the
   * payments and address books kept in memory until a box came.
   */
  const holders = [
    {
      loadAll: () => profiles.list().forEach((profile) => vault.load(profile.id)),
      useBox: (box: SecretBox | undefined, tokensOnDisk: boolean) => vault.setBox(box, tokensOnDisk),
    },
    { loadAll: () => undefined, useBox: () => profiles.resealSecrets() },
    { loadAll: () => undefined, useBox: () => book.useBox() },
    { loadAll: () => undefined, useBox: () => due.useBox() },
    { loadAll: () => undefined, useBox: (box: SecretBox | undefined) => payments.useBox(box) },
  ];

  const activeProfile = () => profiles.active().id;
  const reminders = new GrantReminders(sessions, (reminder) => emit('grantReminder', reminder));
  const paymentRequests = new PaymentRequests(() => emit('paymentRequestOpened', {}));

  /**
   * A payment as the window sees it now: with what main's clock says of it, and when the app asks about it next by
   * itself (only while its customer is the one signed in, whom the follow-up follows).
   */
  const followedIn = (profileId: string): string | undefined => {
    try {
      return sessions.customer(profileId).kennitala;
    } catch {
      // Nobody signed in: nothing is followed up.
      return undefined;
    }
  };
  const viewFor = (intent: PaymentIntent, followed: string | undefined) =>
    paymentView(intent, {
      now: clock.now(),
      nextCheckAt: followed === intent.order.debtorKennitala ? followUp.nextAt(intent) : undefined,
    });
  const view: PaymentViews = (intent) => viewFor(intent, followedIn(intent.profileId));
  /** A page of them: who is signed in is read once, not once a row. */
  const views = (intents: readonly PaymentIntent[]) => {
    const followed = intents[0] ? followedIn(intents[0].profileId) : undefined;
    return intents.map((intent) => viewFor(intent, followed));
  };

  const followUp = new FollowUp({
    clock,
    onWindowClosed: (intent) => {
      if (forTheWindow(intent)) emit('paymentChanged', view(intent));
    },
    onOutcome: (_before, after) => {
      if (forTheWindow(after)) emit('paymentOutcome', view(after));
      // A round may outlast the lock or the customer it began with: what the notice names is decided now, as it shows.
      const details = settings.notificationDetails() && shownToItsCustomer(after);
      const notice = outcomeNotice(after, settings.locale(), platform.appInfo().name, details);
      if (notice) platform.notify?.(notice);
    },
  });
  /** A payment's news goes to the window only while it shows that payment's customer (never to the next one). */
  const forTheWindow = (intent: PaymentIntent): boolean =>
    intent.profileId === activeProfile() &&
    sessions.knownCustomer(intent.profileId)?.kennitala === intent.order.debtorKennitala;
  /**
   * The payment's own customer is the one the window shows now, unlocked: only then may a notification name its payee
   * and amount (a follow-up round can end after the app locked, or after another customer signed in).
   */
  const shownToItsCustomer = (intent: PaymentIntent): boolean =>
    shownTo(intent.profileId, intent.order.debtorKennitala);
  /** The window shows this customer of this profile now, unlocked (a notification may name their payee). */
  const shownTo = (profileId: string, kennitala: string): boolean => {
    // An idle lock that fell due since the last tick falls now, before anything is named.
    lock.checkIdle();
    return !lock.locked && profileId === activeProfile() && followedIn(profileId) === kennitala;
  };

  /** The active profile's signed-in customer's payments, followed up; nothing when nobody is signed in. */
  const followUpNow = async (): Promise<void> => {
    const profileId = activeProfile();
    let kennitala: string;
    try {
      ({ kennitala } = sessions.customer(profileId));
    } catch {
      return;
    }
    await followUp.run(await payments.of(profileId, kennitala));
  };

  /** Where tokens may live changed: every profile's session moves to disk, or off it, at once. */
  const applyTokenStorage = () => secrets.switchBox(holders);

  const dueList = dueHandlers({ due, payments, sessions, activeProfile, clock });
  const backups = new BackupService({
    book,
    due,
    settings,
    clock,
    ...(platform.backupKdf ? { kdf: platform.backupKdf } : {}),
  });

  // Each domain owns its slice of the table; the compiler checks that together they cover every channel.
  const table: HandlerTable = {
    appInfo: () => platform.appInfo(),
    ...profileHandlers({
      profiles,
      sessions,
      canEdit: platform.shipped.allowEdit,
      onSaved: hostChanged,
      onRemoved: (id) => calls.forget(id),
    }),
    ...sessionHandlers({ sessions, reminders, activeProfile }),
    ...addressBookHandlers({ book, sessions, activeProfile }),
    ...paymentHandlers({
      payments,
      view,
      views,
      sessions,
      activeProfile,
      clock,
      saveFile: (file) => platform.saveFile(file),
      printToPdf: () => platform.printToPdf?.(),
      showFile: (path) => platform.showFile(path),
      locale: () => settings.locale(),
      payFor: dueList.payFor,
    }),
    ...dueList.handlers,
    ...backupHandlers({
      backups,
      profiles,
      sessions,
      payments,
      clock,
      saveFile: (file) => platform.saveFile(file),
      locale: () => settings.locale(),
    }),
    ...paymentRequests.handlers({
      sessions,
      book,
      activeProfile,
      saveFile: (file) => platform.saveFile(file),
      locale: () => settings.locale(),
    }),
    ...settingsHandlers({ settings, tokenStorageChanged: applyTokenStorage, localeChanged: hostChanged }),
    ...callHandlers({
      calls,
      errors,
      log,
      profiles,
      clock,
      platform,
      locale: () => settings.locale(),
      customer: followedIn,
      grantEndsAt: (profileId) => (followedIn(profileId) ? vault.load(profileId)?.grantExpiresAt : undefined),
      payment: async (profileId, id) => {
        const kennitala = followedIn(profileId);
        return kennitala ? (await payments.of(profileId, kennitala)).find(id) : undefined;
      },
    }),
    ...lockHandlers(lock),
    ...keychainHandlers(
      secrets,
      holders,
      () => lock.status(),
      () => emit('lockChanged', lock.status()),
    ),
  };
  const handlers = behindKeychain(behindLock(errors.watch(table), lock), secrets);

  /** Main's day as the last tick while unlocked saw it (the start's at first). */
  let day = gmtDay(clock.now());
  /**
   * Locks the app after the idle minutes, tells the window of a new day, announces a grant reminder that has become
   * due, and follows up the signed-in customer's payments (see FollowUp).
   */
  const tick = (): Promise<void> => {
    // The calls made since the last tick, sealed and written: never on a call's own path.
    calls.flush();
    lock.checkIdle();
    // While locked nothing is opened: on a machine where the passcode protects the data key, it is not open yet; nor
    // while the keychain has not opened it.
    if (lock.locked || secrets.keychainUnavailable()) return Promise.resolve();
    // A new day (or the first tick after an unlock on one): the window reads again what it reckons from main's day.
    const now = gmtDay(clock.now());
    if (now !== day) emit('dayChanged', {});
    day = now;
    reminders.check(activeProfile());
    return followUpNow().then(tellDue);
  };

  /**
   * Payments that come due, told once: those waiting today by one notification a day (kept with the customer's
   * due payments, so a restart the same day does not tell again), those overdue once a run. Named only as the
   * outcome notices are; a click opens the Due list. Nothing is paid.
   */
  const toldOverdue = new Set<string>();
  const tellDue = async (): Promise<void> => {
    const profileId = activeProfile();
    const kennitala = followedIn(profileId);
    if (!kennitala || !platform.notify) return;
    const list = await dueList.listIfAny();
    if (!list) return;
    const open = list.items.filter((item) => !item.underWay);
    const today = open.filter((item) => item.dueToday);
    const overdue = open.filter((item) => !item.dueToday && item.overdue.length > 0);
    const details = () => settings.notificationDetails() && shownTo(profileId, kennitala);
    const show = (kind: 'today' | 'overdue', items: DueItem[]) => {
      const notice = dueNotice(kind, items, settings.locale(), platform.appInfo().name, details());
      if (notice) platform.notify?.(notice, () => emit('dueOpened', {}));
    };
    if (today.length > 0 && due.tellOnce(profileId, kennitala, list.today)) show('today', today);
    const runKey = `${profileId}|${kennitala}`;
    if (overdue.length > 0 && !toldOverdue.has(runKey)) {
      toldOverdue.add(runKey);
      show('overdue', overdue);
    }
  };
  const ticker = new CoreTicker({ everyMs: FOLLOW_UP_TICK_MS, clock, tick });
  ticker.start();

  return {
    handlers,
    log,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkReminders: tick,
    idle: () => ticker.idle(),
    openLink: (link) => paymentRequests.open(link),
    lockNow: () => void lock.lock('manual'),
    locale: () => settings.locale(),
    onHostChange(listener) {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    bankUrls: () => profiles.list().flatMap((profile) => [profile.baseUrl, profile.authUrl]),
    async close() {
      await ticker.stop();
      calls.flush();
      await sessions.close();
      await payments.close();
      await platform.localSandbox?.stop();
    },
  };
}
