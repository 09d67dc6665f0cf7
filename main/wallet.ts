import { join } from 'node:path';
import { AddressBook } from './address-book/address-book.ts';
import { GrantReminders } from './auth/grant-reminders.ts';
import type { SessionService } from './auth/session-service.ts';
import { bankClients } from './bank/bank-clients.ts';
import { LastErrors } from './calls/last-errors.ts';
import { BackupService } from './backup/backup-service.ts';
import { CoreTicker } from './core/core-ticker.ts';
import { coreTick, FOLLOW_UP_TICK_MS } from './core/core-tick.ts';
import type { CoreTuning } from './core/core-tuning.ts';
import { EventBus, HostChanges } from './core/event-bus.ts';
import { handlerTable } from './core/handler-table.ts';
import { keyHolders } from './core/key-holders.ts';
import { late } from './core/late.ts';
import { NoticePolicy } from './core/notice-policy.ts';
import { openKeys } from './core/open-keys.ts';
import { openSignIns } from './core/open-sign-ins.ts';
import { paymentNews, paymentViews } from './core/payment-views.ts';
import type { Wallet } from './core/wallet-api.ts';
import { dueHandlers } from './due/due-handlers.ts';
import { DuePayments } from './due/due-payments.ts';
import { fileLog } from './log/app-log.ts';
import { FollowUp } from './payments/follow-up.ts';
import { PaymentRequests } from './payments/payment-request-handlers.ts';
import { PaymentsByCustomer } from './payments/payments-by-customer.ts';
import type { Platform } from './platform/platform.ts';
import type { ProfileService } from './profiles/profile-service.ts';
import type { BoxHolder } from './secrets/wallet-secrets.ts';

export type { CoreTuning } from './core/core-tuning.ts';
export type { WalletEvent } from './core/event-bus.ts';
export type { Wallet } from './core/wallet-api.ts';

/**
 * The composition root of the core: every service built from the platform's adapters, in the order they need each
 * other (a service needed before it is built is a Late, named here), and the handler table over them. It only wires:
 * what each part does is in main/core/ and the domains' folders (docs/PAYMENT-CORE.md, "Main's rooms").
 * `main/index.ts` calls it with Electron's adapters, the browser harness with plain Node's; tests and benchmarks add
 * their CoreTuning.
 */
export async function createWallet(platform: Platform, tuning: CoreTuning = {}): Promise<Wallet> {
  const { store, clock } = platform;
  const log = platform.log ?? fileLog(join(platform.dataDir, 'logs', 'main.log'));
  const bus = new EventBus();
  const host = new HostChanges();

  // The lock, the settings and the data key first: while locked, events and handlers stop.
  const later = {
    profiles: late<ProfileService>('profiles'),
    sessions: late<SessionService>('sessions'),
    holders: late<readonly BoxHolder[]>('key holders'),
  };
  const { settings, lock, secrets } = await openKeys(platform, tuning, bus, later);
  const { vault, profiles, calls, sessions } = await openSignIns(platform, log, { settings, secrets }, bus);
  later.profiles.set(profiles);
  later.sessions.set(sessions);
  const errors = new LastErrors(clock);
  const book = new AddressBook({ store, clock, box: () => secrets.box() });
  const due = new DuePayments({ store, clock, box: () => secrets.box() });
  const activeProfile = () => profiles.active().id;

  // A payment's news: its view for the window, and the desktop notices (one policy for what they may name).
  const followUpLater = late<FollowUp>('follow-up');
  const views = paymentViews({ clock, sessions, activeProfile, followUp: followUpLater });
  // Today's limit with each change: the payments' service is built below, and reached once a change is told.
  const paymentsLater = late<PaymentsByCustomer>('payments');
  const news = paymentNews({
    views,
    limitOf: async (intent) =>
      (await paymentsLater.value.of(intent.profileId, intent.order.debtorKennitala)).dailyLimit(),
    tell: (change) => bus.emit('paymentChanged', change),
  });
  const notices = new NoticePolicy({ settings, lock, sessions, due, bus, activeProfile, host: platform });
  const followUp = followUpLater.set(
    new FollowUp({
      clock,
      onWindowClosed: news.changed,
      onOutcome: (_before, after) => {
        if (views.forTheWindow(after)) bus.emit('paymentOutcome', views.view(after));
        // A round may outlast the lock or the customer it began with: what it names is decided as it shows.
        notices.outcome(after);
      },
    }),
  );
  const payments = paymentsLater.set(
    new PaymentsByCustomer({
      dataDir: platform.dataDir,
      log,
      settings: store,
      ...(platform.paymentStoreWorker ? { storeTransport: { thread: platform.paymentStoreWorker } } : {}),
      clock,
      box: () => secrets.box(),
      bank: bankClients({
        ...{ profiles, sessions, clock, sleep: tuning.sleep, deadlineMs: tuning.bankDeadlineMs },
        tap: (profileId) => calls.tap(profileId),
      }),
      signedIn: (profileId) => sessions.customer(profileId),
      onChange: (intent) => {
        followUp.note(intent);
        news.changed(intent);
      },
      beforeFirstSend: (intent) => lock.takePresence(intent.id),
      ...(tuning.retryDelaysMs ? { retryDelaysMs: tuning.retryDelaysMs } : {}),
      ...(tuning.sleep ? { sleep: tuning.sleep } : {}),
    }),
  );
  const holders = later.holders.set(keyHolders({ vault, profiles, book, due, payments }));

  const reminders = new GrantReminders(sessions, (reminder) => bus.emit('grantReminder', reminder));
  const paymentRequests = new PaymentRequests(() => bus.emit('paymentRequestOpened', {}));
  const dueList = dueHandlers({ due, payments, sessions, activeProfile, clock });
  const backups = new BackupService({
    book,
    due,
    settings,
    clock,
    ...(tuning.backupKdf ? { kdf: tuning.backupKdf } : {}),
  });
  const handlers = handlerTable({
    ...{ platform, log, bus, host, settings, lock, secrets, holders, vault, profiles, sessions, calls, errors },
    ...{ reminders, book, payments, views, dueList, backups, paymentRequests, activeProfile },
  });

  const tick = coreTick({
    ...{ clock, bus, calls, lock, secrets, sessions, reminders, followUp, payments, notices, activeProfile },
    dueList: () => dueList.listIfAny(),
  });
  const ticker = new CoreTicker({ everyMs: FOLLOW_UP_TICK_MS, clock, tick });
  ticker.start();

  return {
    handlers,
    log,
    onEvent: (listener) => bus.listen(listener),
    tick,
    idle: () => ticker.idle(),
    openLink: (link) => paymentRequests.open(link),
    lockNow: () => void lock.lock('manual'),
    locale: () => settings.locale(),
    onHostChange: (listener) => host.listen(listener),
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
