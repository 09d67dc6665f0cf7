import { displayAccount } from '../../../common/account-number.ts';
import type { DraftField, ReadPaymentRequest, WalletApi } from '../../../common/bridge-contract.ts';
import { formatKennitala } from '../../../common/kennitala.ts';
import type { AppLocale } from '../../../common/locale.ts';
import type { RequestNameClaim } from '../../../common/payment-request.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { regroupAmount } from '../lib/format-input.ts';
import type { WalletEvents } from './events.ts';

/** What the customer has typed in the pay form: kept through a renewed sign-in, cleared on a profile switch. */
export interface PayDraft {
  debtorAccount: string;
  depositKennitala: string;
  depositAccount: string;
  amount: string;
  endToEndId: string;
  extendedReference: string;
  payeeName: string;
}

export const emptyDraft = (): PayDraft => ({
  debtorAccount: '',
  depositKennitala: '',
  depositAccount: '',
  amount: '',
  endToEndId: '',
  extendedReference: '',
  payeeName: '',
});

/**
 * What the pay form says of a payment request: filled from one (whose fields it marks as checked, as if typed), with
 * its name and what main said of that name (the requester's claim, next to the saved payees), or one refused with
 * its REQUEST_* code. Each request's notice is a new object: that tells one request from the next.
 */
export type RequestNotice =
  { kind: 'filled'; name?: string; claim?: RequestNameClaim; fields: DraftField[] } | { kind: 'refused'; code: string };

/** The app store's slice of the pay form's draft and the payment requests that fill it. */
export interface RequestsSlice {
  draft: PayDraft;
  requestNotice?: RequestNotice;
}

export interface RequestsActions {
  setDraft(patch: Partial<PayDraft>): void;
  resetDraft(): void;
  /**
   * Fills the pay form from a payment request (never pays: the form checks every field as typed, then the review as
   * always); the form shows, saying where it came from.
   */
  fillFromRequest(read: ReadPaymentRequest): void;
  /**
   * A link pasted or read from a QR code: main reads it; the form is filled, or says why the link is refused.
   * Resolves true when the form was filled.
   */
  openRequestLink(link: string): Promise<boolean>;
  /** The link the system opened the app with, if one is waiting. */
  takePaymentRequest(): Promise<void>;
  /** A request that could not even be read (an image without a QR code): the form says why. */
  refuseRequest(code: string): void;
  dismissRequestNotice(): void;
}

export interface Requests {
  actions: RequestsActions;
  /** Another profile, or whoever is at the keyboard may not be the customer: the draft and the notice go. */
  forget(): void;
}

export function requestsSlice(options: {
  wallet: WalletApi;
  set: (patch: Partial<RequestsSlice>) => void;
  get: () => RequestsSlice;
  events: WalletEvents;
  locale: () => AppLocale;
  /** The pay screen, where a request shows. */
  showPay: () => void;
}): Requests {
  const { wallet, set, get } = options;
  const actions: RequestsActions = {
    setDraft(patch) {
      set({ draft: { ...get().draft, ...patch } });
    },
    resetDraft() {
      set({ draft: emptyDraft(), requestNotice: undefined });
    },
    fillFromRequest({ request, name: claim }) {
      const fields: DraftField[] = ['depositKennitala', 'depositAccount'];
      if (request.amount !== undefined) fields.push('amount');
      if (request.message !== undefined) fields.push('extendedReference');
      options.showPay();
      set({
        draft: {
          ...emptyDraft(),
          debtorAccount: get().draft.debtorAccount,
          depositKennitala: formatKennitala(request.kennitala),
          depositAccount: displayAccount(request.account),
          payeeName: request.name ?? '',
          amount: request.amount === undefined ? '' : regroupAmount(String(request.amount), options.locale()),
          extendedReference: request.message ?? '',
        },
        requestNotice: {
          kind: 'filled',
          fields,
          ...(request.name ? { name: request.name } : {}),
          ...(claim ? { claim } : {}),
        },
      });
    },
    async openRequestLink(link) {
      try {
        actions.fillFromRequest(await unwrap(wallet.readPaymentRequest({ link })));
        return true;
      } catch (error) {
        actions.refuseRequest(errorCode(error));
        return false;
      }
    },
    async takePaymentRequest() {
      const opened = await unwrap(wallet.takePaymentRequest()).catch(() => undefined);
      if (opened?.request)
        actions.fillFromRequest({ request: opened.request, ...(opened.name ? { name: opened.name } : {}) });
      else if (opened?.error) {
        options.showPay();
        actions.refuseRequest(opened.error);
      }
    },
    refuseRequest(code) {
      // What an earlier request filled in must not stand under this refusal as if this link had filled it: the
      // form keeps only the account paid from. A form the customer typed themselves is left as it is.
      const fromRequest = get().requestNotice?.kind === 'filled';
      set({
        requestNotice: { kind: 'refused', code },
        ...(fromRequest ? { draft: { ...emptyDraft(), debtorAccount: get().draft.debtorAccount } } : {}),
      });
    },
    dismissRequestNotice() {
      set({ requestNotice: undefined });
    },
  };
  options.events.on('paymentRequestOpened', () => void actions.takePaymentRequest());
  return {
    actions,
    forget: () => set({ draft: emptyDraft(), requestNotice: undefined }),
  };
}

export const initialRequests = (): RequestsSlice => ({ draft: emptyDraft() });
