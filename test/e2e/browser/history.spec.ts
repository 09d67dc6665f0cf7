import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentState } from '../../../common/payment.ts';
import { paymentRecord, seedPayments } from '../../support/seed-payments.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { fits, SIZES } from '../pages/window-sizes.ts';
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

/** Who the year's payments go to in turn: Björn (the record's own payee), Guðrún by name, and an account with none. */
const YEAR_PAYEES = [
  {},
  { depositKennitala: '1712782019', depositAccount: '013326040001', payeeName: 'Guðrún Pálsdóttir' },
  { depositKennitala: '1712782019', depositAccount: '013326040002', payeeName: '' },
] as const;

/**
 * A year of Anna's payments, two a month to three payees in turn, a few whose outcome was never learnt or that she
 * said went through, and this week one paid today and one not known yet.
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
      order: { amount: 4_000 + ((n * 7_919) % 31_000), ...YEAR_PAYEES[n % YEAR_PAYEES.length] },
    });
  });
  return [...year, ...thisWeek];
}

test.describe('History shows the spending', () => {
  test('the totals, the last 12 months as bars and as a table, chosen days and by payee, in English and Icelandic, at 1024x760 and 200 %', async ({
    wallet,
    harness,
    context,
  }) => {
    // Both sizes and both languages over one year of payments (seeding it is the slow part).
    test.setTimeout(60_000);
    const page = wallet.page;
    await wallet.signInWithAccount(context, 'anna');
    await seedPayments(harness.core, aYearOfPayments());
    for (const [size, viewport] of SIZES)
      for (const [language, words] of [
        [
          'en',
          {
            history: 'History',
            spending: 'Spending',
            table: 'Show as a table',
            caption: 'Spending by month',
            first: 'First day',
            last: 'Last day',
            byPayeeAll: 'Spending by payee, over all the history this app holds',
            byPayeeRange: 'Spending by payee on the chosen days',
            order: 'The last day cannot be before the first day.',
          },
        ],
        [
          'is',
          {
            history: 'Saga',
            spending: 'Útgjöld',
            table: 'Sýna sem töflu',
            caption: 'Útgjöld eftir mánuðum',
            first: 'Fyrsti dagur',
            last: 'Síðasti dagur',
            byPayeeAll: 'Útgjöld eftir viðtakendum, úr allri greiðslusögunni sem forritið geymir',
            byPayeeRange: 'Útgjöld eftir viðtakendum á völdum dögum',
            order: 'Síðasti dagur má ekki vera á undan fyrsta degi.',
          },
        ],
      ] as const) {
        await page.setViewportSize(viewport);
        await harness.core.value('updateSettings', { language });
        await page.reload();
        await page.getByRole('navigation').getByRole('button', { name: words.history }).click();
        const section = page.getByTestId('spending');
        await section.getByText(words.spending, { exact: true }).click();
        await expect(page.getByTestId('spending-chart')).toBeVisible();
        await section.getByText(words.table, { exact: true }).click();
        await expect(page.getByRole('table', { name: words.caption }).getByTestId('spending-row')).toHaveCount(12);
        await fits(wallet, size);
        await wallet.screenshot(`spending-${language}-${size}`);

        // By payee over the whole history, then over chosen days; a last day before the first is said, not asked.
        await section.getByText(words.table, { exact: true }).click();
        const all = page.getByRole('table', { name: words.byPayeeAll });
        await expect(all.getByTestId('spending-payee-row')).toHaveCount(3);
        await expect(all).not.toContainText('171278');
        await page.getByLabel(words.first, { exact: true }).fill('1.11.2026');
        await page.getByLabel(words.last, { exact: true }).fill('22.11.2026');
        const ranged = page.getByRole('table', { name: words.byPayeeRange });
        // In November: Björn's two this week and the account with no name's on the 7th.
        await expect(ranged.getByTestId('spending-payee-row')).toHaveCount(2);
        await expect(page.getByTestId('spending-range')).toBeVisible();
        await fits(wallet, size);
        await wallet.screenshot(`spending-range-${language}-${size}`);
        await page.getByLabel(words.last, { exact: true }).fill('31.10.2026');
        await expect(page.getByTestId('spending-range-error')).toHaveText(words.order);
        await expect(page.getByLabel(words.last, { exact: true })).toHaveAttribute('aria-invalid', 'true');
        await fits(wallet, size);
      }
  });
});
