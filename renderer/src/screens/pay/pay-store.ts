import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OwnAccount, Payee } from '../../../../common/address-book.ts';
import type { DailyLimitView, DraftValidation, PaymentView, WalletApi } from '../../../../common/bridge-contract.ts';
import type { DueOccurrence } from '../../../../common/due-payment.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import type { AppStore, PayDraft } from '../../state/app-store.ts';

/** The send of the result's payment, as this store started it (see `confirmed`). */
export interface ResultSend {
  /** A send is on its way: shown as being sent from the first frame, never as "confirmed, not sent". */
  going: boolean;
  /** Main asked for the passcode first: the prompt is open, and the payment goes once it is given. */
  prompting: boolean;
  /** The code of the send main refused, until the next call about the payment. */
  error?: string;
}

export type Stage =
  | { name: 'form' }
  | {
      name: 'review';
      validation: DraftValidation;
      draft: PayDraft;
      /** The Due list's occurrence this payment pays (Pay now on the list): sent with the confirmation. */
      due?: DueOccurrence;
    }
  | { name: 'result'; payment: PaymentView; newPayee: boolean; send: ResultSend };

/** The customer's own lists, as the form read them (use-own-lists.ts) and its parts changed them. */
export interface OwnLists {
  /** The customer's own accounts, to pay from. */
  accounts: OwnAccount[];
  /** The payees the customer saved: the result knows by them whether to offer saving its payee. */
  payees: Payee[];
  /** Whether `payees` is main's answer yet, or could not be read. */
  payeesRead: 'reading' | 'read' | 'failed';
}

export interface PayState {
  stage: Stage;
  /** Today's limit as main last told it: by itself, or with the check of the draft. */
  limit?: DailyLimitView;
  lists: OwnLists;
  actions: PayActions;
}

export interface PayActions {
  /**
   * With main's check of exactly this draft: what the review shows is what is confirmed. `due`: the Due list's
   * occurrence it pays.
   */
  review(validation: DraftValidation, draft: PayDraft, due?: DueOccurrence): void;
  backToForm(): void;
  /**
   * The review's payment, confirmed: the result shows it and it is sent at once, from here (or the passcode prompt
   * opens, when main asks for it first). The same payment confirmed again is not sent again.
   */
  confirmed(payment: PaymentView): void;
  /** The result's payment, sent (its Send button): never while a send of it is on its way. */
  send(): void;
  /** The passcode was given: the result's payment is sent. */
  presenceGiven(): void;
  /** The prompt was cancelled: the payment stays confirmed and not sent. */
  cancelPrompt(): void;
  /** Another call about the result's payment starts: the send's refusal is no longer what is said. */
  clearSendError(): void;
  setLimit(limit: DailyLimitView): void;
  refreshLimit(): void;
  setAccounts(list: OwnAccount[]): void;
  /** Main's list of saved payees (as read, or as a save or removal answered). */
  setPayees(list: Payee[]): void;
  payeesFailed(): void;
  /**
   * Follows the app store while the screen is open: the payment on the result screen takes every newer version
   * (the app store has already dropped stale ones) and today's limit main told with it (read only at the start,
   * after a sign-in and on main's new day). Returns the unsubscribe.
   */
  listen(): () => void;
}

export type PayStore = StoreApi<PayState>;

/** The pay screen's state: the form, the review, the outcome and its send, and the daily limit above them. */
export function createPayStore(wallet: WalletApi, app: AppStore): PayStore {
  return createStore<PayState>()((set, get) => {
    const signedIn = () => app.getState().session?.signedIn ?? false;
    /** The payments this window is sending: one send at a time each, however often it is asked for. */
    const sending = new Set<string>();
    /**
     * A payment the bank took is done with: its draft goes at once, so however the customer leaves the result (New
     * payment, another screen and back) the form does not show it again. A refused or not yet known one keeps its
     * draft, to fix or to send again.
     */
    const clearDraftOnceTaken = (payment: PaymentView) => {
      if (payment.state === 'accepted' || payment.state === 'settled') app.getState().actions.resetDraft();
    };
    /** Shows a newer version of the result's payment; a refusal shown with it stays until the next try. */
    const showPayment = (payment: PaymentView) => {
      const { stage } = get();
      if (stage.name !== 'result' || stage.payment.id !== payment.id) return;
      set({ stage: { ...stage, payment } });
      clearDraftOnceTaken(payment);
    };
    /** The send's state on the result, while the result still shows that payment. */
    const patchSend = (id: string, patch: { going?: boolean; prompting?: boolean; error?: string | undefined }) => {
      const { stage } = get();
      if (stage.name !== 'result' || stage.payment.id !== id) return;
      const { error, ...rest } = { ...stage.send, ...patch };
      set({ stage: { ...stage, send: { ...rest, ...(error === undefined ? {} : { error }) } } });
    };
    const noteAnswer = (payment: PaymentView) => showPayment(app.getState().actions.notePayment(payment));

    const sendPayment = async (id: string) => {
      if (sending.has(id)) return;
      sending.add(id);
      patchSend(id, { going: true, prompting: false, error: undefined });
      try {
        noteAnswer(await unwrap(wallet.submitPayment({ id })));
      } catch (caught) {
        const code = errorCode(caught);
        // The passcode was entered too long ago: asked for on the result, then the same payment is sent.
        if (code === 'PRESENCE_REQUIRED') patchSend(id, { prompting: true });
        else patchSend(id, { error: code });
        // Its record is damaged: main's view of it says so (and what can still be read of it).
        if (code === 'RECORD_DAMAGED') await unwrap(wallet.getPayment({ id })).then(noteAnswer, () => undefined);
      } finally {
        sending.delete(id);
        patchSend(id, { going: false });
      }
    };
    const resultId = () => {
      const { stage } = get();
      return stage.name === 'result' ? stage.payment.id : undefined;
    };

    const actions: PayActions = {
      review(validation, draft, due) {
        set({ stage: { name: 'review', validation, draft, ...(due ? { due } : {}) } });
      },
      backToForm() {
        set({ stage: { name: 'form' } });
      },
      confirmed(payment) {
        const { stage } = get();
        if (resultId() === payment.id) return;
        const newPayee = stage.name === 'review' && stage.validation.newPayee;
        const newest = app.getState().actions.notePayment(payment);
        set({ stage: { name: 'result', payment: newest, newPayee, send: { going: true, prompting: false } } });
        clearDraftOnceTaken(newest);
        void sendPayment(newest.id);
      },
      send() {
        const id = resultId();
        if (id !== undefined) void sendPayment(id);
      },
      presenceGiven() {
        const id = resultId();
        if (id === undefined) return;
        patchSend(id, { prompting: false });
        void sendPayment(id);
      },
      cancelPrompt() {
        const id = resultId();
        if (id !== undefined) patchSend(id, { prompting: false });
      },
      clearSendError() {
        const id = resultId();
        if (id !== undefined) patchSend(id, { error: undefined });
      },
      setLimit(limit) {
        // Answers may cross on their way: the one main read later wins.
        const shown = get().limit;
        if (!shown || limit.asOf >= shown.asOf) set({ limit });
      },
      refreshLimit() {
        unwrap(wallet.dailyLimit()).then(actions.setLimit, () => undefined);
      },
      setAccounts(accounts) {
        set({ lists: { ...get().lists, accounts } });
      },
      setPayees(payees) {
        set({ lists: { ...get().lists, payees, payeesRead: 'read' } });
      },
      payeesFailed() {
        set({ lists: { ...get().lists, payeesRead: 'failed' } });
      },
      listen() {
        if (signedIn()) actions.refreshLimit();
        const stops = [
          app.subscribe((state, before) => {
            const change = state.paymentChange;
            if (change && change !== before.paymentChange) showPayment(change);
            // Main tells today's limit with each change of a payment (an answer's change is told too): not asked.
            if (state.limit && state.limit !== before.limit) actions.setLimit(state.limit);
            if (state.session?.signedIn && !before.session?.signedIn) actions.refreshLimit();
          }),
          // A new day of main's: the limit has reset.
          app.getState().events.on('dayChanged', () => {
            if (signedIn()) actions.refreshLimit();
          }),
        ];
        return () => stops.forEach((stop) => stop());
      },
    };

    return { stage: { name: 'form' }, lists: { accounts: [], payees: [], payeesRead: 'reading' }, actions };
  });
}
