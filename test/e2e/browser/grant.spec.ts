import { DAY_MS } from '../../../common/time.ts';
import { ANNA_ACCOUNT, BJORN } from '../pages/wallet-page.ts';
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

test('the grant moves on by itself: the banner counts down, then the blocking prompt, without a click', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  const signedInAt = harness.sandbox.clock.now();
  // Nothing on the page asks main again (no focus, no click): what changes, main says by itself.
  const reads: string[] = [];
  wallet.page.on('request', (request) => {
    if (request.url().endsWith('/rpc/sessionStatus')) reads.push(request.url());
  });
  const banner = wallet.page.getByTestId('grant-banner');

  harness.sandbox.clock.set(signedInAt + 88.25 * DAY_MS);
  await expect(banner).toHaveText('Your bank access ends in 2 days. Renew now');

  harness.sandbox.clock.set(signedInAt + 89.25 * DAY_MS);
  await expect(banner).toHaveText('Your bank access ends tomorrow. Renew now');
  const lastDay = wallet.page.getByRole('dialog', { name: 'Your bank access ends tomorrow' });
  await lastDay.getByRole('button', { name: 'Later' }).click();
  await expect(lastDay).toBeHidden();

  harness.sandbox.clock.set(signedInAt + 90.25 * DAY_MS);
  await expect(wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(reads).toEqual([]);
});

test('signing in again after the end: the pay form has no refusal left and shows the own account', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  // The customer comes back to the app after the grant's end: the pay form opens under the prompt.
  harness.sandbox.clock.set(harness.sandbox.clock.now() + 91 * DAY_MS);
  await wallet.page.reload();
  const prompt = wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' });
  await expect(prompt).toBeVisible();

  await wallet.signIn(context, 'anna', 'Sign in again');
  await expect(prompt).toBeHidden();
  await expect(wallet.page.getByLabel('Your account')).toHaveValue(ANNA_ACCOUNT.replaceAll('-', ''));
  await expect(wallet.page.locator('.pay-form').getByRole('alert')).toHaveCount(0);
  await wallet.fillPayment({ ...BJORN, amount: '3000' });
  await wallet.review();
});
