import { basename, dirname } from 'node:path';
import type { HandlerTable, PaymentView, SavedFile } from '../../common/bridge-contract.ts';
import type { DueOccurrence } from '../../common/due-payment.ts';
import type { PaymentDraft, PaymentIntent } from '../../common/payment.ts';
import type { AppLocale } from '../../common/locale.ts';
import { receiptKind } from '../../common/payment-status.ts';
import type { SpendingRange } from '../../common/spending.ts';
import { gmtDay, type Clock } from '../../common/time.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { Platform } from '../platform/platform.ts';
import { WalletError } from '../wallet-error.ts';
import type { PaymentService } from './payment-service.ts';
import { validationView, type PaymentViews } from './payment-view.ts';
import { spendingSummary } from './spending.ts';
import type { PaymentsByCustomer } from './payments-by-customer.ts';

export type PaymentHandlers = Pick<
  HandlerTable,
  | 'dailyLimit'
  | 'validatePayment'
  | 'confirmPayment'
  | 'submitPayment'
  | 'checkAgain'
  | 'dropPayment'
  | 'declareOutcome'
  | 'stopTrying'
  | 'setPaymentNote'
  | 'historyPage'
  | 'getPayment'
  | 'refreshStatus'
  | 'exportHistory'
  | 'historyIntegrity'
  | 'spendingSummary'
  | 'acceptHistory'
  | 'saveReceipt'
  | 'showExport'
>;

export interface PaymentHandlerOptions {
  payments: PaymentsByCustomer;
  /** A payment as the window sees it now (see wallet.ts). */
  view: PaymentViews;
  /** A page of them. */
  views(intents: readonly PaymentIntent[]): PaymentView[];
  sessions: SessionService;
  activeProfile(): string;
  clock: Clock;
  saveFile: Platform['saveFile'];
  /** The window as printed, as a PDF; undefined where the host cannot print. */
  printToPdf(): Promise<Uint8Array> | undefined;
  showFile: Platform['showFile'];
  locale(): AppLocale;
  /** A payment for one occurrence of a payment that comes due (confirmPayment's `due`; main/due/due-handlers.ts). */
  payFor(occurrence: DueOccurrence, draft: PaymentDraft, confirm: () => Promise<PaymentIntent>): Promise<PaymentIntent>;
}

/**
 * Payments and history of the active profile. Whatever sends, or needs the bank's answer, acts for the signed-in
 * customer only; reading is also allowed to the last customer after their grant ended or was withdrawn, or wrong
 * passcodes ended it behind the lock (their history stays theirs until they sign out), never after an explicit
 * sign-out or a forgotten passcode (SessionService.knownCustomer).
 */
export function paymentHandlers(options: PaymentHandlerOptions): PaymentHandlers {
  const { payments, sessions, clock, view } = options;
  /**
   * The files this run saved (exports and receipts), by name, with the customer they were saved for: shown in their
   * folder only to that customer (not to whoever opened the app after a forgotten passcode, nor to the next customer).
   */
  const exported = new Map<string, { path: string; owner: string }>();
  const owner = (): string | undefined => {
    const profileId = options.activeProfile();
    const known = sessions.knownCustomer(profileId);
    return known ? `${profileId}/${known.kennitala}` : undefined;
  };
  const saved = (path: string | undefined, savedFor: string | undefined): SavedFile => {
    if (!path) return { saved: false };
    if (savedFor) exported.set(basename(path), { path, owner: savedFor });
    return { saved: true, fileName: basename(path), folder: dirname(path) };
  };
  const active = (): Promise<PaymentService> => {
    const profileId = options.activeProfile();
    return payments.of(profileId, sessions.customer(profileId).kennitala);
  };
  const readable = async (): Promise<PaymentService | undefined> => {
    const profileId = options.activeProfile();
    const known = sessions.knownCustomer(profileId);
    return known ? payments.of(profileId, known.kennitala) : undefined;
  };
  /** Whether the history can be trusted; trusted with nobody known. */
  const integrity = (service: PaymentService | undefined) =>
    service ? service.reader.integrity() : Promise.resolve({ trusted: true } as const);
  /** What was spent; nothing counted with nobody known. */
  const spending = (service: PaymentService | undefined, range: SpendingRange | undefined) =>
    service
      ? service.reader.spending(clock.now(), range)
      : Promise.resolve(spendingSummary([], { now: clock.now(), range }));

  return {
    dailyLimit: async () => (await active()).dailyLimit(),
    validatePayment: async (draft) => {
      const service = await active();
      const checked = await service.validate(draft);
      const paidBefore = checked.check.ok ? await service.reader.paidBefore(checked.check.order) : false;
      return validationView(checked, paidBefore);
    },
    confirmPayment: async ({ draft, acknowledgeDuplicate, due }) => {
      const service = await active();
      const confirm = () => service.confirm(draft, acknowledgeDuplicate ? { acknowledgeDuplicate } : {});
      return view(await (due ? options.payFor(due, draft, confirm) : confirm()));
    },
    submitPayment: async ({ id }) => view(await (await active()).submit(id)),
    checkAgain: async ({ id }) => view(await (await active()).checkAgain(id)),
    dropPayment: async ({ id }) => view(await (await active()).drop(id)),
    declareOutcome: async ({ id, outcome }) => view(await (await active()).declareOutcome(id, outcome)),
    stopTrying: async ({ id }) => view(await (await active()).stopTrying(id)),
    setPaymentNote: async ({ id, note }) => view(await (await active()).setNote(id, note)),
    refreshStatus: async ({ id }) => view(await (await active()).refreshStatus(id)),

    historyPage: async ({ filter, offset, limit, withIntegrity, withSpending }) => {
      const service = await readable();
      // What History's first page brings along (the banner's integrity, the spending summary): the same answers as
      // their own channels give, in the same round trip. A summary that fails leaves the page shown, without it.
      const extras = async () => {
        const summary = withSpending && (await spending(service, withSpending.range).catch(() => undefined));
        return {
          ...(withIntegrity ? { integrity: await integrity(service) } : {}),
          ...(summary ? { spending: summary } : {}),
        };
      };
      if (!service) return { total: 0, items: [], ...(await extras()) };
      const page = await service.reader.page({ offset, limit }, filter);
      const items = options.views(page.items);
      return { total: page.total, items, ...(await extras()) };
    },
    historyIntegrity: async () => integrity(await readable()),
    spendingSummary: async ({ range }) => spending(await readable(), range),
    acceptHistory: async () => (await active()).acceptHistory(),
    getPayment: async ({ id }) => {
      const intent = await (await readable())?.reader.get(id);
      if (!intent) throw new WalletError('PAYMENT_NOT_FOUND', 'No such payment');
      return view(intent);
    },
    exportHistory: async ({ filter, includeNotes }) => {
      // Whose it is, before the save dialog: the customer may sign out while it is open.
      const savedFor = owner();
      const service = await readable();
      if (!service) throw new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
      const { csv, count } = await service.reader.csv(filter ?? {}, options.locale(), includeNotes);
      const path = await options.saveFile({
        suggestedName: `a2a-wallet-${options.activeProfile()}-${gmtDay(clock.now())}.csv`,
        content: csv,
        kind: 'csv',
        locale: options.locale(),
      });
      return { ...saved(path, savedFor), count };
    },
    saveReceipt: async ({ id }) => {
      const savedFor = owner();
      const intent = await (await readable())?.reader.get(id);
      if (!intent) throw new WalletError('PAYMENT_NOT_FOUND', 'No such payment');
      // A receipt says the bank took it, or that the customer says it went through (and that the bank never said
      // so): nothing else has one, whatever the window asks (common/payment-status.ts).
      if (receiptKind(intent.state) === 'none') {
        throw new WalletError(
          'NO_RECEIPT',
          'Only a payment the bank accepted, or that you said went through, has a receipt',
        );
      }
      const printing = options.printToPdf();
      if (!printing) throw new WalletError('CANNOT_PRINT', 'This host cannot make a PDF');
      // A print that fails is told apart from a save that fails: nothing was saved, and Print may still work. Its
      // cause (the host's words) stays in main.
      const content = await printing.catch(() => {
        throw new WalletError('PRINT_FAILED', 'The PDF could not be made');
      });
      const word = options.locale() === 'is' ? 'kvittun' : 'receipt';
      const path = await options.saveFile({
        // The day and the payment's own id: no name, no kennitala in a file name.
        suggestedName: `${word}-${gmtDay(intent.stateTimes.accepted ?? intent.createdAt)}-${intent.id.slice(0, 8)}.pdf`,
        content,
        kind: 'pdf',
        locale: options.locale(),
      });
      return saved(path, savedFor);
    },
    showExport: ({ fileName }) => {
      // Only what this run saved, for the customer shown now: the page never names a path of its own choosing.
      const file = exported.get(fileName);
      if (!file || file.owner !== owner()) throw new WalletError('EXPORT_NOT_FOUND', 'No such exported file');
      options.showFile(file.path);
      return {};
    },
  };
}
