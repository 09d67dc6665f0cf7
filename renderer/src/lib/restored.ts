import type { PaymentView } from '../../../common/bridge-contract.ts';

/**
 * Whether the state a payment is in came from a backup file (issue 38), not from the bank's answer or the customer's
 * word here: it was restored (`restoredAt`), and its state has no time after the restore. A file's times are never
 * after the restore (main refuses them as damage), while an answer the bank gives later, or the customer's word, is
 * written with the time it came. So a restored payment the bank has since settled here is the bank's word again.
 */
export const stateFromBackup = (payment: Pick<PaymentView, 'restoredAt' | 'state' | 'stateTimes'>): boolean =>
  payment.restoredAt !== undefined && (payment.stateTimes[payment.state] ?? -Infinity) <= payment.restoredAt;
