import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentState } from '../../../common/payment.ts';
import { paymentRecord, seedPayments } from '../../support/seed-payments.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { fitProblems } from '../pages/window-fit.ts';
import { expect, NOON, test } from './fixtures.ts';

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

/**
 * A year of Anna's payments, two a month, a few whose outcome was never learnt or that she said went through, and
 * this week one paid today and one not known yet.
 */
function aYearOfPayments() {
  const noon = Date.parse(NOON);
  const thisWeek = [
    paymentRecord(25, { state: 'unknown', createdAt: noon - 3 * 86_400_000, order: { amount: 2_500 } }),
    paymentRecord(26, { state: 'settled', createdAt: noon - 7_200_000, order: { amount: 12_500 } }),
  ];
  const year = Array.from({ length: 24 }, (_, n) => {
    const state: PaymentState = n === 20 ? 'unknown' : n === 9 || n === 23 ? 'declaredPaid' : 'settled';
    return paymentRecord(n + 1, {
      state,
      createdAt: noon - (24 - n) * 15 * 86_400_000 + 3_600_000,
      order: { amount: 4_000 + ((n * 7_919) % 31_000) },
    });
  });
  return [...year, ...thisWeek];
}

for (const [size, use] of [
  ['1024x760', { viewport: { width: 1024, height: 760 }, deviceScaleFactor: 1 }],
  ['200pc', { viewport: { width: 512, height: 380 }, deviceScaleFactor: 2 }],
] as const) {
  test.describe(`History shows the spending at ${size}`, () => {
    test.use(use);
    test('the totals, the last 12 months as bars and as a table, in English and Icelandic', async ({
      wallet,
      harness,
      context,
    }) => {
      const page = wallet.page;
      await wallet.signInWithAccount(context, 'anna');
      await seedPayments(harness.core, aYearOfPayments());
      for (const [language, words] of [
        ['en', { history: 'History', spending: 'Spending', table: 'Show as a table', caption: 'Spending by month' }],
        ['is', { history: 'Saga', spending: 'Útgjöld', table: 'Sýna sem töflu', caption: 'Útgjöld eftir mánuðum' }],
      ] as const) {
        await harness.core.value('updateSettings', { language });
        await page.reload();
        await page.getByRole('navigation').getByRole('button', { name: words.history }).click();
        const section = page.getByTestId('spending');
        await section.getByText(words.spending, { exact: true }).click();
        await expect(page.getByTestId('spending-chart')).toBeVisible();
        await section.getByText(words.table, { exact: true }).click();
        await expect(page.getByRole('table', { name: words.caption }).getByTestId('spending-row')).toHaveCount(12);
        expect(await fitProblems(page)).toEqual([]);
        await wallet.expectAccessible();
        await wallet.screenshot(`spending-${language}-${size}`);
      }
    });
  });
}
