import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PASSCODE = '482916';

/**
 * Issue 26, finding 6, in Chromium through the harness, where no OS says how long nobody typed: the idle lock counts
 * from the customer's last real input in the window, and the page's own polling (the session, re-read on focus and
 * every minute) never keeps it open. The app's clock is moved, 15 seconds at a time, and the page polls after each.
 */

/** The page re-reads the session, as it does on focus and every minute; resolves once main has answered. */
async function pagePolls(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/rpc/sessionStatus'));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await answered;
}

test('locks after the idle minute while the page keeps polling; a key pressed puts it off', async ({
  wallet,
  harness,
  context,
}) => {
  const page = wallet.page;
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  await harness.core.value('setPasscode', { next: PASSCODE });
  await harness.core.value('updateLockSettings', { idleMinutes: 1 });
  await page.reload();
  await wallet.expectSignedIn('Anna Jónsdóttir');

  // Two minutes of polling and nothing else: the lock screen shows once the minute is over.
  for (let step = 0; step < 8 && !(await page.getByTestId('lock-title').isVisible()); step += 1) {
    harness.sandbox.clock.advanceSeconds(15);
    await pagePolls(page);
  }
  await expect(page.getByTestId('lock-title')).toHaveText('A2A Wallet is locked');
  await expect(page.getByTestId('lock-screen')).toContainText('it was not used for 1 min');
  await expect(page.locator('body')).not.toContainText('Anna');

  // Unlocked again, the customer presses a key 45 seconds later: the lock waits a minute from that key.
  await page.getByLabel('Passcode').fill(PASSCODE);
  await page.keyboard.press('Enter');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  harness.sandbox.clock.advanceSeconds(45);
  await pagePolls(page);
  const noted = page.waitForResponse((response) => response.url().endsWith('/rpc/noteActivity'));
  await page.keyboard.press('Shift');
  expect(await (await noted).json()).toEqual({ ok: true, value: {} });
  harness.sandbox.clock.advanceSeconds(45);
  await pagePolls(page);
  expect(await harness.core.value('lockStatus')).toMatchObject({ locked: false });
  await expect(page.getByTestId('app-name')).toBeVisible();
  harness.sandbox.clock.advanceSeconds(20);
  await pagePolls(page);
  await expect(page.getByTestId('lock-title')).toBeVisible();
});
