import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DailyLimitView, DraftValidation, PaymentView, WalletApi } from '../../../../common/bridge-contract.ts';
import type { DueOccurrence } from '../../../../common/due-payment.ts';
import { unwrap } from '../../lib/api.ts';
import type { AppStore, PayDraft } from '../../state/app-store.ts';

export type Stage =
  | { name: 'form' }
  | {
      name: 'review';
      validation: DraftValidation;
      draft: PayDraft;
      /** The Due list's occurrence this payment pays (Pay now on the list): sent with the confirmation. */
      due?: DueOccurrence;
    }
  | {
      name: 'result';
      payment: PaymentView;
      /** The code of a call about the payment that main refused before the result showed it. */
      error?: string;
      newPayee: boolean;
      /** The review has just confirmed it: the result sends it at once (see `takeSendNow`). */
      sendNow: boolean;
    };

export interface PayState {
  stage: Stage;
  /** Today's limit as main last told it: by itself, or with the check of the draft. */
  limit?: DailyLimitView;
  actions: PayActions;
}

export interface PayActions {
  /**
   * With main's check of exactly this draft: what the review shows is what is confirmed. `due`: the Due list's
   * occurrence it pays.
   */
  review(validation: DraftValidation, draft: PayDraft, due?: DueOccurrence): void;
  backToForm(): void;
  /** The review's payment, confirmed: the result shows it and sends it at once. */
  confirmed(payment: PaymentView): void;
  /** Whether the result should send its payment now: true once after `confirmed`, then false. */
  takeSendNow(): boolean;
  setLimit(limit: DailyLimitView): void;
  refreshLimit(): void;
  /**
   * Follows the app store while the screen is open: the payment on the result screen takes every newer version
   * (the app store has already dropped stale ones), and the limit is read again after any payment changed or a
   * sign-in. Returns the unsubscribe.
   */
  listen(): () => void;
}

export type PayStore = StoreApi<PayState>;

/** The pay screen's state: the form, the review, the outcome, and the daily limit above them. */
export function createPayStore(wallet: WalletApi, app: AppStore): PayStore {
  return createStore<PayState>()((set, get) => {
    const signedIn = () => app.getState().session?.signedIn ?? false;
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

    const actions: PayActions = {
      review(validation, draft, due) {
        set({ stage: { name: 'review', validation, draft, ...(due ? { due } : {}) } });
      },
      backToForm() {
        set({ stage: { name: 'form' } });
      },
      confirmed(payment) {
        const { stage } = get();
        const newPayee = stage.name === 'review' && stage.validation.newPayee;
        const newest = app.getState().actions.notePayment(payment);
        set({ stage: { name: 'result', payment: newest, newPayee, sendNow: true } });
        clearDraftOnceTaken(newest);
      },
      takeSendNow() {
        const { stage } = get();
        if (stage.name !== 'result' || !stage.sendNow) return false;
        set({ stage: { ...stage, sendNow: false } });
        return true;
      },
      setLimit(limit) {
        // Answers may cross on their way: the one main read later wins.
        const shown = get().limit;
        if (!shown || limit.asOf >= shown.asOf) set({ limit });
      },
      refreshLimit() {
        unwrap(wallet.dailyLimit()).then(actions.setLimit, () => undefined);
      },
      listen() {
        if (signedIn()) actions.refreshLimit();
        return app.subscribe((state, before) => {
          const change = state.paymentChange;
          if (change && change !== before.paymentChange) {
            showPayment(change);
            if (signedIn()) actions.refreshLimit();
          }
          if (state.session?.signedIn && !before.session?.signedIn) actions.refreshLimit();
          // A new day of main's: the limit has reset.
          if (state.mainDay !== before.mainDay && signedIn()) actions.refreshLimit();
        });
      },
    };

    return { stage: { name: 'form' }, actions };
  });
}
