import type { HandlerTable } from '../../common/bridge-contract.ts';
import { addressBookHandlers } from '../address-book/address-book-handlers.ts';
import type { AddressBook } from '../address-book/address-book.ts';
import type { GrantReminders } from '../auth/grant-reminders.ts';
import { sessionHandlers } from '../auth/session-handlers.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { TokenVault } from '../auth/token-vault.ts';
import { backupHandlers } from '../backup/backup-handlers.ts';
import type { BackupService } from '../backup/backup-service.ts';
import { callHandlers } from '../calls/call-handlers.ts';
import type { CallLog } from '../calls/call-log.ts';
import type { LastErrors } from '../calls/last-errors.ts';
import type { dueHandlers } from '../due/due-handlers.ts';
import { behindLock, lockHandlers } from '../lock/lock-handlers.ts';
import type { LockService } from '../lock/lock-service.ts';
import type { AppLog } from '../log/app-log.ts';
import type { PaymentRequests } from '../payments/payment-request-handlers.ts';
import { paymentHandlers } from '../payments/payment-handlers.ts';
import type { PaymentsByCustomer } from '../payments/payments-by-customer.ts';
import type { Platform } from '../platform/platform.ts';
import { profileHandlers } from '../profiles/profile-handlers.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { behindKeychain, keychainHandlers } from '../secrets/keychain-gate.ts';
import type { BoxHolder, WalletSecrets } from '../secrets/wallet-secrets.ts';
import { settingsHandlers } from '../settings/settings-handlers.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { EventBus, HostChanges } from './event-bus.ts';
import { signedInCustomer, type CorePaymentViews } from './payment-views.ts';

/** The services the window reaches, as the core built them. */
export interface TableServices {
  platform: Platform;
  log: AppLog;
  bus: EventBus;
  host: HostChanges;
  settings: SettingsService;
  lock: LockService;
  secrets: WalletSecrets;
  holders: readonly BoxHolder[];
  vault: TokenVault;
  profiles: ProfileService;
  sessions: SessionService;
  calls: CallLog;
  errors: LastErrors;
  reminders: GrantReminders;
  book: AddressBook;
  payments: PaymentsByCustomer;
  views: CorePaymentViews;
  dueList: ReturnType<typeof dueHandlers>;
  backups: BackupService;
  paymentRequests: PaymentRequests;
  activeProfile(): string;
}

/**
 * The handler table over the services: each domain owns its slice, and the compiler checks that together they cover
 * every channel. Every handler runs behind the keychain's gate and the lock's (behindLock), and its errors are kept
 * for the support bundle (LastErrors).
 */
export function handlerTable(services: TableServices): HandlerTable {
  const { platform, log, settings, lock, secrets, holders, vault, profiles, sessions, calls, payments } = services;
  const { activeProfile, book, errors } = services;
  const { clock } = platform;
  const locale = () => settings.locale();
  const saveFile: Platform['saveFile'] = (file) => platform.saveFile(file);
  const customer = (profileId: string) => signedInCustomer(sessions, profileId);
  const table: HandlerTable = {
    appInfo: () => platform.appInfo(),
    ...profileHandlers({
      profiles,
      sessions,
      canEdit: platform.shipped.allowEdit,
      onSaved: () => services.host.changed(),
      onRemoved: (id) => calls.forget(id),
    }),
    ...sessionHandlers({ sessions, reminders: services.reminders, activeProfile }),
    ...addressBookHandlers({ book, sessions, activeProfile }),
    ...paymentHandlers({
      payments,
      view: services.views.view,
      views: services.views.views,
      sessions,
      activeProfile,
      clock,
      saveFile,
      printToPdf: () => platform.printToPdf?.(),
      showFile: (path) => platform.showFile(path),
      locale,
      payFor: services.dueList.payFor,
    }),
    ...services.dueList.handlers,
    ...backupHandlers({ backups: services.backups, profiles, sessions, payments, clock, saveFile, locale }),
    ...services.paymentRequests.handlers({ sessions, book, activeProfile, saveFile, locale }),
    ...settingsHandlers({
      settings,
      // Where tokens may live changed: every profile's session moves to disk, or off it, at once.
      tokenStorageChanged: () => secrets.switchBox(holders),
      localeChanged: () => services.host.changed(),
    }),
    ...callHandlers({
      calls,
      errors,
      log,
      profiles,
      clock,
      platform,
      locale,
      customer,
      grantEndsAt: (profileId) => (customer(profileId) ? vault.load(profileId)?.grantExpiresAt : undefined),
      payment: async (profileId, id) => {
        const kennitala = customer(profileId);
        return kennitala ? (await payments.of(profileId, kennitala)).reader.get(id) : undefined;
      },
    }),
    ...lockHandlers(lock),
    ...keychainHandlers(
      secrets,
      holders,
      () => lock.status(),
      () => services.bus.emit('lockChanged', lock.status()),
    ),
  };
  return behindKeychain(behindLock(errors.watch(table), lock), secrets);
}
