import { z } from 'zod';
import { ACCOUNT_DIGITS_PATTERN, normalizeAccountNumber } from './account-number.ts';
import { parseAndCheckAmount, type AmountError } from './isk-amount.ts';
import { checkKennitala, KENNITALA_DIGITS_PATTERN, type KennitalaError } from './kennitala.ts';
import { HISTORY_SEARCH_MAX, PAYEE_NAME_MAX, PAYMENT_NOTE_MAX, PAYMENT_STATES } from './payment-rules.ts';
import { checkEndToEndId, checkExtendedReference, type ReferenceError } from './references.ts';
import { REQUEST_ID_PATTERN } from './request-id.ts';

// Main and the tests import these from here.
export { COUNTED_STATES, PAYMENT_STATES, type PaymentState } from './payment-rules.ts';

/**
 * A payment from the form to the bank and back. The draft is what the customer typed; the order is the draft
 * checked and normalised; the intent is an order the customer confirmed, with its own X-Request-ID.
 */
export const PaymentDraftSchema = z.object({
  debtorAccount: z.string().max(64),
  depositKennitala: z.string().max(64),
  depositAccount: z.string().max(64),
  amount: z.string().max(64),
  endToEndId: z.string().max(256).default(''),
  extendedReference: z.string().max(1024).default(''),
  payeeName: z.string().max(PAYEE_NAME_MAX).default(''),
});
export type PaymentDraft = z.input<typeof PaymentDraftSchema>;

/** The fields of a draft that a check can find wrong (validatePayment's errors, saveDue's). */
export const DraftFieldSchema = z.enum([
  'debtorAccount',
  'depositKennitala',
  'depositAccount',
  'amount',
  'endToEndId',
  'extendedReference',
]);
export type DraftField = z.infer<typeof DraftFieldSchema>;

export const PaymentOrderSchema = z.object({
  debtorKennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  debtorAccount: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  depositKennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  depositAccount: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  amount: z.number().int().positive(),
  endToEndId: z.string(),
  extendedReference: z.string(),
  payeeName: z.string(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const PaymentStateSchema = z.enum(PAYMENT_STATES);

export const PaymentFailureSchema = z.object({
  name: z.string(),
  code: z.string(),
  message: z.string(),
  httpStatus: z.number().int().optional(),
});
export type PaymentFailure = z.infer<typeof PaymentFailureSchema>;

export const PaymentIntentSchema = z.object({
  id: z.string().min(1),
  profileId: z.string().min(1),
  order: PaymentOrderSchema,
  requestId: z.string().regex(REQUEST_ID_PATTERN),
  state: PaymentStateSchema,
  /** When each state was entered (ms since the epoch); the latest entry wins. */
  stateTimes: z.partialRecord(PaymentStateSchema, z.number()),
  createdAt: z.number(),
  updatedAt: z.number(),
  firstSentAt: z.number().optional(),
  attempts: z.number().int().nonnegative(),
  initiationId: z.string().optional(),
  bankStatus: z.string().optional(),
  paymentDate: z.string().optional(),
  error: PaymentFailureSchema.optional(),
  /**
   * The app sends this payment no more, automatically or on a press (issue 38): the customer pressed "Stop trying"
   * (`customer`), or it came from a backup file (`restore`), which is only ever shown, never sent. Its outcome is then
   * learnt from the customer's online banking and their word (declaredPaid / declaredNotPaid).
   */
  sendsStopped: z.object({ at: z.number(), by: z.enum(['customer', 'restore']) }).optional(),
  /**
   * When this record came from a backup file rather than from this app's own talk with the bank: what it says (a
   * settled state, a status) is the file's word, not the bank's, until the bank answers about it here.
   */
  restoredAt: z.number().optional(),
  /** The earlier payment this one looked like, which the customer acknowledged before confirming. */
  acknowledgedDuplicateOf: z.string().optional(),
  /**
   * The customer's private note (issue 42): kept on this computer only, sealed with the payment, never part of the
   * order sent to the bank, never in a support bundle, and in a CSV export only when the customer ticks it.
   */
  note: z.string().max(PAYMENT_NOTE_MAX).optional(),
  /**
   * Which change of the payment this is: its number in the sequence of its customer's store, given by main's store
   * as it writes it. Of two answers or events about one payment, the higher version is the newer.
   */
  version: z.number().int().positive().optional(),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

export type DraftFieldError =
  KennitalaError | AmountError | ReferenceError | 'account_format' | 'same_account' | 'over_remaining';
export type DraftErrors = Partial<Record<keyof PaymentOrder, DraftFieldError>>;
export type DraftCheck = { ok: true; order: PaymentOrder } | { ok: false; errors: DraftErrors };

export interface DraftContext {
  /** The signed-in customer: the only possible debtor. */
  kennitala: string;
  /** What is left of today's limit, in krónur. */
  remainingToday: number;
}

/**
 * Every local rule the bank would apply, checked before anything is sent; each error names its field. The draft's
 * shape is already checked (the bridge parses every request with PaymentDraftSchema): only the fields it may leave
 * out are filled in here, and the rules apply to what the customer typed.
 */
export function checkDraft(input: PaymentDraft, context: DraftContext): DraftCheck {
  const draft = {
    ...input,
    endToEndId: input.endToEndId ?? '',
    extendedReference: input.extendedReference ?? '',
    payeeName: input.payeeName ?? '',
  };
  const errors: DraftErrors = {};
  const debtorAccount = normalizeAccountNumber(draft.debtorAccount);
  if (!debtorAccount) errors.debtorAccount = 'account_format';
  const depositAccount = normalizeAccountNumber(draft.depositAccount);
  if (!depositAccount) errors.depositAccount = 'account_format';
  else if (depositAccount === debtorAccount) errors.depositAccount = 'same_account';
  const kennitala = checkKennitala(draft.depositKennitala);
  if (!kennitala.ok) errors.depositKennitala = kennitala.error;
  const amount = parseAndCheckAmount(draft.amount);
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.value > context.remainingToday) errors.amount = 'over_remaining';
  const endToEnd = checkEndToEndId(draft.endToEndId);
  if (!endToEnd.ok) errors.endToEndId = endToEnd.error;
  const extended = checkExtendedReference(draft.extendedReference);
  if (!extended.ok) errors.extendedReference = extended.error;

  const invalid = !debtorAccount || !depositAccount || !kennitala.ok || !amount.ok || !endToEnd.ok || !extended.ok;
  if (invalid || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    order: {
      debtorKennitala: context.kennitala,
      debtorAccount,
      depositKennitala: kennitala.value,
      depositAccount,
      amount: amount.value,
      endToEndId: endToEnd.value,
      extendedReference: extended.value,
      payeeName: draft.payeeName.trim(),
    },
  };
}

/** A filter over the history: all fields optional; times are ms since the epoch, `to` exclusive. */
export const HistoryFilterSchema = z.object({
  from: z.number().optional(),
  to: z.number().optional(),
  states: z.array(PaymentStateSchema).optional(),
  /** Kennitala, account number (any spelling) or part of the payee's name. */
  payee: z.string().max(HISTORY_SEARCH_MAX).optional(),
  /** Part of a reference, the initiation id, the X-Request-ID or the local id. */
  text: z.string().max(HISTORY_SEARCH_MAX).optional(),
});
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;
