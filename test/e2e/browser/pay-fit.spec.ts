import { fits, SIZES } from '../pages/window-sizes.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 42, items 5 and 6 (the pay screen's part): at 200 % the limit meter's words run under the bar across the
 * width, not in a one-word column beside an empty half; in the default window a saved payee's name and account show
 * whole in their select ("Björn Sigurðsson · 0133-26-020001", not "Björn Sigurðsson · 0133-26"). Both languages.
 */
for (const [size, viewport] of SIZES) {
  for (const language of ['en', 'is'] as const) {
    test(`the pay screen at ${size} (${language}): the limit's words and a saved payee whole`, async ({
      wallet,
      harness,
      context,
    }) => {
      const page = wallet.page;
      await wallet.signInWithAccount(context, 'anna');
      await harness.core.value('savePayee', {
        name: 'Björn Sigurðsson',
        kennitala: '0507922189',
        accountNumber: '013326020001',
      });
      await page.setViewportSize(viewport);
      await harness.core.value('updateSettings', { language });
      await page.reload();
      const select = page.locator('#saved-payee');
      await select.selectOption({ index: 1 });
      // The chosen option's words fit the select's box (less its padding and arrow).
      const fitsIn = await select.evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return false;
        context.font = style.font;
        const words = context.measureText(element.selectedOptions[0]?.text ?? '').width;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return words <= room;
      });
      expect(fitsIn, await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text)).toBe(
        true,
      );

      // The limit's words are at least a third as wide as the meter's box: never a one-word column.
      const meter = page.getByTestId('limit-meter');
      const widths = await meter.evaluate((section) => ({
        section: section.getBoundingClientRect().width,
        words: section.querySelector('#limit-left')?.getBoundingClientRect().width ?? 0,
      }));
      expect(widths.words).toBeGreaterThan(widths.section / 3);
      await fits(wallet, size);
      await wallet.screenshot(`pay-fit-${language}-${size}`, { window: true });
    });
  }
}
