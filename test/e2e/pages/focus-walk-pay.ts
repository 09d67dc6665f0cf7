import { expect } from '../browser/fixtures.ts';
import { PAID, type Step } from './focus-walk.ts';
import { ANNA_ACCOUNT } from './wallet-page.ts';

/** The focus walk's steps on the pay screen: signing in, a payment, its result, request money, a due payment. */
export const PAY_STEPS: Step[] = [
  // Sign in, and the account paid from.
  {
    name: 'Sign in: Sign in (at the bank’s tab, then back)',
    act: async (w) => {
      await w.wallet.signIn(w.context, 'anna', w.t('signIn.button'));
      await expect(w.page.getByTestId('owner')).toBeVisible();
    },
  },
  {
    name: 'Pay: Add an account, its number typed',
    act: async (w) => {
      const number = w.page.getByTestId('new-account-number');
      if (!(await number.isVisible())) await w.page.getByText(w.t('pay.addAccount')).click();
      await number.fill(ANNA_ACCOUNT);
    },
  },
  {
    name: 'Pay: Add account',
    act: async (w) => {
      await w.button('pay.saveAccount').click();
      await expect(w.page.getByLabel(w.t('pay.fromAccount'))).toHaveValue(ANNA_ACCOUNT.replaceAll('-', ''));
    },
  },
  // A payment: filled, reviewed, back, refused by the bank, changed, paid.
  { name: 'Pay: the payment typed in', act: (w) => w.fillPayment('1500') },
  {
    name: 'Pay: Review payment',
    act: (w) => w.review(),
    focus: (w) => w.page.getByRole('heading', { name: w.t('review.title') }),
  },
  {
    name: 'Review: Back',
    act: async (w) => {
      await w.button('action.back').click();
      await expect(w.page.getByTestId('amount')).toBeVisible();
    },
  },
  { name: 'Pay: Review payment again', act: (w) => w.review() },
  {
    name: 'Review: Pay (the bank refuses it)',
    act: async (w) => {
      w.harness.sandbox.faults.add({ route: 'payments.create', kind: 'bankError', error: 'AmountUnavailable' });
      await w.pay(/^rejected$/);
    },
  },
  {
    name: 'Result: Back to the form (Change)',
    act: async (w) => {
      await w.button('result.backToForm').click();
      await expect(w.page.getByTestId('amount')).toBeVisible();
    },
  },
  { name: 'Pay: Review payment, changed', act: (w) => w.review() },
  { name: 'Review: Pay', act: (w) => w.pay(PAID) },
  // The result's own actions.
  {
    name: 'Result: Receipt',
    act: async (w) => {
      await w.button('receipt.open', w.result()).click();
      await expect(w.dialog().getByTestId('receipt-panel')).toBeVisible();
    },
  },
  {
    name: 'Receipt: Save as PDF',
    act: async (w) => {
      await w.button('receipt.save', w.dialog()).click();
      await expect(w.dialog().getByRole('status')).toHaveText(w.starts('receipt.saved'));
    },
  },
  // Print is not walked: it opens the platform's print dialog, which headless Chromium does not have.
  {
    name: 'Receipt: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.button('receipt.open', w.result()),
  },
  {
    name: 'Result: Save as payee',
    act: async (w) => {
      await w.button('pay.savePayee', w.result()).click();
      await expect(w.page.getByText(w.t('pay.payeeSaved'))).toBeVisible();
    },
    focus: (w) => w.page.getByText(w.t('pay.payeeSaved')),
  },
  {
    name: 'Result: New payment',
    act: async (w) => {
      await w.button('result.newPayment').click();
      await expect(w.page.getByTestId('amount')).toHaveValue('');
    },
  },
  // A payment whose answer is lost: Try again now on its result.
  { name: 'Pay: a second payment typed in', act: (w) => w.fillPayment('2700') },
  { name: 'Pay: Review payment (second)', act: (w) => w.review() },
  {
    name: 'Review: Pay (the answer is lost)',
    act: async (w) => {
      w.harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
      await w.pay(/^unknown$/);
    },
  },
  {
    name: 'Result: Try again now',
    act: async (w) => {
      await w.button('status.action.tryAgain', w.result()).click();
      await expect(w.result()).toHaveAttribute('data-state', PAID);
    },
  },
  {
    name: 'Result: New payment (second)',
    act: async (w) => {
      await w.button('result.newPayment').click();
      await expect(w.page.getByTestId('amount')).toHaveValue('');
    },
  },
  // Request money.
  {
    name: 'Pay: Request money',
    act: async (w) => {
      await w.button('request.open').click();
      await expect(w.dialog().getByTestId('request-money')).toBeVisible();
    },
  },
  {
    name: 'Request money: an amount typed',
    act: (w) => w.dialog().getByTestId('request-amount').fill('2500'),
  },
  {
    name: 'Request money: Make the request',
    act: async (w) => {
      await w.button('request.create', w.dialog()).click();
      await expect(w.dialog().getByTestId('request-qr')).toBeVisible();
    },
  },
  {
    name: 'Request money: Copy link',
    act: async (w) => {
      await w.button('request.copy', w.dialog()).click();
      await expect(w.dialog().getByRole('status')).toHaveText(w.t('request.copied'));
    },
  },
  {
    name: 'Request money: Show large',
    act: async (w) => {
      await w.button('request.showLarge', w.dialog()).click();
      await expect(w.page.getByTestId('qr-large-code')).toBeVisible();
    },
  },
  {
    name: 'Request shown large: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.getByTestId('qr-large-code')).toHaveCount(0);
    },
    focus: (w) => w.button('request.showLarge', w.dialog()),
  },
  {
    name: 'Request money: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.button('request.open'),
  },
  // A payment that comes due: scheduled, saved, its Skip asked and cancelled, then skipped.
  { name: 'Pay: a payment to pay later typed in', act: (w) => w.fillPayment('3100') },
  {
    name: 'Pay: Pay later or repeat',
    act: async (w) => {
      await w.button('schedule.open').click();
      await expect(w.page.getByTestId('schedule-editor')).toBeVisible();
    },
  },
  {
    name: 'Schedule: Save as due payment',
    act: async (w) => {
      await w.button('schedule.save').click();
      await expect(w.page.getByTestId('due-said')).toHaveText(w.t('due.saved'));
    },
    focus: (w) => w.page.getByRole('heading', { name: w.t('due.title') }),
  },
  {
    name: 'Due list: Skip',
    act: async (w) => {
      await w.page
        .getByTestId('due-list')
        .getByRole('button', { name: w.starts('due.skip') })
        .click();
      await expect(w.dialog().getByTestId('due-question')).toBeVisible();
    },
    focus: (w) => w.button('action.cancel', w.dialog()),
  },
  {
    name: 'Skip question: Cancel',
    act: async (w) => {
      await w.button('action.cancel', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.page.getByTestId('due-list').getByRole('button', { name: w.starts('due.skip') }),
  },
  {
    name: 'Due list: Skip, again',
    act: async (w) => {
      await w.page
        .getByTestId('due-list')
        .getByRole('button', { name: w.starts('due.skip') })
        .click();
      await expect(w.dialog().getByTestId('due-question')).toBeVisible();
    },
  },
  {
    name: 'Skip question: Skip it',
    act: async (w) => {
      await w.button('due.skip.confirm', w.dialog()).click();
      // Its one date skipped, the payment is done with, and the list (with what it said) goes.
      await expect(w.page.getByTestId('due-list')).toHaveCount(0);
    },
    focus: (w) => w.page.getByRole('heading', { level: 2, name: w.t('pay.title') }),
  },
];
