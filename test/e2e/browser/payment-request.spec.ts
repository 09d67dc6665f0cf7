import { join } from 'node:path';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 19: Anna asks to be paid; Björn pays her request once. Both are sandbox users of the same harness (one signs
 * out, the other in). The QR code goes the whole way: made by main, saved as a PNG, read back by the page in
 * Chromium (canvas and jsQR) from the image Björn picks, into the pay form, which only the review pays.
 */
test('one sandbox user requests money with a QR code; another pays the request, once', async ({
  wallet,
  harness,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'anna');
  await page.getByRole('button', { name: 'Request money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request money' });
  await dialog.getByTestId('request-amount').fill('2500');
  await dialog.getByTestId('request-message').fill('Pizza');
  await dialog.getByRole('button', { name: 'Make the request' }).click();
  await expect(dialog.getByTestId('request-qr')).toBeVisible();
  const link = await dialog.getByTestId('request-link').inputValue();
  expect(link).toMatch(/^a2a-wallet:\/\/pay\?v=1&kt=1203852089&acct=013326012345&name=Anna\+/);
  await wallet.expectAccessible();
  await wallet.screenshot('payment-request');
  await dialog.getByRole('button', { name: 'Save QR code as PNG' }).click();
  const saved = dialog.getByRole('status').filter({ hasText: /^Saved as / });
  await expect(saved).toBeVisible();
  const fileName = /^Saved as (\S+\.png) in /.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await wallet.signInWithAccount(context, 'bjorn', BJORN.account);
  await wallet.expectSignedIn('Björn');
  await page.getByText('Pay a request').click();
  await page.getByTestId('request-qr-file').setInputFiles(join(harness.core.platform.savedDir, fileName));
  await expect(page.getByTestId('request-notice')).toContainText('Filled in from a payment request by Anna');
  await expect(page.getByTestId('deposit-kennitala')).toHaveValue('120385-2089');
  await expect(page.getByTestId('deposit-account')).toHaveValue('0133-26-012345');
  await expect(page.getByTestId('amount')).toHaveValue('2,500');
  await expect(page.getByTestId('message')).toHaveValue('Pizza');
  await wallet.expectAccessible();
  await wallet.screenshot('pay-request-filled');
  expect(harness.sandbox.initiations()).toHaveLength(0);

  await wallet.review();
  // A double click on Pay pays once.
  await page.getByRole('button', { name: /^Pay ISK/ }).dblclick();
  await wallet.expectResult(/accepted|settled/);
  const paid = harness.sandbox.initiations();
  expect(paid).toHaveLength(1);
  expect(JSON.stringify(paid[0])).toContain('013326012345');

  // Filling the form from the same request again sends nothing: a second payment would need its own review.
  await page.getByRole('button', { name: 'New payment' }).click();
  await page.getByText('Pay a request').click();
  await page.getByTestId('request-link-input').fill(link);
  await page.getByRole('button', { name: 'Fill in the form' }).click();
  await expect(page.getByTestId('amount')).toHaveValue('2,500');
  expect(harness.sandbox.initiations()).toHaveLength(1);
});

test('an image without a QR code, and a link with a typo, are refused with their messages', async ({
  wallet,
  context,
}) => {
  const page = wallet.page;
  await wallet.signInWithAccount(context, 'bjorn', BJORN.account);
  await page.getByText('Pay a request').click();
  await page.getByTestId('request-qr-file').setInputFiles({
    name: 'not-a-code.png',
    mimeType: 'image/png',
    // A 1x1 white PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(page.getByTestId('request-notice').getByRole('alert')).toHaveText(
    'No QR code could be read in that image. Try a sharper picture, or paste the link.',
  );
  await page
    .getByTestId('request-link-input')
    .fill('a2a-wallet://pay?v=1&kt=1203852089&acct=013326012346&amount=1500&c=00000000');
  await page.getByRole('button', { name: 'Fill in the form' }).click();
  await expect(page.getByTestId('request-notice').getByRole('alert')).toContainText('does not match its check value');
  await expect(page.getByTestId('deposit-kennitala')).toHaveValue('');
});
