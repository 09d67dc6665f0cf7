import { longHistory, seedPayments } from '../../support/seed-payments.ts';
import { expect, NOON, test } from './fixtures.ts';

/**
 * Years of payments (issue 17): Anna's 100 000 payments, written by main's own store and compacted by it as the app
 * would have over the years, then the app opened afresh. The pay form is answered before the older history is read,
 * and the first page of history comes from the part read first. The times are printed, not asserted (a loaded machine
 * is not a slow app): `npm run bench:core` measures the same open against its goal (docs/BENCHMARKS.md).
 */
test('100 000 payments: the pay form, then the first history page, newest first (times printed)', async ({
  wallet,
  harness,
  context,
}) => {
  test.setTimeout(120_000);
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  const now = Date.parse(NOON);
  // Years of payments in the customer's store, as the app finds it at start.
  const history = longHistory(100_000, now);
  await seedPayments(harness.core, history);

  // The app starts again over the seeded data folder: the core's restart is behind the seeding, the page reloads.
  let started = Date.now();
  await page.reload();
  await expect(page.getByTestId('limit-meter')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('amount')).toBeEditable({ timeout: 15_000 });
  const payForm = Date.now() - started;

  started = Date.now();
  await wallet.go('History');
  await expect(page.getByTestId('history-row').first()).toBeVisible({ timeout: 15_000 });
  const firstPage = Date.now() - started;
  // The newest payment first, as the whole history's order has it.
  const newest = history.at(-1)?.order;
  const account = (newest?.depositAccount ?? '').replace(/^(\d{4})(\d{2})(\d{6})$/, '$1-$2-$3');
  await expect(page.getByTestId('history-row').first()).toContainText(`${newest?.payeeName}${account}`);
  test
    .info()
    .annotations.push({ type: 'timing', description: `pay form ${payForm} ms, first history page ${firstPage} ms` });
  console.log(`100k: pay form ${payForm} ms, first history page ${firstPage} ms`);
});
