import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { DueList, DueOccurrence, DuePayment } from '../../common/due-payment.ts';
import { normalizeAccountNumber } from '../../common/account-number.ts';
import { checkKennitala } from '../../common/kennitala.ts';
import type { PaymentDraft, PaymentIntent } from '../../common/payment.ts';
import { gmtDay, type Clock } from '../../common/time.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { PaymentsByCustomer } from '../payments/payments-by-customer.ts';
import type { LinkedPayment } from '../payments/store/store-contract.ts';
import { WalletError } from '../wallet-error.ts';
import type { DuePayments } from './due-payments.ts';
import { dueItem, dueOrder } from './due-view.ts';

export type DueHandlers = Pick<HandlerTable, 'listDue' | 'saveDue' | 'skipDue' | 'stopDue'>;

/** What the tick tells of (NoticePolicy.due): the list without what is left of the limit (no notice names it). */
export type DueNews = Pick<DueList, 'today' | 'items'>;

export interface DueHandlerOptions {
  due: DuePayments;
  payments: PaymentsByCustomer;
  sessions: SessionService;
  activeProfile(): string;
  clock: Clock;
}

/**
 * The Due list of the signed-in customer in the active profile (docs/DUE-PAYMENTS.md), and the one way a due
 * payment is paid: `payFor`, around the normal confirmation.
 */
export function dueHandlers(options: DueHandlerOptions): {
  handlers: DueHandlers;
  /** Confirms a payment for one occurrence (confirmPayment's `due`): held while it is confirmed, then under way. */
  payFor(occurrence: DueOccurrence, draft: PaymentDraft, confirm: () => Promise<PaymentIntent>): Promise<PaymentIntent>;
  /**
   * For the core's tick: the list on main's day, undefined when the customer has none. Settled against the payment
   * store only when the book alone may not say what the store would (DuePayments.current): a tick with nothing
   * under way and no payment change heard asks the store's worker nothing.
   */
  listIfAny(): Promise<DueNews | undefined>;
} {
  const { due, payments, sessions, clock } = options;
  // The book hears every change of a payment (the payments' onChange), instead of asking the store each tick.
  payments.listen((intent) => due.heard(intent.profileId, intent.order.debtorKennitala));
  const owner = (): [string, string] => {
    const profileId = options.activeProfile();
    return [profileId, sessions.customer(profileId).kennitala];
  };
  const today = () => gmtDay(clock.now());

  /**
   * The customer's due payments, those under way settled by their payments' states now (before any change), and by
   * what the payment store links to their occurrences, whatever the due record says (issue 38).
   */
  const settle = async () => {
    const [profileId, kennitala] = owner();
    const asOf = due.heardSoFar(profileId, kennitala);
    const service = await payments.of(profileId, kennitala);
    const states = new Map<string, PaymentIntent['state'] | undefined>();
    const links = new Map<string, LinkedPayment[]>();
    for (const item of due.all(profileId, kennitala)) {
      if (item.paying) states.set(item.paying.intentId, (await service.reader.get(item.paying.intentId))?.state);
      links.set(item.id, await service.reader.dueLinks(item.id));
    }
    const { trusted } = await service.reader.integrity();
    const store = { linked: (dueId: string) => links.get(dueId) ?? [], trusted };
    return { service, items: due.settle(profileId, kennitala, (intentId) => states.get(intentId), store, asOf) };
  };

  const shown = (items: readonly DuePayment[], day: string, remaining: number | undefined) =>
    items.flatMap((item) => dueItem(item, day, remaining) ?? []).sort(dueOrder);

  const list = async (): Promise<DueList> => {
    const { service, items: settled } = await settle();
    const { remaining } = await service.dailyLimit();
    const day = today();
    return { today: day, remainingToday: remaining, items: shown(settled, day, remaining) };
  };

  return {
    async listIfAny() {
      const [profileId, kennitala] = owner();
      const book = due.all(profileId, kennitala);
      if (book.length === 0) return undefined;
      const items = due.current(profileId, kennitala) ? book : (await settle()).items;
      const day = today();
      return { today: day, items: shown(items, day, undefined) };
    },
    async payFor(occurrence, draft, confirm) {
      await settle();
      const [profileId, kennitala] = owner();
      const order = due.reserve(profileId, kennitala, occurrence.id, occurrence.date, today());
      try {
        const payee = checkKennitala(draft.depositKennitala);
        if (
          !payee.ok ||
          payee.value !== order.depositKennitala ||
          normalizeAccountNumber(draft.depositAccount) !== order.depositAccount
        )
          throw new WalletError('DUE_OTHER_PAYEE', 'The payment is not to this due payment’s payee');
        const intent = await confirm();
        due.confirmed(profileId, kennitala, occurrence.id, occurrence.date, intent.id);
        // And in the payment store, beside the payment: the due record may be put back older (issue 38).
        await (await payments.of(profileId, kennitala)).linkDue(intent.id, occurrence);
        return intent;
      } finally {
        due.release(profileId, kennitala, occurrence.id);
      }
    },
    handlers: {
      listDue: list,
      saveDue: async (input) => {
        await settle();
        const saved = due.save(...owner(), input, today());
        return saved.ok
          ? { id: saved.id, list: await list() }
          : { errors: saved.errors.draft, scheduleErrors: saved.errors.schedule, list: await list() };
      },
      skipDue: async ({ id, date }) => {
        await settle();
        due.skip(...owner(), id, date, today());
        return list();
      },
      stopDue: async ({ id }) => {
        await settle();
        due.stop(...owner(), id);
        return list();
      },
    },
  };
}
