import type { DailyLimitView, PaymentChange, PaymentView } from '../../../common/bridge-contract.ts';
import type { WalletEvents } from './events.ts';
import { isSame, isStale } from './payment-versions.ts';

/**
 * The app store's feed of the active customer's payments: what main's events and the answers to the window's calls
 * bring of them, never older than what the app has already seen of each. The pay and history stores follow it.
 */
export interface PaymentsFeedSlice {
  /** The latest change to one of the active customer's payments (see `notePayment`). */
  paymentChange?: PaymentView;
  /**
   * Today's limit of the active customer as main told it with the latest change that carried it (`paymentChanged`):
   * the pay screen shows it without asking again.
   */
  limit?: DailyLimitView;
  /** Payments whose outcome the app learned by itself since the history was last looked at (its badge). */
  unseenOutcomes: readonly string[];
}

export interface PaymentsFeedActions {
  /**
   * A payment as an answer brought it (a send, a check again, a status refresh): kept as the newest version when it
   * is, and announced like an event. Returns the newest version the app knows, which may be one an event brought
   * while the answer was on its way.
   */
  notePayment(payment: PaymentView): PaymentView;
}

export interface PaymentsFeed {
  actions: PaymentsFeedActions;
  /** Another profile or customer, or nobody: what was known of the payments before goes. */
  forget(): void;
  /** History is on screen: its badge goes. */
  seen(): void;
}

export function paymentsFeedSlice(options: {
  set: (patch: Partial<PaymentsFeedSlice>) => void;
  get: () => PaymentsFeedSlice;
  events: WalletEvents;
  activeProfileId: () => string | undefined;
  /** The masked kennitala of whoever is signed in, if anyone. */
  customer: () => string | undefined;
  historyShown: () => boolean;
}): PaymentsFeed {
  const { set, get } = options;
  /** The newest version seen of each of the active profile's payments in this run. */
  let payments = new Map<string, PaymentView>();
  /**
   * A payment version is taken when it is the active profile's and, while someone is signed in, that customer's
   * (a send of another profile or customer may still be finishing), and not older than what was already seen.
   */
  const take = (payment: PaymentView, limit?: DailyLimitView): PaymentView => {
    if (payment.profileId !== options.activeProfileId()) return payment;
    const customer = options.customer();
    if (customer && payment.order.debtorKennitala !== customer) return payment;
    // Today's limit with the change: the one main read later wins (answers and events may cross on their way). Set
    // with the change, so a store following both sees them as one.
    const shown = get().limit;
    const patch: Partial<PaymentsFeedSlice> = limit && (!shown || limit.asOf >= shown.asOf) ? { limit } : {};
    const known = payments.get(payment.id);
    if (known && isStale(payment, known)) {
      if (patch.limit) set(patch);
      return known;
    }
    payments.set(payment.id, payment);
    if (!isSame(payment, known)) patch.paymentChange = payment;
    if (patch.limit || patch.paymentChange) set(patch);
    return payment;
  };
  /** The view as the screens keep it, without the limit the event carried beside it. */
  const changed = ({ limit, ...payment }: PaymentChange) => void take(payment, limit);
  /** An outcome the app learned by itself: counted on the history's badge unless the history is on screen. */
  const outcome = (payment: PaymentView) => {
    take(payment);
    // Only the active customer's payments are kept (the change event may have brought this one first).
    if (!payments.has(payment.id)) return;
    const { unseenOutcomes } = get();
    if (!options.historyShown() && !unseenOutcomes.includes(payment.id)) {
      set({ unseenOutcomes: [...unseenOutcomes, payment.id] });
    }
  };
  options.events.on('paymentChanged', changed);
  options.events.on('paymentOutcome', outcome);
  return {
    actions: { notePayment: (payment) => take(payment) },
    forget() {
      payments = new Map();
      set({ paymentChange: undefined, limit: undefined, unseenOutcomes: [] });
    },
    seen() {
      if (get().unseenOutcomes.length > 0) set({ unseenOutcomes: [] });
    },
  };
}

export const initialPaymentsFeed = (): PaymentsFeedSlice => ({ unseenOutcomes: [] });
