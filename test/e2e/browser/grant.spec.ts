import { DAY_MS } from '../../../common/time.ts';
import { ANNA_ACCOUNT, BJORN } from '../pages/wallet-page.ts';
import { fitProblems } from '../pages/window-fit.ts';
import { expect, test } from './fixtures.ts';

/**
 * The customer's time zone (issue 42: "today" and "tomorrow" are calendar days there): the window's, through
 * Playwright, and the core's, which runs in this worker and reads the process's zone. Not the machine's; given back
 * after this file, as the worker runs other files too.
 */
const ZONE = 'Atlantic/Reykjavik';
const machineZone = process.env['TZ'];
test.use({ timezoneId: ZONE });
test.beforeAll(() => {
  process.env['TZ'] = ZONE;
});
test.afterAll(() => {
  if (machineZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = machineZone;
});

test('the grant: a banner 10 days before the end, then a blocking prompt after it', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  const signedInAt = harness.sandbox.clock.now();

  harness.sandbox.clock.set(signedInAt + 80 * DAY_MS);
  await wallet.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(wallet.page.getByTestId('grant-banner')).toContainText(
    'Your bank access ends on 20 February 2027, in 10 days. Renew now',
  );
  await wallet.expectAccessible();
  await wallet.screenshot('grant-banner');

  harness.sandbox.clock.set(signedInAt + 91 * DAY_MS);
  await wallet.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const prompt = wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' });
  await expect(prompt).toBeVisible();
  await wallet.expectAccessible();
  await wallet.screenshot('grant-ended');

  await wallet.signIn(context, 'anna');
  await expect(prompt).toBeHidden();
  await wallet.expectSignedIn('Anna Jónsdóttir');
});

test('access withdrawn at the bank: the next payment asks to sign in again, and the draft survives', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ ...BJORN, amount: '3000' });
  harness.sandbox.revoke('anna');
  await wallet.review();
  await wallet.page.getByRole('button', { name: /^Pay ISK/ }).click();

  const prompt = wallet.page.getByRole('alertdialog');
  await expect(prompt).toContainText('Access was withdrawn at the bank.');
  await wallet.signIn(context, 'anna');
  await expect(prompt).toBeHidden();
  await wallet.page.getByRole('button', { name: 'Back to the form' }).click();
  await expect(wallet.page.getByTestId('amount')).toHaveValue('3,000');
  expect(harness.sandbox.initiations()).toHaveLength(0);
});

test('the grant moves on by itself: the banner counts down, then the blocking prompt, without a click', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna Jónsdóttir');
  const signedInAt = harness.sandbox.clock.now();
  // Nothing on the page asks main again (no focus, no click): what changes, main says by itself.
  const reads: string[] = [];
  wallet.page.on('request', (request) => {
    if (request.url().endsWith('/rpc/sessionStatus')) reads.push(request.url());
  });
  const banner = wallet.page.getByTestId('grant-banner');

  harness.sandbox.clock.set(signedInAt + 88.25 * DAY_MS);
  await expect(banner).toHaveText('Your bank access ends on 20 February 2027, in 2 days. Renew now');

  harness.sandbox.clock.set(signedInAt + 89.25 * DAY_MS);
  await expect(banner).toHaveText('Your bank access ends tomorrow, 20 February 2027, at 12:00. Renew now');
  const lastDay = wallet.page.getByRole('dialog', { name: 'Your bank access ends tomorrow at 12:00' });
  await lastDay.getByRole('button', { name: 'Later' }).click();
  await expect(lastDay).toBeHidden();

  harness.sandbox.clock.set(signedInAt + 90.25 * DAY_MS);
  await expect(wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(reads).toEqual([]);
});

test('signing in again after the end: the pay form has no refusal left and shows the own account', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  // The customer comes back to the app after the grant's end: the pay form opens under the prompt.
  harness.sandbox.clock.set(harness.sandbox.clock.now() + 91 * DAY_MS);
  await wallet.page.reload();
  const prompt = wallet.page.getByRole('alertdialog', { name: 'Your bank access has ended' });
  await expect(prompt).toBeVisible();

  await wallet.signIn(context, 'anna', 'Sign in again');
  await expect(prompt).toBeHidden();
  await expect(wallet.page.getByLabel('Your account')).toHaveValue(ANNA_ACCOUNT.replaceAll('-', ''));
  await expect(wallet.page.locator('.pay-form').getByRole('alert')).toHaveCount(0);
  await wallet.fillPayment({ ...BJORN, amount: '3000' });
  await wallet.review();
});

/**
 * Issue 29: Settings says when the 90-day access ends, the days left, and that it is withdrawn in the bank's online
 * banking, in both languages; in the default window (1024×760) and at 200 % (half the CSS pixels, twice the device
 * pixels), with nothing cut off or out of reach. Signed in at noon on 22 November 2026: it ends on 20 February 2027.
 */
const BANK_ACCESS = {
  en: {
    settings: 'Settings',
    title: 'Bank access',
    ends: 'Your bank access ends on 20 February 2027, in 90 days.',
    withdraw:
      'The app can make payments for you until then. To withdraw the access sooner, use your bank’s online banking.',
  },
  is: {
    settings: 'Stillingar',
    title: 'Aðgangur að bankanum',
    ends: 'Aðgangur þinn að bankanum rennur út 20. febrúar 2027, eftir 90 daga.',
    withdraw:
      'Fram að því getur forritið greitt fyrir þig. Þú getur afturkallað aðganginn fyrr í netbanka bankans þíns.',
  },
} as const;

for (const [size, use] of [
  ['1024x760', { viewport: { width: 1024, height: 760 }, deviceScaleFactor: 1 }],
  ['200pc', { viewport: { width: 512, height: 380 }, deviceScaleFactor: 2 }],
] as const) {
  test.describe(`Settings shows the bank access at ${size}`, () => {
    test.use(use);
    test('when it ends, the days left and where to withdraw it, in English and Icelandic', async ({
      wallet,
      harness,
      context,
    }) => {
      const page = wallet.page;
      await wallet.signIn(context, 'anna');
      await wallet.expectSignedIn('Anna Jónsdóttir');
      for (const language of ['en', 'is'] as const) {
        const words = BANK_ACCESS[language];
        await harness.core.value('updateSettings', { language });
        await page.reload();
        await expect(page.getByTestId('app-name')).toBeVisible();
        await page.getByRole('navigation').getByRole('button', { name: words.settings }).click();
        const section = page.getByTestId('bank-access');
        await expect(section.getByRole('heading', { level: 3, name: words.title })).toBeVisible();
        await expect(section).toHaveText(words.title + words.ends + words.withdraw);
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByText(words.withdraw)).toBeInViewport({ ratio: 1 });
        expect(await fitProblems(page)).toEqual([]);
        await wallet.expectAccessible();
        await wallet.screenshot(`settings-bank-access-${language}-${size}`);
      }
    });
  });
}

/**
 * Issue 42: on the grant's last day, at 08:00, the banner and the dialog say "today" with the time of day and the
 * date, in both languages; looked at in the default window and at 200 %, with nothing cut off.
 */
const LAST_DAY = {
  en: {
    banner: 'Your bank access ends today, 20 February 2027, at 12:00. Renew now',
    dialog: 'Your bank access ends today at 12:00',
    later: 'Later',
  },
  is: {
    banner: 'Aðgangur þinn að bankanum rennur út í dag, 20. febrúar 2027, kl. 12:00. Endurnýja núna',
    dialog: 'Aðgangur þinn að bankanum rennur út í dag kl. 12:00',
    later: 'Seinna',
  },
} as const;

for (const [size, use] of [
  ['1024x760', { viewport: { width: 1024, height: 760 }, deviceScaleFactor: 1 }],
  ['200pc', { viewport: { width: 512, height: 380 }, deviceScaleFactor: 2 }],
] as const) {
  test.describe(`the grant's last day at ${size}`, () => {
    test.use(use);
    test('the banner and the dialog say today, at what time, and the date, in English and Icelandic', async ({
      wallet,
      harness,
      context,
    }) => {
      const page = wallet.page;
      await wallet.signIn(context, 'anna');
      await wallet.expectSignedIn('Anna Jónsdóttir');
      // 08:00 on the last day: 4 hours before the end at 12:00.
      harness.sandbox.clock.set(harness.sandbox.clock.now() + 90 * DAY_MS - 4 * 3_600_000);
      for (const language of ['en', 'is'] as const) {
        const words = LAST_DAY[language];
        await harness.core.value('updateSettings', { language });
        await page.reload();
        const dialog = page.getByRole('dialog', { name: words.dialog });
        await expect(dialog).toBeVisible();
        expect(await fitProblems(page)).toEqual([]);
        await wallet.expectAccessible();
        await wallet.screenshot(`grant-last-day-dialog-${language}-${size}`);
        await dialog.getByRole('button', { name: words.later }).click();
        await expect(page.getByTestId('grant-banner')).toHaveText(words.banner);
        expect(await fitProblems(page)).toEqual([]);
        await wallet.expectAccessible();
        await wallet.screenshot(`grant-last-day-banner-${language}-${size}`, { window: true });
      }
    });
  });
}
