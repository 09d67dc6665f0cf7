import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 16: a Chromium without Icelandic locale data put `ISK 192,500 af ISK 200,000` and `Nov 23, 2026, 5:31 PM`
 * into Icelandic text. This Chromium has the data, so the page is given an Intl that lacks it, as such a build's
 * does: `supportedLocalesOf` leaves `is` out, and a formatter asked for `is-IS` formats in en-US.
 */
// The customer's clock is Iceland's (GMT all year), so the history's times read the same on any machine.
test.use({ timezoneId: 'Atlantic/Reykjavik' });

test('in Icelandic on a Chromium without Icelandic locale data, amounts and dates are still Icelandic', async ({
  wallet,
  context,
}) => {
  const page = wallet.page;
  await page.addInitScript(() => {
    type Real = (new (locales: unknown, options: unknown) => object) & {
      supportedLocalesOf: (locales: unknown, options?: unknown) => string[];
    };
    const lacks = (tag: unknown) => typeof tag === 'string' && tag.toLowerCase().split(/[-_]/)[0] === 'is';
    const left = (locales: unknown) =>
      [locales].flat().filter((tag): tag is string => typeof tag === 'string' && !lacks(tag));
    const intl = Intl as unknown as Record<string, Real>;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules']) {
      const real = intl[name];
      if (!real) continue;
      const without = function (locales?: unknown, options?: unknown) {
        const usable = left(locales);
        return new real(usable.length > 0 ? usable : 'en-US', options);
      };
      without.prototype = real.prototype;
      without.supportedLocalesOf = (locales: unknown, options?: unknown) =>
        real.supportedLocalesOf(left(locales), options);
      intl[name] = without as unknown as Real;
    }
  });
  await page.reload();
  expect(await page.evaluate(() => Intl.NumberFormat.supportedLocalesOf(['is-IS']))).toEqual([]);
  expect(
    await page.evaluate(() =>
      new Intl.NumberFormat('is-IS', { style: 'currency', currency: 'ISK', maximumFractionDigits: 0 }).format(192500),
    ),
  ).toMatch(/^ISK\s192,500$/);

  await wallet.go('Settings');
  await page.getByLabel('Íslenska').check();
  await page.getByRole('navigation').getByRole('button', { name: 'Greiða' }).click();
  await wallet.signIn(context, 'anna', 'Skrá inn');
  await expect(page.getByTestId('owner')).toBeVisible();
  await page.getByTestId('new-account-number').fill('0133-26-012345');
  await page.getByRole('button', { name: 'Bæta við', exact: true }).click();
  await expect(page.getByTestId('limit-meter')).toContainText('200.000 kr. af 200.000 kr. eftir í dag');
  await wallet.fillPayment({ ...BJORN, amount: '192500' });
  await expect(page.getByTestId('amount')).toHaveValue('192.500');
  await page.getByRole('button', { name: 'Yfirfara greiðslu' }).click();
  await page.getByRole('button', { name: /^Greiða 192\.500\s?kr\.$/ }).click();
  await expect(page.getByTestId('pay-result')).toContainText(
    'Bankinn tók við greiðslunni (192.500 kr., viðtakandi: Björn) og henni er lokið.',
  );
  await expect(page.getByTestId('limit-meter')).toContainText('7.500 kr. af 200.000 kr. eftir í dag');

  await page.getByRole('navigation').getByRole('button', { name: 'Saga' }).click();
  const row = page.getByTestId('history-row');
  await expect(row).toContainText('22. nóv. 2026, 12:00');
  await expect(row).toContainText('192.500 kr.');
  await expect(page.getByText('1 greiðsla', { exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ISK 1');
  await wallet.expectAccessible();
});
