import { z } from 'zod';
import {
  BackupExportedSchema,
  BackupRestoredSchema,
  ExportBackupRequestSchema,
  RestoreBackupRequestSchema,
} from './backup.ts';
import {
  CallDetailSchema,
  CallFilterSchema,
  CallListSchema,
  SandboxControlSchema,
  SandboxPanelSchema,
  TesterToolsSchema,
} from './bank-calls.ts';
import { DueListSchema, DueOccurrenceSchema, DuePaymentInputSchema, DueSavedSchema } from './due-payment.ts';
import { OwnAccountInputSchema, OwnAccountSchema, PayeeInputSchema, PayeeSchema } from './address-book.ts';
import {
  DraftFieldSchema,
  HistoryFilterSchema,
  PaymentDraftSchema,
  PaymentIntentSchema,
  PaymentOrderSchema,
} from './payment.ts';
import { PAYMENT_NOTE_MAX } from './payment-rules.ts';
import { ProfileSchema, ProfileSummarySchema } from './profile.ts';
import {
  EVENT_CHANNEL_NAMES,
  eventMethodName,
  INVOKE_CHANNEL_NAMES,
  type EventChannel,
  type EventMethodName,
  type InvokeChannel,
} from './bridge-channels.ts';
import { LockSettingsSchema, LockStatusSchema, PasscodeSchema, SetPasscodeSchema } from './lock.ts';
import { DAILY_LIMIT_ISK } from './isk-amount.ts';
import {
  PAYMENT_REQUEST_MAX_LENGTH,
  PaymentRequestSchema,
  REQUEST_LINK_ERRORS,
  RequestNameClaimSchema,
} from './payment-request.ts';
import { EXTENDED_REFERENCE_MAX } from './references.ts';
import type { Result } from './result.ts';
import { SessionSchema } from './session.ts';
import { SettingsSchema, SettingsUpdateSchema } from './settings.ts';
import { SpendingRangeSchema, SpendingSummarySchema } from './spending.ts';

/**
 * The one contract between the renderer and the main process. The preload, the IPC handlers and the
 * browser harness are all checked against the types derived here, so they cannot drift apart. Every request is
 * parsed in main with its schema (unknown keys refused), and every response with its own before it leaves.
 */

export const AppInfoSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const NoRequest = z.undefined();
const Id = z.strictObject({ id: z.string().min(1).max(64) });

export const ProfileListSchema = z.object({
  profiles: z.array(ProfileSummarySchema),
  /** The vendor allows adding and editing profiles. */
  canEdit: z.boolean(),
});
export type ProfileList = z.infer<typeof ProfileListSchema>;

/**
 * After a switch or a removal: the profiles, and the session of the profile that is active now, so the screen
 * changes in one call (removing the active profile switches to another one).
 */
export const ProfileChangeSchema = ProfileListSchema.extend({ session: SessionSchema });
export type ProfileChange = z.infer<typeof ProfileChangeSchema>;

/** A profile as the tester types it; an empty clientSecret keeps the one already saved. */
export const ProfileEditSchema = ProfileSchema.strict();

export const DailyLimitSchema = z.object({
  day: z.string(),
  limit: z.number().int(),
  /** Everything that counts today: held + uncertain + spent (common/payment-status.ts says which state is which). */
  used: z.number().int(),
  /** Of it, held by payments confirmed and not sent yet (they may still go, or be dropped). */
  held: z.number().int(),
  /** Of it, on its way or with an outcome not known. */
  uncertain: z.number().int(),
  /** Of it, taken by the bank, or gone through by the customer's word. */
  spent: z.number().int(),
  remaining: z.number().int(),
  resetsAt: z.number(),
  bankSaysReached: z.boolean(),
  /** The main process's time when this was read: "resets in 3 h 12 min" counts from here, not the renderer's clock. */
  asOf: z.number(),
});
export type DailyLimitView = z.infer<typeof DailyLimitSchema>;

/**
 * A payment as the renderer sees it: the customer's own kennitala masked, like everywhere on screen, and what main's
 * clock says of it (the shown state depends on it: common/payment-status.ts).
 */
export const PaymentViewSchema = PaymentIntentSchema.extend({
  order: PaymentOrderSchema.extend({ debtorKennitala: z.string() }),
  /** The request id's 24 hours are over: the app can no longer send it, nor ask the bank with it. */
  windowClosed: z.boolean(),
  /** When the app asks the bank about it again by itself (the follow-up), while it does. */
  nextCheckAt: z.number().optional(),
});
export type PaymentView = z.infer<typeof PaymentViewSchema>;

/**
 * A payment's change as main tells it (the `paymentChanged` event): its view, and today's limit of its customer as it
 * stands with the change, so a window showing the limit need not ask for it again. Without `limit` where main could
 * not read it (the window then asks `dailyLimit`).
 */
export const PaymentChangeSchema = PaymentViewSchema.extend({ limit: DailyLimitSchema.optional() });
export type PaymentChange = z.infer<typeof PaymentChangeSchema>;

// The draft's fields, named where the draft is (common/payment.ts); here for the renderer and the tests.
export { DraftFieldSchema, type DraftField } from './payment.ts';

/**
 * The same payee and amount within the last 24 hours: must be acknowledged, by this id, before confirming. `kind`
 * says what the app knows of it (common/payment-status.ts): paid (the bank took it), declaredPaid (the customer's
 * word), uncertain (on its way, or not known), notSent (confirmed and waiting to be sent or dropped).
 */
export const DuplicateWarningSchema = z.object({
  intentId: z.string(),
  createdAt: z.number(),
  amount: z.number().int(),
  /**
   * `untrusted`: no earlier payment is known, but the history on this computer is not the one the app last wrote
   * (HistoryIntegrity), so one may have been made: every payment is then confirmed past this warning.
   */
  kind: z.enum(['paid', 'declaredPaid', 'uncertain', 'notSent', 'untrusted']),
});
export type DuplicateWarning = z.infer<typeof DuplicateWarningSchema>;

/**
 * Whether the signed-in customer's payment history on this computer is the one the app last wrote, whole. Not:
 * - `older`: an older copy of it was put back (or it was removed and begun again);
 * - `gap`: records were removed from it, or put back one by one;
 * - `unreadable`: its head cannot be read, so what it holds cannot be counted;
 * - `damagedRows`: a record in it does not open, or is filed otherwise than what is sealed in it says (moved to
 *   another day, renamed, an older version put back): what it says of that payment cannot be trusted.
 */
export const HistoryIntegritySchema = z.object({
  trusted: z.boolean(),
  problem: z.enum(['older', 'gap', 'unreadable', 'damagedRows']).optional(),
});
export type HistoryIntegrity = z.infer<typeof HistoryIntegritySchema>;

export const DraftValidationSchema = z.object({
  /** One error code per field that has one (see common/payment.ts DraftFieldError). */
  errors: z.partialRecord(DraftFieldSchema, z.string()),
  /** The checked order, when there are no errors: what the review screen shows. */
  order: PaymentOrderSchema.extend({ debtorKennitala: z.string() }).optional(),
  duplicate: DuplicateWarningSchema.optional(),
  /** Never paid to this kennitala and account before. */
  newPayee: z.boolean(),
  limit: DailyLimitSchema,
});
export type DraftValidation = z.infer<typeof DraftValidationSchema>;

export const HistoryPageRequestSchema = z.strictObject({
  filter: HistoryFilterSchema.strict().default({}),
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().positive().max(1000).default(100),
  /** Whether the history can be trusted (HistoryIntegrity) comes with the page: History's first page asks for it. */
  withIntegrity: z.literal(true).optional(),
  /**
   * What was spent (as `spendingSummary` answers for this request) comes with the page: History's first page asks
   * for it, so the spending summary above the list needs no round trip of its own when the screen opens.
   */
  withSpending: z.strictObject({ range: SpendingRangeSchema.optional() }).optional(),
});
export const HistoryPageSchema = z.object({
  total: z.number().int().nonnegative(),
  items: z.array(PaymentViewSchema),
  /** Asked for with `withIntegrity`: the same answer as `historyIntegrity`, in the same round trip. */
  integrity: HistoryIntegritySchema.optional(),
  /**
   * Asked for with `withSpending`: the same answer as `spendingSummary`, in the same round trip; left out when it
   * could not be worked out (the page is still answered).
   */
  spending: SpendingSummarySchema.optional(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const PaymentRequestInputSchema = z.strictObject({
  /** One of the customer's own accounts (12 digits, or as typed). */
  account: z.string().min(1).max(20),
  amount: z.number().int().positive().max(DAILY_LIMIT_ISK).optional(),
  message: z
    .string()
    .min(1)
    .max(EXTENDED_REFERENCE_MAX * 2)
    .optional(),
});
export const CreatedPaymentRequestSchema = z.object({
  request: PaymentRequestSchema,
  link: z.string().max(PAYMENT_REQUEST_MAX_LENGTH),
  /** The QR code of the link, as a PNG data URL. */
  qr: z.string().startsWith('data:image/png;base64,').max(200_000),
});
export type CreatedPaymentRequest = z.infer<typeof CreatedPaymentRequestSchema>;
/** A link as the customer pasted it: anything longer than a request can be is refused by the link's reader. */
const LinkRequest = z.strictObject({ link: z.string().max(PAYMENT_REQUEST_MAX_LENGTH * 4) });
/** The largest caption image main reads: a few lines of black text on white, whose PNG is some kilobytes. */
export const QR_CAPTION_MAX_BYTES = 64 * 1024;
/**
 * A request link's QR code to save, with the caption the window drew for under it (who asks, how much, the account,
 * the text): a PNG data URL as wide as the QR code. Main draws the QR code itself from the link it reads, and only
 * puts the caption's pixels below it; one that is not such a PNG is refused (REQUEST_CAPTION). Without a caption
 * (a window that cannot draw one) the QR code is saved alone.
 */
export const SaveQrRequestSchema = z.strictObject({
  link: LinkRequest.shape.link,
  caption: z
    .string()
    .max(Math.ceil(QR_CAPTION_MAX_BYTES / 3) * 4 + 64)
    .optional(),
});
/**
 * A request as main read it: its fields, and where it has a name, what that name is: the requester's own claim,
 * and how it stands to the signed-in customer's saved payees (common/payment-request.ts, `requestNameClaim`).
 */
export const ReadPaymentRequestSchema = z.object({
  request: PaymentRequestSchema,
  name: RequestNameClaimSchema.optional(),
});
export type ReadPaymentRequest = z.infer<typeof ReadPaymentRequestSchema>;
export const OpenedPaymentRequestSchema = z.object({
  request: PaymentRequestSchema.optional(),
  name: RequestNameClaimSchema.optional(),
  error: z.enum(REQUEST_LINK_ERRORS).optional(),
});
export type OpenedPaymentRequest = z.infer<typeof OpenedPaymentRequestSchema>;

/** A file saved through the save dialog, or not (the customer cancelled). */
export const SavedFileSchema = z.object({
  saved: z.boolean(),
  /** The file's name, when saved. */
  fileName: z.string().optional(),
  /** The folder it was saved in, as the customer's system names it. */
  folder: z.string().optional(),
});
export type SavedFile = z.infer<typeof SavedFileSchema>;

export const ExportResultSchema = SavedFileSchema.extend({ count: z.number().int().nonnegative() });
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const GrantReminderSchema = z.object({
  profileId: z.string(),
  reminder: z.union([z.literal(14), z.literal(7), z.literal(1)]),
  daysLeft: z.number().int(),
  grantEnd: z.number(),
});
export type GrantReminder = z.infer<typeof GrantReminderSchema>;

/** Invoke channels: renderer asks, main answers. The request schema is enforced in main. */
export const invokeChannels = {
  appInfo: { request: NoRequest, response: AppInfoSchema },

  // Profiles: one active at a time; switching changes the session, accounts, payees, history and limit shown.
  listProfiles: { request: NoRequest, response: ProfileListSchema },
  switchProfile: { request: Id, response: ProfileChangeSchema },
  saveProfile: { request: ProfileEditSchema, response: ProfileListSchema },
  removeProfile: { request: Id, response: ProfileChangeSchema },

  // The session of the active profile, with its 90-day grant.
  sessionStatus: { request: NoRequest, response: SessionSchema },
  signIn: { request: NoRequest, response: SessionSchema },
  cancelSignIn: { request: NoRequest, response: SessionSchema },
  signOut: { request: NoRequest, response: SessionSchema },

  // The signed-in customer's own accounts and saved payees, in the active profile.
  listAccounts: { request: NoRequest, response: z.array(OwnAccountSchema) },
  saveAccount: { request: OwnAccountInputSchema.strict(), response: z.array(OwnAccountSchema) },
  removeAccount: { request: Id, response: z.array(OwnAccountSchema) },
  listPayees: { request: NoRequest, response: z.array(PayeeSchema) },
  savePayee: { request: PayeeInputSchema.strict(), response: z.array(PayeeSchema) },
  removePayee: { request: Id, response: z.array(PayeeSchema) },

  // Payments.
  dailyLimit: { request: NoRequest, response: DailyLimitSchema },
  validatePayment: { request: PaymentDraftSchema.strict(), response: DraftValidationSchema },
  confirmPayment: {
    request: z.strictObject({
      draft: PaymentDraftSchema.strict(),
      /**
       * The earlier payment the customer was warned about (validatePayment's duplicate.intentId) and acknowledged.
       * An id, not a yes: a second press of "Pay anyway" finds the first press's payment as the newer duplicate,
       * which nobody acknowledged, and is refused.
       */
      acknowledgeDuplicate: z.string().min(1).max(64).optional(),
      /**
       * The Due list's occurrence this payment pays (common/due-payment.ts): held while it is confirmed, handled once
       * the bank takes it. Its payee must be the due payment's; a second confirmation for it is refused (DUE_UNDER_WAY).
       */
      due: DueOccurrenceSchema.optional(),
    }),
    response: PaymentViewSchema,
  },
  submitPayment: { request: Id, response: PaymentViewSchema },
  checkAgain: { request: Id, response: PaymentViewSchema },
  /** Drops a payment confirmed and never sent, for good: it frees its share of today's limit at once. */
  dropPayment: { request: Id, response: PaymentViewSchema },
  /**
   * What the customer's online banking shows of a payment whose outcome stayed unknown past the request id's
   * 24 hours: recorded as their word (declaredPaid or declaredNotPaid), never as the bank's.
   */
  declareOutcome: {
    request: z.strictObject({ id: z.string().min(1).max(64), outcome: z.enum(['paid', 'notPaid']) }),
    response: PaymentViewSchema,
  },
  /**
   * "Stop trying" (issue 38): a payment whose outcome is unknown is sent no more, by the app's follow-up or by a
   * press; its outcome is then the customer's word (declareOutcome). Answered as it is where nothing was left to stop.
   */
  stopTrying: { request: Id, response: PaymentViewSchema },
  /** The customer's private note on a payment (issue 42): kept on this computer only; empty removes it. */
  setPaymentNote: {
    request: z.strictObject({ id: z.string().min(1).max(64), note: z.string().max(PAYMENT_NOTE_MAX) }),
    response: PaymentViewSchema,
  },

  // History.
  historyPage: { request: HistoryPageRequestSchema, response: HistoryPageSchema },
  getPayment: { request: Id, response: PaymentViewSchema },
  refreshStatus: { request: Id, response: PaymentViewSchema },
  exportHistory: {
    request: z.strictObject({
      filter: HistoryFilterSchema.strict().default({}),
      /** The customer's private notes as a column: only when they tick it (issue 42). */
      includeNotes: z.boolean().default(false),
    }),
    response: ExportResultSchema,
  },
  /** Whether the history on this computer can be trusted (see HistoryIntegritySchema); trusted with nobody known. */
  historyIntegrity: { request: NoRequest, response: HistoryIntegritySchema },
  /**
   * What was spent (common/spending.ts): today, this week and this month (GMT, weeks from Monday), the range if one
   * is asked for (by payee is then over it), by payee and the last 12 GMT months, from the history on this computer.
   * Nothing counted with nobody known.
   */
  spendingSummary: {
    request: z.strictObject({ range: SpendingRangeSchema.optional() }),
    response: SpendingSummarySchema,
  },
  /**
   * The customer checked their online banking: the history as it is now is taken as the app's from here on (what is
   * missing stays missing; the warning before each payment stops).
   */
  acceptHistory: { request: NoRequest, response: HistoryIntegritySchema },
  /**
   * Saves the receipt of one of the customer's payments the bank took as a PDF: the window as printed, which shows
   * only the receipt (the renderer puts it there first). Refused for any other payment.
   */
  saveReceipt: { request: Id, response: SavedFileSchema },

  // Payment requests (common/payment-request.ts): be paid with a link or a QR code.
  /** A request to be paid into one of the signed-in customer's own accounts: its link and a QR code of it. */
  createPaymentRequest: { request: PaymentRequestInputSchema, response: CreatedPaymentRequestSchema },
  /**
   * A link pasted or read from a QR code: the request with what its name is (never more than the requester's
   * claim), or REQUEST_* saying why it is refused.
   */
  readPaymentRequest: { request: LinkRequest, response: ReadPaymentRequestSchema },
  /**
   * The link the system opened the app with (its protocol handler), read, once, as `readPaymentRequest` reads one;
   * nothing when none is waiting.
   */
  takePaymentRequest: { request: NoRequest, response: OpenedPaymentRequestSchema },
  /**
   * Saves the QR code of a request link (a valid one only) as a PNG where the customer chooses, with the window's
   * caption under it (SaveQrRequestSchema).
   */
  savePaymentRequestQr: { request: SaveQrRequestSchema, response: SavedFileSchema },
  /** Shows a file this run saved (an export or a receipt) in the system's file manager; any other name is refused. */
  showExport: { request: z.strictObject({ fileName: z.string().min(1).max(255) }), response: z.object({}) },

  // Payments that come due (common/due-payment.ts): the signed-in customer's in the active profile. Never paid by
  // themselves: the customer pays one with confirmPayment's `due`.
  /** The Due list on main's day: waiting, overdue, next; settled first by what their payments' outcomes are now. */
  listDue: { request: NoRequest, response: DueListSchema },
  /** A new payment that comes due, or a change of one; the list, or the errors by field with nothing saved. */
  saveDue: { request: DuePaymentInputSchema, response: DueSavedSchema },
  /** Skips one open occurrence (and every earlier one). */
  skipDue: { request: DueOccurrenceSchema, response: DueListSchema },
  /** Stops a payment that comes due: it leaves the list. */
  stopDue: { request: Id, response: DueListSchema },

  // A backup (common/backup.ts, docs/BACKUP.md): the signed-in customer's data in the active profile.
  /** Seals a backup under the passphrase (refused with BACKUP_WEAK_PASSPHRASE) and saves it where the customer says. */
  exportBackup: { request: ExportBackupRequestSchema, response: BackupExportedSchema },
  /** Merges a backup of the same customer at the same bank; BACKUP_* says why one is refused, with nothing changed. */
  restoreBackup: { request: RestoreBackupRequestSchema, response: BackupRestoredSchema },

  // A tester's window on the bank (common/bank-calls.ts, docs/BANK-CALLS.md), in the active profile.
  /** Which of the tools below this profile and build show. */
  testerTools: { request: NoRequest, response: TesterToolsSchema },
  /** The calls to the bank and its sign-in server, filtered; nothing (shown: false) where the list is not shown. */
  listCalls: { request: CallFilterSchema, response: CallListSchema },
  /** One call with its request and answer, secrets removed (CALL_NOT_FOUND for one not kept or not shown). */
  callDetail: { request: Id, response: CallDetailSchema },
  /** Saves the support bundle (version, platform, profile without secrets, calls, payment states, last errors). */
  saveSupportBundle: { request: NoRequest, response: SavedFileSchema },
  /**
   * The support bundle as it would be saved, to look at first (its JSON text, exactly); the save that follows saves
   * this same text, where nothing changed between (the profile, the customer).
   */
  previewSupportBundle: { request: NoRequest, response: z.object({ content: z.string().max(8_000_000) }) },
  /** The local sandbox's panel; refused (SANDBOX_PANEL_UNAVAILABLE) outside the local sandbox profile. */
  sandboxPanel: { request: NoRequest, response: SandboxPanelSchema },
  /** Queues a fault, moves the sandbox's clock or picks its user; answers the panel as it is then. */
  sandboxControl: { request: SandboxControlSchema, response: SandboxPanelSchema },

  // Settings.
  getSettings: { request: NoRequest, response: SettingsSchema },
  updateSettings: { request: SettingsUpdateSchema, response: SettingsSchema },

  // The app lock (docs/SECURITY.md). While locked, every other channel answers LOCKED.
  lockStatus: { request: NoRequest, response: LockStatusSchema },
  /** The keychain notice's "Try again": the stored data key is opened again; the status says whether it opened. */
  retryKeychain: { request: NoRequest, response: LockStatusSchema },
  /**
   * The keychain notice's "Start afresh": the stored data key is set aside (kept, never deleted) and a new one made;
   * the history, payees and sign-ins it sealed are not shown until that key opens again.
   */
  startAfresh: { request: NoRequest, response: LockStatusSchema },
  unlock: { request: z.strictObject({ passcode: PasscodeSchema }), response: LockStatusSchema },
  lockNow: { request: NoRequest, response: LockStatusSchema },
  setPasscode: { request: SetPasscodeSchema, response: LockStatusSchema },
  removePasscode: { request: z.strictObject({ current: PasscodeSchema }), response: LockStatusSchema },
  /** The passcode again before a payment is sent (submitPayment answers PRESENCE_REQUIRED without it). */
  confirmPresence: { request: z.strictObject({ passcode: PasscodeSchema }), response: LockStatusSchema },
  updateLockSettings: { request: LockSettingsSchema, response: LockStatusSchema },
  /** A forgotten passcode: it goes, and so does every sign-in (the customer signs in with the bank again). */
  forgetPasscode: { request: NoRequest, response: LockStatusSchema },
  /**
   * The customer pressed a key, clicked, scrolled or touched in the window (at most one report every 15 s): the
   * only use that keeps the idle lock off, besides entering the passcode. Refused while locked.
   */
  noteActivity: { request: NoRequest, response: z.object({}) },
} as const satisfies Record<InvokeChannel, { request: z.ZodType; response: z.ZodType }>;

/** Events: main tells, renderer listens. Payloads are parsed in main before they are sent. */
export const eventChannels = {
  sessionChanged: SessionSchema,
  paymentChanged: PaymentChangeSchema,
  /** The app learned a payment's outcome by itself (the follow-up): the history's badge counts it until seen. */
  paymentOutcome: PaymentViewSchema,
  /** The system opened the app with a payment-request link: `takePaymentRequest` has it. */
  paymentRequestOpened: z.object({}),
  grantReminder: GrantReminderSchema,
  lockChanged: LockStatusSchema,
  /** The customer clicked a notification of payments due: the window shows the Due list. */
  dueOpened: z.object({}),
  /**
   * Main's day (GMT, its clock) moved on while the app was open and unlocked: what the window reckons from it (the Due
   * list's waiting and overdue payments, what is left of today's limit, the spending of today, this week and this
   * month) is read again.
   */
  dayChanged: z.object({}),
} as const satisfies Record<EventChannel, z.ZodType>;

export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['response']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;

export const invokeChannelNames: readonly InvokeChannel[] = INVOKE_CHANNEL_NAMES;
export const eventChannelNames: readonly EventChannel[] = EVENT_CHANNEL_NAMES;

type InvokeMethod<C extends InvokeChannel> = [RequestOf<C>] extends [undefined]
  ? () => Promise<Result<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;

type Awaitable<T> = T | Promise<T>;

/**
 * Main's side of the contract: one handler per invoke channel, given the request as its schema parsed it. The same
 * table serves Electron's IPC and the browser harness; each domain in main provides its slice of it
 * (`Pick<HandlerTable, ...>`), so a new channel is a compile error until a slice handles it.
 */
export type HandlerTable = {
  [C in InvokeChannel]: (request: z.output<(typeof invokeChannels)[C]['request']>) => Awaitable<ResponseOf<C>>;
};

/** The type of `window.wallet`. */
export type WalletApi = { [C in InvokeChannel]: InvokeMethod<C> } & {
  [E in EventChannel as EventMethodName<E>]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export { eventMethodName, type EventChannel, type EventMethodName, type InvokeChannel };

/** Every key `window.wallet` must have: one per invoke channel and one `onX` per event. */
export const walletApiKeys: readonly string[] = [...invokeChannelNames, ...eventChannelNames.map(eventMethodName)];
