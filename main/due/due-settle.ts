import type { DuePayment } from '../../common/due-payment.ts';
import type { PaymentState } from '../../common/payment.ts';
import { dueOutcome } from '../../common/payment-status.ts';
import { dueState, type IsoDate } from '../../common/schedule.ts';
import { WalletError } from '../wallet-error.ts';

/** Where a payment confirmed for an occurrence stands (PaymentState, or gone from the history). */
export type PayingOutcome = 'final-paid' | 'final-not-paid' | 'open';

/**
 * What a payment's stored state says of the occurrence it was confirmed for: taken by the bank (or said by the
 * customer to have gone through) handles it; refused, dropped or said not to have gone frees it again; anything else
 * (not sent yet, on its way, unknown, damaged) keeps it under way, offered neither to pay nor to skip.
 */
export function payingOutcome(state: PaymentState | undefined): PayingOutcome {
  return PAYING[dueOutcome(state)];
}

/** The names main/due gives common/payment-status.ts's `due` (the store's view of an occurrence). */
const PAYING: Record<ReturnType<typeof dueOutcome>, PayingOutcome> = {
  paid: 'final-paid',
  notPaid: 'final-not-paid',
  open: 'open',
};

/** A payment the payment store links to one of a due payment's occurrences, with its state now (issue 38). */
export interface LinkedOccurrence {
  date: IsoDate;
  intentId: string;
  /** None: the payment is not in the store (gone: the store is then flagged). */
  state?: PaymentState | undefined;
}

/**
 * What the payment store says of a customer's due payments: the payments linked to each one's occurrences, and
 * whether the store is the one the app last wrote (a payment gone from a store not trusted may have gone to the bank).
 */
export interface DueStoreView {
  linked(dueId: string): readonly LinkedOccurrence[];
  trusted: boolean;
}

const later = (a: IsoDate | undefined, b: IsoDate): IsoDate => (a !== undefined && a > b ? a : b);

/**
 * A due payment settled by what its payments' states say now. The one under way by this record: taken by the bank
 * handles its occurrence (and every one before it); refused, dropped or gone frees it. Then what the payment store
 * links to its occurrences, whatever this record says (issue 38: an older record put back, or one that never heard of
 * the payment): an occurrence whose payment was taken is handled, one whose payment may still go or may have gone is
 * under way, so it is never offered again. A payment gone from a store that is not trusted frees nothing: it may have
 * gone to the bank. The same item when nothing changed.
 */
export function settled(
  item: DuePayment,
  stateOf: (intentId: string) => PaymentState | undefined,
  store: DueStoreView,
): DuePayment {
  const outcomeOf = (state: PaymentState | undefined): PayingOutcome =>
    state === undefined && !store.trusted ? 'open' : payingOutcome(state);
  let { paying, lastHandled } = item;
  if (paying) {
    const outcome = outcomeOf(stateOf(paying.intentId));
    if (outcome === 'final-paid') lastHandled = later(lastHandled, paying.date);
    if (outcome !== 'open') paying = undefined;
  }
  for (const link of store.linked(item.id)) {
    const outcome = outcomeOf(link.state);
    if (outcome === 'final-paid') lastHandled = later(lastHandled, link.date);
    else if (outcome === 'open' && !paying) paying = { date: link.date, intentId: link.intentId };
  }
  if (paying === item.paying && lastHandled === item.lastHandled) return item;
  const { paying: _was, lastHandled: _handled, ...rest } = item;
  return { ...rest, ...(lastHandled ? { lastHandled } : {}), ...(paying ? { paying } : {}) };
}

/** Refused: an occurrence of the payment is being paid, and its outcome comes first. */
export const underWay = () =>
  new WalletError('DUE_UNDER_WAY', 'A payment for this one is under way: its outcome comes first');

/** The occurrence on `date` is one the list offers: overdue, due today or the next, and not handled. */
export function requireOpen(item: DuePayment, date: IsoDate, today: IsoDate): void {
  const state = dueState(item.schedule, item.lastHandled, today);
  if (![...state.overdue, state.dueToday, state.next].includes(date)) {
    throw new WalletError('DUE_NOT_OPEN', 'That date is not one of this payment’s open dates');
  }
}
