import { PAY_STEPS } from '../pages/focus-walk-pay.ts';
import { SCREEN_STEPS } from '../pages/focus-walk-screens.ts';
import { Walk, walk } from '../pages/focus-walk.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 42, item 3, its last demand: a walk through the app as a customer goes, pressing every action of every screen
 * it reaches, in English and in Icelandic, and after EACH action the focus is on an element other than the page's
 * body that has a name or words (a named control, a heading, a status or alert message), and inside the dialog
 * where one is open. Where it fell to the page, the next Tab starts again at the top and a screen reader says nothing.
 *
 * The walk is a table (test/e2e/pages/focus-walk-pay.ts, focus-walk-screens.ts): a new action is one row. The words are the app's own messages by their keys (not
 * written out, as the wording specs do): what this checks is where the focus goes, whatever the words.
 *
 * Not walked: Print in the receipt, which opens the platform's print dialog, and headless Chromium has none.
 */

test.describe('the focus never falls to the page', () => {
  // A step whose control is not there fails in seconds, not at the test's minute.
  test.use({ actionTimeout: 10_000 });
  for (const locale of ['en', 'is'] as const) {
    test(`every action of every screen, walked in ${locale === 'en' ? 'English' : 'Icelandic'}`, async ({
      wallet,
      harness,
      context,
    }) => {
      test.setTimeout(60_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await harness.core.value('updateSettings', { language: locale });
      await wallet.page.reload();
      await expect(wallet.page.locator('html')).toHaveAttribute('lang', locale);
      await walk(new Walk(wallet, context, harness, locale), [...PAY_STEPS, ...SCREEN_STEPS]);
    });
  }
});
