import type { DraftValidation, PaymentView } from '../../common/bridge-contract.ts';
import { maskKennitala } from '../../common/kennitala.ts';
import type { PaymentIntent, PaymentOrder } from '../../common/payment.ts';
import { windowClosed } from '../../common/request-id.ts';
import type { PaymentCheck } from './payment-checks.ts';

/**
 * What the renderer sees of payments: the customer's own kennitala masked, as everywhere on screen. The one place
 * a payment becomes a view; the contract's parse then keeps only its fields.
 */
export const maskOrder = (order: PaymentOrder): PaymentOrder => ({
  ...order,
  debtorKennitala: maskKennitala(order.debtorKennitala),
});

/** What main's clock and its follow-up say of a payment, besides its record. */
export interface ViewFacts {
  now: number;
  /** When the follow-up asks about it next, while it does. */
  nextCheckAt?: number | undefined;
}

export const paymentView = (intent: PaymentIntent, facts: ViewFacts): PaymentView => ({
  ...intent,
  order: maskOrder(intent.order),
  windowClosed: windowClosed(intent, facts.now),
  ...(facts.nextCheckAt === undefined ? {} : { nextCheckAt: facts.nextCheckAt }),
});

/** Makes the views of payments as they are now (the wallet builds it from its clock and its follow-up). */
export type PaymentViews = (intent: PaymentIntent) => PaymentView;

/** A checked draft as the pay form shows it: its errors, or the order to review with its warnings. */
export function validationView(checked: PaymentCheck, knownPayee: boolean): DraftValidation {
  const { check, duplicate, limit } = checked;
  if (!check.ok) return { errors: check.errors, newPayee: false, limit };
  return {
    errors: {},
    order: maskOrder(check.order),
    ...(duplicate ? { duplicate } : {}),
    newPayee: !knownPayee,
    limit,
  };
}
