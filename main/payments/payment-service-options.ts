import type { PaymentIntent } from '../../common/payment.ts';
import type { Clock } from '../../common/time.ts';
import type { BankClient } from '../bank/bank-client.ts';
import type { PaymentStore } from './store/store-ops.ts';

/** What PaymentService is built with; its sender is given the same (kept apart so that neither imports the other). */
export interface PaymentServiceOptions {
  profileId: string;
  store: PaymentStore;
  bank: BankClient;
  clock: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** The signed-in customer; throws a WalletError when there is none or the grant has ended. */
  customer: () => { kennitala: string };
  /** Waits before the automatic retries on network errors, timeouts and 5xx; one retry per entry. */
  retryDelaysMs?: readonly number[];
  newId?: () => string;
  newRequestId?: () => string;
  onChange?: (intent: PaymentIntent) => void;
  /**
   * Before a payment is first sent, whichever call sends it (submit, or check again on one never sent): throws to
   * keep it unsent. The app lock asks here that the passcode was entered just before (LockService.takePresence).
   */
  beforeFirstSend?: (intent: PaymentIntent) => void;
}
