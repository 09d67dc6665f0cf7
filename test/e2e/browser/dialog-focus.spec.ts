import type { Page } from '@playwright/test';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 42, item 3: every modal is the platform's own `<dialog>` opened with `showModal` (the top layer, the page
 * behind inert, Escape and the focus's return by the platform), and the focus never falls to the page after an
 * action: it is on a named control, a heading or a message that says what happened. In Chromium, where the
 * platform does this (jsdom has no modal dialogs).
 */

/** Where the focus is: an element other than the page, with a name or words; `undefined` when it fell to the page. */
async function focused(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active === document.documentElement) return undefined;
    const labelled = active.getAttribute('aria-labelledby');
    const name =
      active.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : undefined) ??
      active.textContent ??
      '';
    return name.replace(/\s+/g, ' ').trim() || undefined;
  });
}

async function expectFocusNamed(page: Page, what: string): Promise<void> {
  await expect.poll(() => focused(page), { message: `after ${what} the focus is on something named` }).toBeTruthy();
}

/** The open dialog is the platform's modal, and Tab and the page behind leave the focus in it. */
async function expectModal(page: Page): Promise<void> {
  const dialog = page.locator('dialog:modal');
  await expect(dialog).toHaveCount(1);
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside, `Tab ${String(press + 1)} stays in the dialog`).toBe(true);
  }
  // The page behind is inert: its buttons take no focus, and a click there reaches nothing.
  const behind = page.getByRole('navigation').getByRole('button').first();
  await behind.evaluate((button: HTMLElement) => button.focus());
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

test('the receipt is a modal: Tab stays in it, the page is inert, Escape gives the focus back', async ({
  wallet,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await wallet.payTo({ ...BJORN, amount: '1500' });
  await wallet.expectResult(/accepted|settled/);
  const receipt = page.getByRole('button', { name: 'Receipt', exact: true });
  await receipt.click();
  await expectModal(page);
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog')).toHaveCount(0);
  await expect(receipt).toBeFocused();

  // Save as payee: the button goes, the words that say it is saved take the focus.
  await page.getByRole('button', { name: 'Save as payee' }).click();
  await expect(page.getByText('Saved as a payee.')).toBeFocused();
});

test('Save as PDF in the details leaves the focus in the dialog, and Escape still closes it', async ({
  wallet,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await wallet.payTo({ ...BJORN, amount: '1500' });
  await wallet.expectResult(/accepted|settled/);
  await wallet.go('History');
  await page.getByTestId('history-row').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Receipt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText(/Saved|Vistað/);
  await expectFocusNamed(page, 'Save as PDF');
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog')).toHaveCount(0);
});

test('Change after a refusal: the pay screen’s heading takes the focus, not the page', async ({
  wallet,
  harness,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  harness.sandbox.faults.add({ route: 'payments.create', kind: 'bankError', error: 'AmountUnavailable' });
  await wallet.payTo({ ...BJORN, amount: '1500' });
  await wallet.expectResult('rejected');
  await page.getByRole('button', { name: 'Back to the form' }).click();
  await expect(page.getByTestId('amount')).toHaveValue('1,500');
  await expectFocusNamed(page, 'Change');
});

test('setting a passcode says so, with the focus on the words', async ({ wallet, context }) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await wallet.go('Settings');
  await page.getByTestId('passcode-new').fill('482916-blár-hestur');
  await page.getByTestId('passcode-repeat').fill('482916-blár-hestur');
  await page.getByRole('button', { name: 'Set passcode' }).click();
  const done = page.getByTestId('passcode-done');
  await expect(done).toHaveText('Your passcode is set. The app now asks for it as said above.');
  await expect(done).toBeFocused();
});
