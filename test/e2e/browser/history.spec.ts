import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

test('history: two payments, a text filter, the details with the request id, and a CSV export', async ({
  wallet,
  harness,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await page.getByTestId('reference').fill('Rent');
  await wallet.review();
  await wallet.pay();
  await page.getByRole('button', { name: 'New payment' }).click();
  await wallet.fillPayment({ kennitala: '171278-2019', account: '0133-26-040001', amount: '2000', name: 'Sigga' });
  await page.getByTestId('reference').fill('Gift');
  await wallet.review();
  await wallet.pay();
  const requestId = await page.getByTestId('request-id').textContent();

  await wallet.go('History');
  await expect(page.getByTestId('history-row')).toHaveCount(2);
  await wallet.expectAccessible();
  await wallet.screenshot('history');

  await page.getByLabel('Text', { exact: true }).fill('Gift');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await page.getByTestId('history-row').click();
  await expect(page.getByTestId('payment-detail').getByTestId('request-id')).toHaveText(requestId ?? '');
  await wallet.expectAccessible();
  await wallet.screenshot('payment-detail');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const file = 'a2a-wallet-local-sandbox-2026-11-22.csv';
  await expect(page.getByText(`Saved 1 payment to ${file} in ${join(harness.dataDir, 'saved')}.`)).toBeVisible();
  const saved = join(harness.dataDir, 'saved', file);
  expect(existsSync(saved)).toBe(true);
  const csv = readFileSync(saved, 'utf8');
  expect(csv).toContain(requestId ?? 'missing');
  expect(csv).not.toContain('Rent');
});
