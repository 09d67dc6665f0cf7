import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { INITIATIONS_PATH } from '../../../sandbox/index.ts';
import { startHarness, type Harness } from '../../harness/server.ts';
import { PaymentStatesPage, type Language } from '../pages/payment-states.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, NOON, test as base } from './fixtures.ts';

/**
 * Issue 25 in Chromium through the harness, in English and in Icelandic: the customer is always told the truth about
 * their money. A payment whose passcode prompt was cancelled is confirmed and not sent (held, never "unknown"); a lost
 * answer is followed up in History and by itself; past its request id's 24 hours the app takes the customer's word;
 * the duplicate warning says only what is known; a slow bank is said to be slow while the same request goes on.
 * The app's clock is the sandbox's, moved by the tests (the core follows up right after); nothing sleeps.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const PASSCODE = '482916';
const PAYMENT = { ...BJORN, amount: '1500' };

const test = base.extend<{ language: Language; appRetries: boolean; states: PaymentStatesPage }>({
  language: ['en', { option: true }],
  /** The app's own automatic retries (500 ms, 2 s, 5 s), instead of none. */
  appRetries: [false, { option: true }],
  harness: async ({ language, appRetries, browser }, use) => {
    const harness = await startHarness({
      root,
      printBrowser: browser,
      now: NOON,
      preferredLanguages: [language],
      ...(appRetries ? {} : { retryDelaysMs: [] }),
    });
    await use(harness);
    await harness.stop();
  },
  states: async ({ wallet, language }, use) => {
    await use(new PaymentStatesPage(wallet, language));
  },
});

/**
 * With a passcode set more than a minute ago (the sandbox's clock moved 61 s), the payment is reviewed and Pay
 * pressed: the passcode is asked for before it is sent, and the customer cancels the prompt.
 */
async function payAndCancelThePrompt(states: PaymentStatesPage, harness: Harness, context: BrowserContext) {
  await states.signInWithAccount(context);
  await harness.core.value('setPasscode', { next: PASSCODE });
  harness.sandbox.clock.advanceSeconds(61);
  await states.payTo(PAYMENT);
  const prompt = states.presencePrompt();
  await expect(prompt).toBeVisible();
  expect(harness.sandbox.initiations()).toHaveLength(0);
  await prompt.getByRole('button', { name: states.words.cancel }).click();
  await expect(prompt).toBeHidden();
  return prompt;
}

// The app's default window (main/window): what the README's pictures show.
test.use({ viewport: { width: 1024, height: 760 } });

for (const language of ['en', 'is'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Icelandic'}`, () => {
    test.use({ language });

    test.describe('a cancelled passcode prompt', () => {
      test('says confirmed, not sent, holds its share, and Don’t send drops it and frees it', async ({
        states,
        harness,
        context,
      }) => {
        await payAndCancelThePrompt(states, harness, context);

        await states.expectShown('notSent');
        await states.expectActions(['send', 'dontSend']);
        await expect(states.meter().getByTestId('limit-held')).toHaveText(states.words.held1500);
        await expect(states.meter().getByTestId('limit-uncertain')).toHaveCount(0);
        expect(harness.sandbox.initiations()).toHaveLength(0);
        await states.wallet.expectAccessible();
        await states.screenshot('not-sent');

        await states.action('dontSend').click();
        await states.expectShown('dropped');
        await expect(states.meter().getByTestId('limit-held')).toHaveCount(0);
        await expect(states.meter()).toContainText(states.words.allLeft);
        expect(harness.sandbox.initiations()).toHaveLength(0);
      });

      test('Send it asks for the passcode and pays once', async ({ states, harness, context }) => {
        const prompt = await payAndCancelThePrompt(states, harness, context);
        await states.expectShown('notSent');

        await states.action('send').click();
        await expect(prompt).toBeVisible();
        await prompt.getByLabel(states.words.passcode).fill(PASSCODE);
        await prompt.getByRole('button', { name: states.words.confirmAndPay }).click();
        await expect(states.status()).toHaveAttribute('data-shown', /^(accepted|settled)$/);
        await expect(states.meter().getByTestId('limit-held')).toHaveCount(0);
        expect(harness.sandbox.initiations()).toHaveLength(1);
      });
    });

    test.describe('a lost answer', () => {
      test('in History, its details offer Check now and say when the app asks next by itself', async ({
        states,
        harness,
        context,
      }) => {
        await states.signInWithAccount(context);
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
        await states.payTo(PAYMENT);
        await states.expectShown('unknown');

        const detail = await states.openNewestInHistory();
        await states.expectShown('unknown');
        await states.expectActions(['checkNow']);
        await expect(detail.getByTestId('next-check')).toHaveText(states.words.nextCheck);
        await states.wallet.expectAccessible();
        await states.screenshot('unknown-next-check');

        await states.action('checkNow').click();
        await expect(states.status()).toHaveAttribute('data-shown', /^(accepted|settled)$/);
        expect(harness.sandbox.initiations()).toHaveLength(1);
      });

      test('settles by itself once the clock moves 15 s, with a notification', async ({ states, harness, context }) => {
        await states.signInWithAccount(context);
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
        await states.payTo(PAYMENT);
        await states.expectShown('unknown');
        await expect(states.meter().getByTestId('limit-uncertain')).toHaveText(states.words.uncertain);
        const notification = states.page.getByTestId('harness-notification');
        await expect(notification).toHaveCount(0);

        // No call from the page: the core follows up when its clock has moved.
        harness.sandbox.clock.advanceSeconds(15);
        await expect(states.status()).toHaveAttribute('data-shown', /^(accepted|settled)$/);
        await expect(notification).toBeVisible();
        await expect(notification).toHaveAttribute('role', 'status');
        await expect(notification.locator('strong')).toHaveText(states.words.outcomeNotice);
        await expect(states.meter().getByTestId('limit-uncertain')).toHaveCount(0);
        expect(harness.sandbox.initiations()).toHaveLength(1);
      });
    });

    test.describe('after 24 hours', () => {
      test('the app can no longer ask: the customer’s word is taken, and History shows it as theirs', async ({
        states,
        harness,
        context,
      }) => {
        await states.signInWithAccount(context);
        // The answer is lost, and every later ask with the same request id too.
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1_000_000 });
        await states.payTo(PAYMENT);
        await states.expectShown('unknown');

        harness.sandbox.clock.advanceSeconds(25 * 60 * 60);
        await states.expectShown('unknownTooLate');
        await states.expectActions(['declarePaid', 'declareNotPaid']);
        await expect(states.status().getByTestId('next-check')).toHaveCount(0);
        await states.wallet.expectAccessible();
        await states.screenshot('unknown-too-late');

        await states.action('declarePaid').click();
        await states.expectShown('declaredPaid');
        await states.expectActions(['declareNotPaid']);

        const detail = await states.openNewestInHistory();
        await states.expectShown('declaredPaid');
        await expect(detail.locator('.history-badge')).toHaveText(states.words.declaredPaidBadge);
        await states.wallet.expectAccessible();
        await states.screenshot('declared-paid');
        await states.page.keyboard.press('Escape');
        await expect(states.page.getByTestId('history-row').first()).toContainText(states.words.declaredPaidBadge);
      });
    });

    test('the duplicate warning of a payment whose outcome is not known says so, never that it was paid', async ({
      states,
      harness,
      context,
    }) => {
      await states.signInWithAccount(context);
      harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
      await states.payTo(PAYMENT);
      await states.expectShown('unknown');

      // Away and back: the form has the unknown payment's draft still, to review again.
      await states.go('history');
      await states.go('pay');
      await expect(states.page.getByTestId('amount')).toHaveValue(/^1[.,]500$/);
      await states.page.getByRole('button', { name: states.words.review }).click();
      const warning = states.page.getByTestId('duplicate-warning');
      await expect(warning).toContainText(states.words.duplicateUnknown);
      await expect(warning).not.toContainText(states.words.youPaid);
    });

    test.describe('sending', () => {
      test('a slow bank: sending, then past 5 s slow with the same request id, never “nothing sent”', async ({
        states,
        harness,
        context,
        page,
      }) => {
        // The page's timers (the "so far" of the status) move when the test says; the bank answers 4 s late.
        await page.clock.install();
        await states.signInWithAccount(context);
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 4_000 });
        await states.review(PAYMENT);
        await states.record();
        await states.pay();
        await states.expectShown('sending');

        await page.clock.fastForward(4_000);
        await states.expectShown('sending');
        await page.clock.fastForward(2_000);
        await states.expectShown('slow');
        await expect(states.text()).toContainText(states.words.sameRequestId);
        await states.screenshot('slow');

        await expect(states.status()).toHaveAttribute('data-shown', /^(accepted|settled)$/, { timeout: 15_000 });
        const seen = await states.recorded();
        expect(seen.shown.slice(0, 2)).toEqual(['sending', 'slow']);
        expect(seen.shown.slice(2).every((shown) => shown === 'accepted' || shown === 'settled')).toBe(true);
        expect(seen.saidNothingSent).toEqual([]);
        expect(harness.sandbox.initiations()).toHaveLength(1);
      });
    });

    test.describe('sending, with the app’s own retries', () => {
      test.use({ appRetries: true });

      test('the bank fails twice: slow while the app retries with the same request id, then paid once', async ({
        states,
        harness,
        context,
      }) => {
        await states.signInWithAccount(context);
        harness.sandbox.faults.add({ route: 'payments.create', kind: 'status500', count: 2 });
        await states.review(PAYMENT);
        await states.record();
        await states.pay();
        await states.expectShown('slow');
        await expect(states.text()).toContainText(states.words.sameRequestId);

        await expect(states.status()).toHaveAttribute('data-shown', /^(accepted|settled)$/);
        const seen = await states.recorded();
        expect(seen.shown.filter((shown) => !/^(sending|slow|accepted|settled)$/.test(shown))).toEqual([]);
        expect(seen.saidNothingSent).toEqual([]);
        const sends = harness.sandbox
          .requests()
          .filter((request) => request.method === 'POST' && request.path === INITIATIONS_PATH);
        expect(sends).toHaveLength(3);
        expect(new Set(sends.map((request) => request.requestId)).size).toBe(1);
        expect(harness.sandbox.initiations()).toHaveLength(1);
      });
    });
  });
}
