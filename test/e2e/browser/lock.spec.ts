import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

const PASSCODE = '482916';

/**
 * Issue 18 in Chromium through the harness: the passcode set in Settings, the lock and the unlock, a payment that asks
 * for the passcode again, and the wait after wrong passcodes, with the app's clock moved (no sleeping).
 */
test('set a passcode, lock, unlock, and pay with the passcode asked again', async ({ wallet, harness, context }) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await expect(page.getByTestId('passcode-offer')).toBeVisible();
  await page.getByTestId('passcode-offer').getByRole('button', { name: 'Set passcode' }).click();
  const settings = page.getByTestId('passcode-settings');
  await settings.getByLabel('New passcode').fill(PASSCODE);
  await settings.getByLabel('Passcode again').fill(PASSCODE);
  await settings.getByRole('button', { name: 'Set passcode' }).click();
  await expect(settings.getByRole('button', { name: 'Change passcode' })).toBeVisible();
  await wallet.expectAccessible();

  await page.getByTestId('lock-now').click();
  await expect(page.getByTestId('lock-title')).toHaveText('A2A Wallet is locked');
  await expect(page.locator('body')).not.toContainText('Anna');
  await wallet.expectAccessible();
  await wallet.screenshot('lock');
  // A page that asks main anyway is refused: the lock is main's, not the screen's.
  const refused = await page.evaluate(() =>
    (window as unknown as { wallet: { sessionStatus(): Promise<unknown> } }).wallet.sessionStatus(),
  );
  expect(refused).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
  await page.getByLabel('Passcode').fill(PASSCODE);
  await page.keyboard.press('Enter');
  await wallet.expectSignedIn('Anna Jónsdóttir');

  // More than a minute later, the payment asks for the passcode before it is sent.
  harness.sandbox.clock.advanceSeconds(61);
  await wallet.go('Pay');
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await wallet.review();
  await page.getByRole('button', { name: /^Pay ISK/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm with your passcode' });
  await expect(prompt).toBeVisible();
  await wallet.expectAccessible();
  expect(harness.sandbox.initiations()).toHaveLength(0);
  await prompt.getByLabel('Passcode').fill(PASSCODE);
  await prompt.getByRole('button', { name: 'Confirm and pay' }).click();
  await wallet.expectResult(/accepted|settled/);
  expect(harness.sandbox.initiations()).toHaveLength(1);
});

test('wrong passcodes: a wait after the third, told as a time, over when the clock has moved on', async ({
  wallet,
  harness,
}) => {
  await harness.core.value('setPasscode', { next: PASSCODE });
  await harness.core.value('lockNow');
  const page = wallet.page;
  await page.reload();
  await expect(page.getByTestId('lock-title')).toBeVisible();
  for (let n = 0; n < 3; n += 1) {
    await page.getByLabel('Passcode').fill('000000');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Passcode')).toHaveValue('');
  }
  await expect(page.getByTestId('lock-screen')).toContainText('You can try again at 22 Nov 2026, 12:00');
  await page.getByLabel('Passcode').fill(PASSCODE);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lock-screen')).toContainText('Too many wrong passcodes');
  await expect(page.getByTestId('lock-title')).toBeVisible();
  harness.sandbox.clock.advanceSeconds(30);
  await page.getByLabel('Passcode').fill(PASSCODE);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app-name')).toBeVisible();
});
