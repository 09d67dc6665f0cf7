import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { crc32Hex } from '../../../common/payment-request.ts';
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
  // Chromium drew a caption (issue 27): the saved PNG is main's QR code with the caption under it.
  const png = PNG.sync.read(readFileSync(join(harness.core.platform.savedDir, fileName)));
  const qr = PNG.sync.read(
    Buffer.from((await dialog.getByTestId('request-qr').getAttribute('src'))!.split(',')[1]!, 'base64'),
  );
  expect(png.width).toBe(qr.width);
  expect(png.height).toBeGreaterThan(qr.height + 60);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await wallet.signInWithAccount(context, 'bjorn', BJORN.account);
  await wallet.expectSignedIn('Björn');
  await page.getByText('Pay a request').click();
  await page.getByTestId('request-qr-file').setInputFiles(join(harness.core.platform.savedDir, fileName));
  // The name is the request's, shown as Anna's claim: Björn has saved nobody, so it is neither matched nor in conflict.
  await expect(page.getByTestId('request-name')).toHaveText('Name in the request: Anna Jónsdóttir');
  await expect(page.getByTestId('request-payees')).toHaveText(
    'None of your saved payees has this name, kennitala or account number.',
  );
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

/**
 * Issue 26, finding 3, in Chromium: Mallory writes a link in Anna's name with her own kennitala and account (the
 * check value made right, as anyone can) and sends it to Björn, who saved Anna as a payee. The form gives the name as
 * Mallory's claim and warns, in words, that Björn saved that name with another kennitala; in English and in
 * Icelandic, in the app's default window (the README's pictures).
 */
test.describe('a request in someone else’s name', () => {
  test.use({ viewport: { width: 1024, height: 760 } });
  const MALLORY = { kennitala: '0101902909', account: '051526123456' };
  const params = new URLSearchParams({
    v: '1',
    kt: MALLORY.kennitala,
    acct: MALLORY.account,
    name: 'Anna Jónsdóttir',
    amount: '15000',
    msg: 'Leiga des',
  });
  params.set('c', crc32Hex(params.toString()));
  const mallorysLink = `a2a-wallet://pay?${params.toString()}`;

  const WORDS = {
    en: {
      payARequest: 'Pay a request',
      fill: 'Fill in the form',
      name: 'Name in the request: Anna Jónsdóttir',
      claim: 'Whoever made the request typed this name themselves: neither the bank nor this app has confirmed it.',
      conflict: 'Warning: this request does not agree with your saved payees.',
      otherKennitala:
        'You saved “Anna Jónsdóttir” with another kennitala: 120385-2089 (account number 0133-26-012345).',
    },
    is: {
      payARequest: 'Greiða greiðslubeiðni',
      fill: 'Fylla út formið',
      name: 'Nafn í beiðninni: Anna Jónsdóttir',
      claim: 'Sá sem bjó til beiðnina skrifaði nafnið sjálfur; hvorki bankinn né forritið hefur staðfest það.',
      conflict: 'Varúð: beiðnin stemmir ekki við vistaða viðtakendur þína.',
      otherKennitala:
        'Þú hefur vistað nafnið „Anna Jónsdóttir“ með annarri kennitölu: 120385-2089 (reikningsnúmer 0133-26-012345).',
    },
  };

  for (const language of ['en', 'is'] as const) {
    test(`the name is the requester’s claim, and the conflict with a saved payee is a warning (${language})`, async ({
      wallet,
      harness,
      context,
    }) => {
      const page = wallet.page;
      const words = WORDS[language];
      await wallet.signInWithAccount(context, 'bjorn', BJORN.account);
      await harness.core.value('savePayee', {
        name: 'Anna Jónsdóttir',
        kennitala: '1203852089',
        accountNumber: '0133-26-012345',
      });
      // Opened again, the form lists the payee saved meanwhile, in the language chosen.
      if (language === 'is') await harness.core.value('updateSettings', { language: 'is' });
      await page.reload();
      await page.getByText(words.payARequest).click();
      await page.getByTestId('request-link-input').fill(mallorysLink);
      await page.getByRole('button', { name: words.fill }).click();

      const notice = page.getByTestId('request-notice');
      await expect(notice.getByTestId('request-name')).toHaveText(words.name);
      await expect(notice.getByTestId('request-name-claim')).toHaveText(words.claim);
      const warning = notice.getByRole('alert');
      await expect(warning).toContainText(words.conflict);
      await expect(warning.getByRole('listitem')).toHaveText(words.otherKennitala);
      await expect(page.getByTestId('deposit-kennitala')).toHaveValue('010190-2909');
      expect(harness.sandbox.initiations()).toHaveLength(0);
      await wallet.expectAccessible();
      // The window as the customer sees it, scrolled to the notice: the notice, and the fields it filled below it.
      await notice.evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -8);
      });
      await wallet.screenshot(`pay-request-conflict${language === 'is' ? '-icelandic' : ''}`, { window: true });
    });
  }
});
