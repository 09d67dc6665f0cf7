import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 19: a payment whose answer the network lost is followed up by the app itself (the core's own schedule, which
 * runs in the harness too, issue 25); once the bank's answer is known, the result says so and History counts it, without the customer
 * pressing anything, and the bank has one initiation.
 */
test('a lost answer becomes known by itself: the outcome shows and History counts it', async ({
  wallet,
  harness,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  await wallet.payTo({ ...BJORN, amount: '1500' });
  await wallet.expectResult('unknown');

  // Nothing but the clock: the core's own schedule asks the bank once the clock has moved past the first wait.
  harness.sandbox.clock.advanceSeconds(15);
  await wallet.expectResult('settled');
  await expect(page.getByRole('button', { name: 'History (1 new)' })).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('outcome-known');
  expect(harness.sandbox.initiations()).toHaveLength(1);

  await page.getByRole('button', { name: 'History (1 new)' }).click();
  await expect(page.getByRole('button', { name: 'History', exact: true })).toBeVisible();
});
