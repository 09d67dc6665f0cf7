import { bankErrorTexts } from '../../../common/bank-error-texts.ts';
import type { BankErrorName } from '../../../common/bank-errors.ts';
import { INITIATIONS_PATH } from '../../../sandbox/index.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

test('sign in as anna in the bank’s tab, then pay bjorn 1.500 kr. exactly once', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  await wallet.addOwnAccount('0133-26-012345');
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await expect(wallet.page.getByTestId('amount')).toHaveValue('1,500');
  await expect(wallet.page.getByTestId('new-payee')).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('pay');

  await wallet.review();
  await expect(wallet.page.getByTestId('review-words')).toHaveText('one thousand five hundred krónur');
  await wallet.expectAccessible();
  await wallet.screenshot('review');

  await wallet.pay();
  await wallet.expectResult(/accepted|settled/);
  await expect(wallet.page.getByTestId('initiation-id')).not.toBeEmpty();
  await wallet.expectAccessible();
  await wallet.screenshot('result');
  expect(harness.sandbox.initiations()).toHaveLength(1);

  await wallet.go('History');
  await expect(wallet.page.getByRole('list').getByText('Björn').first()).toBeVisible();
});

const errors: [string, string, BankErrorName][] = [
  ['gudrun', '0133-26-099999', 'DebtorAccountNotFound'],
  ['einar', '0133-05-030001', 'InvalidAccountProduct'],
  ['anna', '0133-15-012346', 'AmountUnavailable'],
  ['sigga', '0133-26-040001', 'OverDailyAmount'],
  ['olafur', '0133-26-050001', 'NotAuthorizedToPost'],
];
for (const [username, account, name] of errors) {
  test(`${username}: the bank’s ${name} is explained on screen`, async ({ wallet, context }) => {
    await wallet.signInWithAccount(context, username, account);
    await wallet.payTo({ ...BJORN, amount: '1500' });
    await wallet.expectResult('rejected');
    // The catalogue's amounts in the app's own currency style (issue 16: 'ISK 200,000' beside '200,000 kr.').
    const title = bankErrorTexts[name].en.title.replace(/(\d[\d,]*) kr\./g, 'ISK $1');
    await expect(wallet.page.getByTestId('payment-error')).toContainText(title);
    if (name === 'OverDailyAmount') {
      // Sigga's limit was used by another app: nothing is left, so the screen says when it resets, not to pay less.
      await expect(wallet.page.getByTestId('payment-error')).toContainText(
        'Nothing is left of today’s limit, so no payment can go through apps until it resets at 00:00 GMT',
      );
      await expect(wallet.page.getByTestId('payment-error')).not.toContainText('Pay a smaller amount');
    } else {
      await expect(wallet.page.getByTestId('payment-error')).toContainText(bankErrorTexts[name].en.action);
    }
  });
}

test('over the limit, a company kennitala and a bad account are refused at the field, before sending', async ({
  wallet,
  harness,
  context,
}) => {
  // What reached the bank's create endpoint (POST /Payments/Initiations/v1/CreditTransfers), as the bank logged it.
  const creditTransfersPosted = () =>
    harness.sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ kennitala: '520190-1049', account: '0133-26-02', amount: '250000' });
  await wallet.page.getByRole('button', { name: 'Review payment' }).click();
  await expect(
    wallet.page.getByText('This is a company’s kennitala. Payments can only go to individuals.'),
  ).toBeVisible();
  await expect(wallet.page.getByText('An account number is 4 + 2 + 6 digits, like 0133-26-012345.')).toBeVisible();
  await expect(wallet.page.getByText(/One payment can be at most ISK\s200,000\./)).toBeVisible();
  await wallet.expectAccessible();
  expect(creditTransfersPosted()).toEqual([]);

  // The same form, corrected, does reach the bank, and the check above sees it: it is not blind to a payment sent.
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await wallet.review();
  await wallet.pay();
  await wallet.expectResult(/accepted|settled/);
  expect(creditTransfersPosted()).toHaveLength(1);
});

test('a dropped answer, then Check again: one initiation at the bank, success on screen', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  await wallet.payTo({ ...BJORN, amount: '2500' });
  await wallet.expectResult('unknown');
  const requestId = await wallet.page.getByTestId('request-id').textContent();
  await expect(wallet.page.getByTestId('pay-result')).toContainText(`same request id (${requestId})`);
  await wallet.screenshot('unknown-outcome');

  await wallet.page.getByRole('button', { name: 'Try again now' }).click();
  await wallet.expectResult(/accepted|settled/);
  expect(harness.sandbox.initiations()).toHaveLength(1);
  await expect(wallet.page.getByTestId('request-id')).toHaveText(requestId ?? '');
});
