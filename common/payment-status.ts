import { LIMIT_EFFECT, PAYMENT_STATES, type LimitEffect, type PaymentState } from './payment-rules.ts';
import { sendsEnded } from './request-id.ts';

/**
 * The `intentId` of a duplicate warning of kind `untrusted` (no earlier payment is known, but the history on this
 * computer is not the one the app last wrote): the one an acknowledgement of it names.
 */
export const UNTRUSTED_HISTORY = 'history-not-trusted';

/**
 * Every state a payment can be in, as the customer sees it: the one table that the pay screen's result, a payment's
 * details in History, the daily limit's meter, the receipt and the duplicate warning all read (issue 25), and that
 * docs/PAYMENT-CORE.md shows. A shown state is the stored state read with what main's clock says (the request id's
 * 24 hours) and what the window knows (the passcode prompt is open, the bank is slow to answer). Its words live in
 * renderer/src/i18n/messages/status.ts as `status.<state>.title` and `status.<state>.text`, in both languages.
 */
export const SHOWN_STATES = [
  'draft',
  'notSent',
  'awaitingPasscode',
  'notSentTooLate',
  'sending',
  'slow',
  'accepted',
  'settled',
  'rejected',
  'unknown',
  'unknownTooLate',
  'unknownStopped',
  'unknownRestored',
  'declaredPaid',
  'declaredNotPaid',
  'dropped',
  'damaged',
] as const;
export type ShownState = (typeof SHOWN_STATES)[number];

/**
 * What the customer can do about a payment in a state. `send`: send it now (asks for the passcode when needed; the
 * same request id); `dontSend`: drop it for good; `checkNow`: ask the bank now (the status, or the same request id
 * again); `declarePaid` / `declareNotPaid`: say what the online banking shows, once the app can no longer ask;
 * `stopTrying`: the app sends it no more by itself (nor on a press), and the customer's word decides it (issue 38);
 * `receipt`: open the receipt; `backToForm` / `newPayment`: the pay form (with this payment's draft, or empty);
 * `enterPasscode` / `cancel`: the passcode prompt's own; `review`: the form's.
 */
export type PaymentAction =
  | 'review'
  | 'enterPasscode'
  | 'cancel'
  | 'send'
  | 'dontSend'
  | 'checkNow'
  | 'stopTrying'
  | 'declarePaid'
  | 'declareNotPaid'
  | 'receipt'
  | 'backToForm'
  | 'newPayment';

/** What the duplicate warning may say of an earlier payment to the same payee and amount within 24 hours. */
export type DuplicateKind = 'paid' | 'declaredPaid' | 'uncertain' | 'notSent';

export interface ShownRow {
  /** The stored state it is read from. */
  stored: PaymentState;
  /** How it counts against today's limit, and so which part of the meter it is in. */
  limit: LimitEffect;
  actions: readonly PaymentAction[];
  /** `bank`: the bank took it; `customer`: a receipt that says it rests on the customer's word; `none`. */
  receipt: 'bank' | 'customer' | 'none';
  /** What the duplicate warning says of it; `none`: it never raises one. */
  duplicate: DuplicateKind | 'none';
  /** The app asks the bank about it again by itself (the follow-up). */
  followedUp: boolean;
}

const row = (
  stored: PaymentState,
  actions: readonly PaymentAction[],
  receipt: ShownRow['receipt'],
  duplicate: ShownRow['duplicate'],
  followedUp = false,
): ShownRow => ({ stored, limit: LIMIT_EFFECT[stored], actions, receipt, duplicate, followedUp });

export const PAYMENT_STATUS: Record<ShownState, ShownRow> = {
  draft: row('draft', ['review'], 'none', 'none'),
  notSent: row('confirmed', ['send', 'dontSend'], 'none', 'notSent'),
  awaitingPasscode: row('confirmed', ['enterPasscode', 'cancel'], 'none', 'notSent'),
  notSentTooLate: row('confirmed', ['dontSend'], 'none', 'notSent'),
  sending: row('sending', [], 'none', 'uncertain'),
  // The app keeps trying with the same request id: the customer may stop it from trying again (issue 38).
  slow: row('sending', ['stopTrying'], 'none', 'uncertain'),
  accepted: row('accepted', ['checkNow', 'receipt', 'newPayment'], 'bank', 'paid', true),
  settled: row('settled', ['receipt', 'newPayment'], 'bank', 'paid'),
  rejected: row('rejected', ['backToForm', 'newPayment'], 'none', 'none'),
  unknown: row('unknown', ['checkNow', 'stopTrying'], 'none', 'uncertain', true),
  unknownTooLate: row('unknown', ['declarePaid', 'declareNotPaid'], 'none', 'uncertain'),
  // The customer pressed "Stop trying", or it came from a backup: never sent again; their online banking decides.
  unknownStopped: row('unknown', ['declarePaid', 'declareNotPaid'], 'none', 'uncertain'),
  unknownRestored: row('unknown', ['declarePaid', 'declareNotPaid'], 'none', 'uncertain'),
  declaredPaid: row('declaredPaid', ['declareNotPaid', 'receipt', 'newPayment'], 'customer', 'declaredPaid'),
  declaredNotPaid: row('declaredNotPaid', ['declarePaid', 'backToForm', 'newPayment'], 'none', 'none'),
  dropped: row('dropped', ['backToForm', 'newPayment'], 'none', 'none'),
  damaged: row('damaged', ['newPayment'], 'none', 'uncertain'),
};

/** Past this long without an answer, a payment being sent says the bank is slow. */
export const SLOW_AFTER_MS = 5_000;

/** What main says of a payment besides its record (PaymentView), that the shown state depends on. */
export interface ShownFacts {
  state: PaymentState;
  attempts: number;
  /** The request id's 24 hours are over, by main's clock: the app can no longer send it, nor ask with it. */
  windowClosed: boolean;
  /** The app sends it no more: the customer stopped it, or it came from a backup (issue 38). */
  sendsStopped?: { by: 'customer' | 'restore' } | undefined;
}

/** What the window knows that main does not. */
export interface WindowFacts {
  /** The passcode prompt for this payment is open. */
  prompting?: boolean;
  /** The send has taken longer than SLOW_AFTER_MS on the window's clock. */
  slow?: boolean;
}

/** The state the customer is shown: one row of PAYMENT_STATUS. */
export function shownState(payment: ShownFacts, window: WindowFacts = {}): ShownState {
  switch (payment.state) {
    case 'confirmed':
      if (window.prompting) return 'awaitingPasscode';
      return payment.windowClosed ? 'notSentTooLate' : 'notSent';
    case 'sending':
      // A second attempt is an automatic retry: the bank did not answer the first.
      return window.slow || payment.attempts > 1 ? 'slow' : 'sending';
    case 'unknown':
      if (payment.sendsStopped) return payment.sendsStopped.by === 'restore' ? 'unknownRestored' : 'unknownStopped';
      return payment.windowClosed ? 'unknownTooLate' : 'unknown';
    default:
      return payment.state;
  }
}

export const statusOf = (payment: ShownFacts, window: WindowFacts = {}): ShownRow =>
  PAYMENT_STATUS[shownState(payment, window)];

/**
 * The row of a stored state, as main reads it (it knows neither the window nor, here, the clock): the rows read from
 * one stored state agree on the limit, the receipt and the duplicate warning (test/common/payment-status.test.ts).
 */
function rowOfStored(state: PaymentState): ShownRow {
  const shown = SHOWN_STATES.find((candidate) => PAYMENT_STATUS[candidate].stored === state) ?? 'draft';
  return PAYMENT_STATUS[shown];
}

/** What the duplicate warning says of an earlier payment in a stored state (see PAYMENT_STATUS's `duplicate`). */
export function duplicateKind(state: PaymentState): DuplicateKind | undefined {
  const kind = rowOfStored(state).duplicate;
  return kind === 'none' ? undefined : kind;
}

/** The receipt a payment in a stored state has (see PAYMENT_STATUS's `receipt`). */
export const receiptKind = (state: PaymentState): ShownRow['receipt'] => rowOfStored(state).receipt;

/**
 * What main needs of each stored state (issue 40), beside what the customer is shown: the one place main's rules
 * name states. `final`: nothing is sent or asked about it again (the bank's last word, dropped, or the customer's
 * word); `followed`: the app asks the bank about it by itself while its request id's 24 hours last (the follow-up;
 * the rows shown from it say so in `followedUp`); `due`: what it makes of the due occurrence it was confirmed for
 * (taken, freed again, or still under way); `told`: the bank's word the customer is told of when the app learned it
 * by itself (`always`, or only after an outcome that was not known, `afterUnknown`); `restoredOver`: a backup file's
 * later word may move it on (to a state whose `due` is `paid`: one that still counts), as it may not one being sent,
 * damaged, final or never confirmed.
 */
export interface StoredFacts {
  final: boolean;
  followed: boolean;
  due: 'paid' | 'notPaid' | 'open';
  told: 'always' | 'afterUnknown' | 'never';
  restoredOver?: true;
}

const stored = <T extends StoredFacts>(facts: T): T => facts;

export const STORED_STATE = {
  draft: stored({ final: false, followed: false, due: 'notPaid', told: 'never' }),
  confirmed: stored({ final: false, followed: false, due: 'open', told: 'never', restoredOver: true }),
  sending: stored({ final: false, followed: false, due: 'open', told: 'never' }),
  accepted: stored({ final: false, followed: true, due: 'paid', told: 'afterUnknown', restoredOver: true }),
  settled: stored({ final: true, followed: false, due: 'paid', told: 'always' }),
  rejected: stored({ final: true, followed: false, due: 'notPaid', told: 'always' }),
  unknown: stored({ final: false, followed: true, due: 'open', told: 'never', restoredOver: true }),
  declaredPaid: stored({ final: true, followed: false, due: 'paid', told: 'never' }),
  declaredNotPaid: stored({ final: true, followed: false, due: 'notPaid', told: 'never' }),
  dropped: stored({ final: true, followed: false, due: 'notPaid', told: 'never' }),
  damaged: stored({ final: false, followed: false, due: 'open', told: 'never' }),
} as const satisfies Record<PaymentState, StoredFacts>;

/** Nothing is sent or asked about a payment in this state again. */
export const isFinal = (state: PaymentState): boolean => STORED_STATE[state].final;

/** The states the follow-up reads (`awaitsOutcome` says which of their payments it asks about). */
export const FOLLOWED_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => STORED_STATE[state].followed);

/**
 * A payment the bank may still be deciding on, within its request id's 24 hours and not stopped: accepted without a
 * final status, or sent with no answer (the follow-up's).
 */
export const awaitsOutcome = (
  intent: { state: PaymentState; firstSentAt?: number | undefined; createdAt: number; sendsStopped?: unknown },
  now: number,
): boolean => STORED_STATE[intent.state].followed && intent.firstSentAt !== undefined && !sendsEnded(intent, now);

/** A backup file may move a payment from `local` to `next` (see StoredFacts' `restoredOver`). */
export const restoreMayMove = (local: PaymentState, next: PaymentState): boolean =>
  local !== next && (STORED_STATE[local] as StoredFacts).restoredOver === true && STORED_STATE[next].due === 'paid';

/** The states in which the bank took a payment (a receipt of the bank's): "paid before", an answer kept. */
export const TAKEN_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => receiptKind(state) === 'bank');

/** The states whose learning the customer is told of (main's outcome notice has words for each). */
export type ToldState = {
  [S in PaymentState]: (typeof STORED_STATE)[S]['told'] extends 'never' ? never : S;
}[PaymentState];

export const isTold = (state: PaymentState): state is ToldState => STORED_STATE[state].told !== 'never';

/** The customer learns something final-er than before: it went through, was completed, or was refused. */
export function outcomeLearned(before: { state: PaymentState }, after: { state: PaymentState }): boolean {
  if (before.state === after.state) return false;
  const told = STORED_STATE[after.state].told;
  return told === 'always' || (told === 'afterUnknown' && before.state === 'unknown');
}

/** What a payment in a stored state (or gone from the store: undefined) makes of its due occurrence. */
export const dueOutcome = (state: PaymentState | undefined): StoredFacts['due'] =>
  state === undefined ? 'notPaid' : STORED_STATE[state].due;
