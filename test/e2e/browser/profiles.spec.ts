import { LOCAL_SANDBOX_APP } from '../../../main/profiles/local-sandbox.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

test('a second profile has its own sign-in and its own history', async ({ wallet, harness, context }) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await wallet.payTo({ ...BJORN, amount: '1500' });

  await wallet.go('Profiles');
  await wallet.expectAccessible();
  await page.getByRole('button', { name: 'Add a profile' }).click();
  await page.getByLabel('Id', { exact: true }).fill('second');
  await page.getByLabel(/^Name/).fill('Second sandbox');
  await page.getByLabel('Environment', { exact: true }).selectOption('bank-sandbox');
  await page.getByLabel('API base URL', { exact: true }).fill(harness.sandbox.url);
  await page.getByLabel('Authorization server URL', { exact: true }).fill(harness.sandbox.url);
  await page.getByLabel('Client id', { exact: true }).fill(LOCAL_SANDBOX_APP.clientId);
  await page.getByLabel('Client secret', { exact: true }).fill(LOCAL_SANDBOX_APP.clientSecret);
  await page.getByLabel('API key', { exact: true }).fill(LOCAL_SANDBOX_APP.apiKey);
  await wallet.expectAccessible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved Second sandbox.')).toBeVisible();
  await wallet.screenshot('profiles');

  await page.getByRole('button', { name: 'Switch to Second sandbox' }).click();
  await expect(page.getByTestId('env-banner')).toContainText('BANK SANDBOX');
  await wallet.go('History');
  await expect(page.getByTestId('history-row')).toHaveCount(0);
  await wallet.go('Pay');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await wallet.go('Profiles');
  await page.getByRole('button', { name: 'Switch to Local sandbox' }).click();
  await expect(page.getByTestId('env-banner')).toContainText('LOCAL SANDBOX');
  await wallet.go('History');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await wallet.expectSignedIn('Anna Jónsdóttir');
});

test('switching the language to Icelandic changes the whole app at once', async ({ wallet }) => {
  const page = wallet.page;
  await wallet.go('Settings');
  await wallet.expectAccessible();
  await wallet.screenshot('settings');
  await page.getByLabel('Íslenska').check();
  await expect(page.getByRole('navigation').getByRole('button', { name: 'Greiða' })).toBeVisible();
  await expect(page.getByTestId('env-banner')).toContainText('STAÐBUNDIÐ PRÓFUNARUMHVERFI');
  await expect(page.locator('html')).toHaveAttribute('lang', 'is');
  await page.getByRole('navigation').getByRole('button', { name: 'Greiða' }).click();
  await expect(page.getByRole('button', { name: 'Skrá inn', exact: true })).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('sign-in-icelandic');
});
