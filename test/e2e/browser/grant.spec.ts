import { DAY_MS } from '../../../common/time.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

test('the grant: a banner 10 days before the end, then a blocking prompt after it', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  const signedInAt = harness.sandbox.clock.now();

  harness.sandbox.clock.set(signedInAt + 80 * DAY_MS);
  await wallet.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(wallet.page.getByTestId('grant-banner')).toContainText('Your bank access ends in 10 days. Renew now');
  await wallet.expectAccessible();
  await wallet.screenshot('grant-banner');

  harness.sandbox.clock.set(signedInAt + 91 * DAY_MS);
  await wallet.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const prompt = wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' });
  await expect(prompt).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('grant-ended');

  await wallet.signIn(context, 'anna');
  await expect(prompt).toBeHidden();
  await wallet.expectSignedIn('Anna Jónsdóttir');
});

test('access withdrawn at the bank: the next payment asks to sign in again, and the draft survives', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ ...BJORN, amount: '3000' });
  harness.sandbox.revoke('anna');
  await wallet.review();
  await wallet.page.getByRole('button', { name: /^Pay ISK/ }).click();

  const prompt = wallet.page.getByRole('alertdialog');
  await expect(prompt).toContainText('Access was withdrawn at the bank.');
  await wallet.signIn(context, 'anna');
  await expect(prompt).toBeHidden();
  await wallet.page.getByRole('button', { name: 'Back to the form' }).click();
  await expect(wallet.page.getByTestId('amount')).toHaveValue('3,000');
  expect(harness.sandbox.initiations()).toHaveLength(0);
});
