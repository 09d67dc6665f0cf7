import type { PaymentAction, ShownState } from '../../../common/payment-status.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Every action of the table by the words of its button (the prompt's and the form's are their own screens'). */
export const ACTION_LABELS: Record<PaymentAction, MessageKey> = {
  review: 'pay.review',
  enterPasscode: 'lock.presenceConfirm',
  cancel: 'action.cancel',
  send: 'status.action.send',
  dontSend: 'status.action.dontSend',
  checkNow: 'status.action.checkNow',
  stopTrying: 'status.action.stopTrying',
  declarePaid: 'status.action.declarePaid',
  declareNotPaid: 'status.action.declareNotPaid',
  receipt: 'receipt.open',
  backToForm: 'result.backToForm',
  newPayment: 'result.newPayment',
};

/**
 * The words of an action's button in a shown state. `checkNow` does what fits (main's checkAgain): for a payment the
 * bank took it asks its status (a GET), "Check now"; for one whose outcome is unknown it sends the payment again with
 * the same request id (a POST), and says so: "Try again now" (issue 38).
 */
export const actionLabel = (action: PaymentAction, shown: ShownState): MessageKey =>
  action === 'checkNow' && shown === 'unknown' ? 'status.action.tryAgain' : ACTION_LABELS[action];
