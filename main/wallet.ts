import { basename } from 'node:path';
import {
  eventChannels,
  type DraftValidation,
  type EventChannel,
  type EventPayload,
  type PaymentView,
  type ProfileList,
} from '../common/bridge-contract.ts';
import type { AppLocale } from '../common/isk-amount.ts';
import { maskKennitala } from '../common/kennitala.ts';
import type { PaymentIntent, PaymentOrder } from '../common/payment.ts';
import { gmtDay } from '../common/time.ts';
import { AddressBook } from './address-book/address-book.ts';
import { SessionService } from './auth/session-service.ts';
import { TokenVault } from './auth/token-vault.ts';
import { createBankClient, type BankClient } from './bank/bank-client.ts';
import type { HandlerTable } from '../common/bridge-contract.ts';
import { filterHistory, historyCsv, pageHistory } from './payments/history.ts';
import type { PaymentService } from './payments/payment-service.ts';
import { PaymentsByCustomer } from './payments/payments-by-customer.ts';
import type { Platform } from './platform/platform.ts';
import { ProfileService } from './profiles/profile-service.ts';
import { openSecretBox } from './secrets/key-protector.ts';
import { SwitchableBox } from './secrets/switchable-box.ts';
import { SettingsService } from './settings/settings-service.ts';
import { WalletError } from './wallet-error.ts';

/** An event for the renderer, already checked against the contract. */
export type WalletEvent = { [E in EventChannel]: { channel: E; payload: EventPayload<E> } }[EventChannel];

export interface Wallet {
  /** One handler per invoke channel: the same table serves Electron's IPC and the browser harness. */
  handlers: HandlerTable;
  onEvent(listener: (event: WalletEvent) => void): () => void;
  /** Announces a grant reminder that has become due; hosts call it on a timer (and it runs on every status read). */
  checkReminders(): void;
  /** The language in use, for what the main process shows itself (menus, dialogs). */
  locale(): AppLocale;
  /** The addresses of every profile's bank: the sites a link may open in the system browser. */
  bankUrls(): string[];
  close(): Promise<void>;
}

const maskOrder = (order: PaymentOrder) => ({ ...order, debtorKennitala: maskKennitala(order.debtorKennitala) });
const viewOf = (intent: PaymentIntent): PaymentView => ({ ...intent, order: maskOrder(intent.order) });

/**
 * The composition root of the core: every service built from the platform's adapters, and the handler table
 * over them. `main/index.ts` calls it with Electron's adapters, the browser harness with plain Node's.
 */
export async function createWallet(platform: Platform): Promise<Wallet> {
  const { store, clock } = platform;
  const listeners = new Set<(event: WalletEvent) => void>();
  const emit = <E extends EventChannel>(channel: E, payload: EventPayload<E>): void => {
    const parsed = eventChannels[channel].safeParse(payload);
    if (!parsed.success) return;
    const event = { channel, payload: parsed.data } as WalletEvent;
    for (const listener of listeners) listener(event);
  };

  const settings = new SettingsService({
    store,
    preferredLanguages: () => platform.preferredLanguages(),
    protection: () => platform.keyProtector.status(),
  });
  const openBox = () => openSecretBox(store, platform.keyProtector, settings.allowWeakTokenStorage());
  const box = openBox();
  /** Seals payment records and address books as it seals tokens; changes with the token storage setting. */
  let dataBox = box;
  const vault = new TokenVault(store, box);
  const profileSecrets = new SwitchableBox(box);
  const profiles = new ProfileService({
    store,
    secrets: profileSecrets,
    shipped: platform.shipped.profiles,
    allowEdit: platform.shipped.allowEdit,
  });
  if (platform.localSandbox) {
    try {
      const sandbox = await platform.localSandbox.ensureStarted();
      profiles.setLocalSandbox({ url: sandbox.url, ...platform.localSandbox.app });
    } catch (error) {
      // The other profiles still work; the Local sandbox one reads as incomplete and says so on sign-in.
      console.error(`The local sandbox did not start: ${(error as Error).message}`);
    }
  }

  const sessions = new SessionService({
    profiles,
    vault,
    clock,
    openExternal: (url) => platform.openExternal(url),
    focusApp: () => platform.focusApp(),
    locale: () => settings.locale(),
    appName: platform.appInfo().name,
    onChange: (session) => emit('sessionChanged', session),
  });
  const book = new AddressBook({ store, clock, box: () => dataBox });

  // The bank client follows the profile: an edited address or key takes effect on the next call.
  const clients = new Map<string, { key: string; client: BankClient }>();
  const clientFor = (profileId: string): BankClient => {
    const profile = profiles.get(profileId);
    const key = JSON.stringify([profile.baseUrl, profile.apiKey, profile.apiVersion]);
    let entry = clients.get(profileId);
    if (entry?.key !== key) {
      entry = {
        key,
        client: createBankClient({
          baseUrl: profile.baseUrl,
          apiKey: profile.apiKey,
          apiVersion: profile.apiVersion,
          accessToken: () => sessions.accessToken(profileId),
          refreshAccessToken: () => sessions.refreshAfterUnauthorized(profileId),
          clock,
          ...(platform.sleep ? { sleep: platform.sleep } : {}),
          ...(platform.bankDeadlineMs ? { deadlineMs: platform.bankDeadlineMs } : {}),
        }),
      };
      clients.set(profileId, entry);
    }
    return entry.client;
  };

  const payments = new PaymentsByCustomer({
    dataDir: platform.dataDir,
    clock,
    box: () => dataBox,
    bank: clientFor,
    signedIn: (profileId) => sessions.customer(profileId),
    onChange: (intent) => emit('paymentChanged', viewOf(intent)),
    ...(platform.retryDelaysMs ? { retryDelaysMs: platform.retryDelaysMs } : {}),
    ...(platform.sleep ? { sleep: platform.sleep } : {}),
  });

  const activeId = () => profiles.active().id;
  /** The signed-in customer's payments: everything that sends, or needs the bank's answer. */
  const activePayments = () => {
    const profileId = activeId();
    return payments.of(profileId, sessions.customer(profileId).kennitala);
  };
  /**
   * The payments that may be read: the signed-in customer's, or after the grant ended or was withdrawn still the
   * last customer's; none after an explicit sign-out.
   */
  const readablePayments = async (): Promise<PaymentService | undefined> => {
    const profileId = activeId();
    const known = sessions.knownCustomer(profileId);
    return known ? payments.of(profileId, known.kennitala) : undefined;
  };
  const customer = () => sessions.customer(activeId()).kennitala;
  const profileList = (): ProfileList => ({ profiles: profiles.summaries(), canEdit: platform.shipped.allowEdit });
  const requirePayment = async (id: string): Promise<PaymentView> => {
    const intent = (await readablePayments())?.get(id);
    if (!intent) throw new WalletError('PAYMENT_NOT_FOUND', 'No such payment');
    return viewOf(intent);
  };

  const announced = new Set<string>();
  const checkReminders = (): void => {
    const session = sessions.status(activeId());
    if (!session.signedIn || !session.reminder || session.grantEnd === undefined) return;
    const key = `${session.profileId}|${session.grantEnd}|${session.reminder}`;
    if (announced.has(key)) return;
    announced.add(key);
    emit('grantReminder', {
      profileId: session.profileId,
      reminder: session.reminder,
      daysLeft: session.daysLeft ?? 0,
      grantEnd: session.grantEnd,
    });
  };

  /** Where tokens may live changed: every profile's session moves to disk, or off it, at once. */
  const applyTokenStorage = (): void => {
    for (const profile of profiles.list()) vault.load(profile.id);
    const next = openBox();
    // Journals already open keep the box they were opened with; customers opened from now on use the new one.
    dataBox = next;
    vault.setBox(next);
    profileSecrets.use(next);
    profiles.resealSecrets();
  };

  const handlers: HandlerTable = {
    appInfo: () => platform.appInfo(),

    listProfiles: profileList,
    switchProfile: async ({ id }) => {
      await sessions.cancelSignIn();
      profiles.switchTo(id);
      return profileList();
    },
    saveProfile: (input) => {
      profiles.save(input);
      // Repointed at another bank, client or sign-in settings: its session ends now, before a call could use it.
      sessions.profileChanged(input.id);
      return profileList();
    },
    removeProfile: ({ id }) => {
      profiles.remove(id);
      // A removed profile's tokens and known customer go with it; a reset shipped profile starts signed out.
      sessions.forget(id);
      return profileList();
    },

    sessionStatus: () => {
      checkReminders();
      return sessions.status(activeId());
    },
    signIn: () => sessions.signIn(activeId()),
    cancelSignIn: async () => {
      await sessions.cancelSignIn();
      return sessions.status(activeId());
    },
    signOut: () => sessions.signOut(activeId()),

    listAccounts: () => book.accounts(activeId(), customer()),
    saveAccount: (input) => book.saveAccount(activeId(), customer(), input),
    removeAccount: ({ id }) => book.removeAccount(activeId(), customer(), id),
    listPayees: () => book.payees(activeId(), customer()),
    savePayee: (input) => book.savePayee(activeId(), customer(), input),
    removePayee: ({ id }) => book.removePayee(activeId(), customer(), id),

    dailyLimit: async () => ({ ...(await activePayments()).dailyLimit(), asOf: clock.now() }),
    validatePayment: async (draft): Promise<DraftValidation> => {
      const service = await activePayments();
      const validation = service.validate(draft);
      const { check, duplicate } = validation;
      const limit = { ...validation.limit, asOf: clock.now() };
      if (!check.ok) return { errors: check.errors, newPayee: false, limit };
      return {
        errors: {},
        order: maskOrder(check.order),
        ...(duplicate ? { duplicate } : {}),
        newPayee: !service.paidBefore(check.order),
        limit,
      };
    },
    confirmPayment: async ({ draft, acknowledgeDuplicate }) =>
      viewOf(
        await (
          await activePayments()
        ).confirm(draft, acknowledgeDuplicate === undefined ? {} : { acknowledgeDuplicate }),
      ),
    submitPayment: async ({ id }) => viewOf(await (await activePayments()).submit(id)),
    checkAgain: async ({ id }) => viewOf(await (await activePayments()).checkAgain(id)),

    historyPage: async ({ filter, offset, limit }) => {
      const page = pageHistory((await readablePayments())?.all() ?? [], filter, { offset, limit });
      return { total: page.total, items: page.items.map(viewOf) };
    },
    getPayment: ({ id }) => requirePayment(id),
    refreshStatus: async ({ id }) => viewOf(await (await activePayments()).refreshStatus(id)),
    exportHistory: async ({ filter }) => {
      const profileId = activeId();
      const readable = await readablePayments();
      if (!readable) throw new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
      const items = filterHistory(readable.all(), filter);
      const path = await platform.saveFile({
        suggestedName: `a2a-wallet-${profileId}-${gmtDay(clock.now())}.csv`,
        content: historyCsv(items),
        locale: settings.locale(),
      });
      return path
        ? { saved: true, fileName: basename(path), count: items.length }
        : { saved: false, count: items.length };
    },

    getSettings: () => settings.get(),
    updateSettings: (change) => {
      const allowedWeak = settings.allowWeakTokenStorage();
      settings.update(change);
      if (settings.allowWeakTokenStorage() !== allowedWeak) applyTokenStorage();
      return settings.get();
    },
  };

  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    checkReminders,
    locale: () => settings.locale(),
    bankUrls: () => profiles.list().flatMap((profile) => [profile.baseUrl, profile.authUrl]),
    async close() {
      await sessions.cancelSignIn();
      await payments.close();
      await platform.localSandbox?.stop();
    },
  };
}
