import { paymentRecord, seedPayments } from '../../support/seed-payments.ts';
import { fits, SIZES } from '../pages/window-sizes.ts';
import { expect, NOON, test } from './fixtures.ts';

/**
 * Issue 42, items 5 and 6: at 200 % the History list is not a box two rows tall scrolling inside the scrolling page:
 * the page scrolls once, and the keys still reach the last payment. In the default window a long status ("Fór í gegn
 * (að þinni sögn)") wraps in its column instead of being cut. Both languages, both sizes, screenshots kept.
 */
const noon = Date.parse(NOON);
const payments = Array.from({ length: 30 }, (_, n) =>
  paymentRecord(n + 1, {
    state: n % 3 === 0 ? 'declaredPaid' : n % 3 === 1 ? 'unknown' : 'settled',
    createdAt: noon - (n + 1) * 3_600_000,
    order: { amount: 1_000 + n * 100, payeeName: `Viðtakandi ${String(n + 1)}` },
  }),
);

for (const [size, viewport] of SIZES) {
  for (const [language, history] of [
    ['en', 'History'],
    ['is', 'Saga'],
  ] as const) {
    test(`History at ${size} (${language}): one scroll, every status whole`, async ({ wallet, harness, context }) => {
      const page = wallet.page;
      await wallet.signInWithAccount(context, 'anna');
      await seedPayments(harness.core, payments);
      await page.setViewportSize(viewport);
      await harness.core.value('updateSettings', { language });
      await page.reload();
      await page.getByRole('navigation').getByRole('button', { name: history }).click();
      const rows = page.getByTestId('history-row');
      await expect(rows.first()).toBeVisible();

      // Every status in view is whole: no badge's text runs past its box, and none past its row.
      for (const badge of await page.locator('.history-row > .history-badge').all()) {
        const fitsIn = await badge.evaluate((element) => {
          const row = element.parentElement?.getBoundingClientRect();
          const own = element.getBoundingClientRect();
          return (
            element.scrollWidth <= element.clientWidth + 1 &&
            !!row &&
            own.right <= row.right + 1 &&
            own.bottom <= row.bottom + 1
          );
        });
        expect(fitsIn, (await badge.textContent()) ?? undefined).toBe(true);
      }

      await wallet.screenshot(`history-fit-${language}-${size}`, { window: true });
      const scroller = page.getByTestId('history-scroller');
      const scrollsItself = await scroller.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      if (size === '200pc') {
        // One scroll: the page's. The list is as tall as its rows, and the last one is reached by the keys.
        expect(scrollsItself).toBe(false);
        await rows.first().focus();
        await page.keyboard.press('End');
        const last = page.locator('li[data-index="29"] [data-testid="history-row"]');
        await expect(last).toBeFocused();
        await expect(last).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      } else {
        expect(scrollsItself).toBe(true);
      }
      await fits(wallet, size);
    });
  }
}
