import { payThroughCore, putBackOlderCopy } from '../../support/store-files.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 28 in the browser: a payment made, an older copy of the customer's payment store put back while the app was
 * closed (it lacks a payment made after it), the app opened again. Pay and History say so at their top; paying again
 * meets the warning of a history not to be trusted; once the customer has checked their online banking and said so
 * twice, the banner goes and the focus lands on the screen's heading.
 */
const WORDS = {
  en: {
    review: /^Review payment$/,
    pay: /^Pay ISK/,
    newPayment: 'New payment',
    banner: 'An older copy of your payment history was put back on this computer.',
    warning: 'The payment history on this computer may be incomplete or out of date',
    ack: 'Yes, this is a new payment',
    checked: 'I have checked my online banking',
    confirmTitle: 'Have you checked your online banking?',
    confirm: 'Yes, I have checked',
    payTitle: 'Pay',
    history: 'History',
    historyTitle: 'History',
  },
  is: {
    review: /^Yfirfara greiðslu$/,
    pay: /^Greiða /,
    newPayment: 'Ný greiðsla',
    banner: 'Eldra afrit af greiðslusögunni þinni var sett aftur á þessa tölvu.',
    warning: 'Greiðslusagan á þessari tölvu gæti verið ófullkomin eða úrelt',
    ack: 'Já, þetta er ný greiðsla',
    checked: 'Ég hef athugað netbankann',
    confirmTitle: 'Hefurðu athugað netbankann?',
    confirm: 'Já, ég hef athugað hann',
    payTitle: 'Greiða',
    history: 'Saga',
    historyTitle: 'Greiðslusaga',
  },
} as const;

for (const language of ['en', 'is'] as const) {
  test(`an older copy of the history put back: told, asked, and taken once checked (${language})`, async ({
    wallet,
    harness,
    context,
  }) => {
    test.setTimeout(60_000);
    const page = wallet.page;
    const words = WORDS[language];
    await wallet.signInWithAccount(context, 'anna');
    await harness.core.value('updateSettings', { language });
    await page.reload();
    const banner = page.getByTestId('history-trust');

    // A payment, in the window; nothing to say about the history yet.
    await wallet.fillPayment({ ...BJORN, amount: '1500' });
    await page.getByRole('button', { name: words.review }).click();
    await page.getByRole('button', { name: words.pay }).click();
    await wallet.expectResult(/accepted|settled/);
    await expect(banner).toHaveCount(0);

    // The store copied; 2 000 paid after it; the copy put back while the app was closed; the app opened again.
    await putBackOlderCopy(harness.core, () => payThroughCore(harness.core, 2000));
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(words.banner);
    await expect(page.getByRole('alert').filter({ hasText: words.banner })).toHaveCount(1);
    await wallet.expectAccessible();
    await wallet.screenshot(`history-trust-pay${language === 'is' ? '-icelandic' : ''}`, { window: true });
    await page.getByRole('navigation').getByRole('button', { name: words.history }).click();
    await expect(page.getByRole('heading', { level: 2, name: words.historyTitle })).toBeVisible();
    await expect(banner).toContainText(words.banner);
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    await wallet.expectAccessible();
    await wallet.screenshot(`history-trust-history-${language}`, { window: true });

    // The 2 000 the copy lost, again: main cannot tell, so the review asks whether it is new.
    await page.getByRole('navigation').getByRole('button', { name: words.payTitle }).click();
    await wallet.fillPayment({ ...BJORN, amount: '2000' });
    await page.getByRole('button', { name: words.review }).click();
    const warning = page.getByTestId('duplicate-warning');
    await expect(warning).toContainText(words.warning);
    const pay = page.getByRole('button', { name: words.pay });
    await expect(pay).toBeDisabled();
    await warning.getByRole('checkbox', { name: words.ack }).check();
    await expect(pay).toBeEnabled();
    await pay.click();
    await wallet.expectResult(/accepted|settled/);
    // Still not trusted: paying does not tell the app what the copy lost.
    await expect(banner).toBeVisible();

    // Checked at the bank: said twice, then the banner goes and the focus is on the screen's heading.
    await banner.getByRole('button', { name: words.checked }).click();
    const dialog = page.getByRole('dialog', { name: words.confirmTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: words.confirm }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: words.payTitle })).toBeFocused();
    expect(await harness.core.value('historyIntegrity')).toEqual({ trusted: true });

    // Trusted from here on, across a reload, and on History too.
    await page.reload();
    await expect(page.getByTestId('deposit-kennitala')).toBeVisible();
    await page.getByRole('navigation').getByRole('button', { name: words.history }).click();
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await expect(banner).toHaveCount(0);
    await page.getByRole('navigation').getByRole('button', { name: words.payTitle }).click();
    await wallet.fillPayment({ ...BJORN, amount: '300' });
    await page.getByRole('button', { name: words.review }).click();
    await expect(page.getByRole('button', { name: words.pay })).toBeEnabled();
    await expect(page.getByTestId('duplicate-warning')).toHaveCount(0);
  });
}
