import { draftFrom } from '../../support/in-process-wallet.ts';
import { fits, SIZES } from '../pages/window-sizes.ts';
import { expect, test } from './fixtures.ts';

/**
 * Payments that come due (issue 29) in Chromium: the Due list above the pay form with payments overdue, due today
 * and next, Skip all of those overdue, and the schedule editor, in English and Icelandic, at the default window and
 * at 200 % zoom; a payment paid from the list. The payments were set up earlier through the core, and main's clock moved on three weeks.
 */

const WORDS = {
  en: {
    due: 'Payments due',
    open: 'Pay later or repeat',
    monthly: 'Every month',
    day: 'Day of the month',
    times: 'After a number of payments',
    count: 'Number of payments',
    payNow: /^Pay now: Leiga, Björn Sigurðsson/,
    skipAll: /^Skip all 3: Þrif/,
    skipAllTitle: 'Skip the overdue payments',
    skipAllQuestion: 'Skip the 3 overdue payments, from 27 Nov to 11 Dec? None of them will be paid.',
    skip: /^Skip: Bíll, Bílasala Björns/,
    skipTitle: 'Skip a payment',
    skipQuestion: /^Skip the payment of ISK\s180,000 to Bílasala Björns, due 15 Dec\? It will not be paid\.$/,
    cancel: 'Cancel',
  },
  is: {
    due: 'Greiðslur á gjalddaga',
    open: 'Greiða síðar eða endurtaka',
    monthly: 'Mánaðarlega',
    day: 'Dagur mánaðarins',
    times: 'Eftir tiltekinn fjölda greiðslna',
    count: 'Fjöldi greiðslna',
    payNow: /^Greiða núna: Leiga, Björn Sigurðsson/,
    skipAll: /^Sleppa öllum \(3\): Þrif/,
    skipAllTitle: 'Sleppa ógreiddum greiðslum frá fyrri gjalddögum',
    skipAllQuestion: 'Sleppa 3 greiðslum með gjalddaga frá 27. nóv. til 11. des.? Engin þeirra verður greidd.',
    skip: /^Sleppa: Bíll, Bílasala Björns/,
    skipTitle: 'Sleppa greiðslu',
    skipQuestion:
      /^Sleppa greiðslunni \(180\.000\skr\., viðtakandi: Bílasala Björns\) með gjalddaga 15\. des\.\? Hún verður ekki greidd\.$/,
    cancel: 'Hætta við',
  },
} as const;

test.describe('Payments that come due', () => {
  test('the Due list and the schedule editor, in English and Icelandic, at 1024x760 and 200 %', async ({
    wallet,
    harness,
    context,
  }) => {
    test.setTimeout(60_000);
    const page = wallet.page;
    await wallet.signInWithAccount(context, 'anna');
    const core = harness.core;
    // Set up on Sunday 22 November: rent on the 31st, a weekly on Fridays, and one with no name, once.
    const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });
    await core.value('saveDue', { draft: rent, schedule: { kind: 'monthly', day: 31, start: '2026-11-23' } });
    await core.value('saveDue', {
      draft: draftFrom('anna', 'bjorn', 3_500, { endToEndId: 'Þrif', payeeName: '' }),
      schedule: { kind: 'weekly', weekday: 5, start: '2026-11-22', times: 12 },
    });
    await core.value('saveDue', {
      draft: draftFrom('anna', 'bjorn', 180_000, { endToEndId: 'Bíll', payeeName: 'Bílasala Björns' }),
      schedule: { kind: 'once', date: '2026-12-15' },
    });
    // Three weeks later: the 30th and three Fridays have passed, the car is due today and over what is left.
    harness.sandbox.clock.set('2026-12-15T12:00:00.000Z');
    await core.wallet.idle();
    await core.value('submitPayment', {
      id: (await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 30_000, { endToEndId: 'X' }) })).id,
    });

    for (const [size, viewport] of SIZES)
      for (const language of ['en', 'is'] as const) {
        const words = WORDS[language];
        await page.setViewportSize(viewport);
        await core.value('updateSettings', { language });
        await page.reload();
        const list = page.getByRole('region', { name: words.due });
        await expect(list.getByTestId('due-item')).toHaveCount(3);
        await expect(list.getByTestId('due-over-limit')).toHaveCount(1);
        await expect(list).not.toContainText('050792');
        await fits(wallet, size);
        await wallet.screenshot(`due-list-${language}-${size}`);

        // Skip all, asked first: the three Fridays passed, named by their first and last date.
        await list.getByRole('button', { name: words.skipAll }).click();
        const question = page.getByRole('dialog', { name: words.skipAllTitle });
        await expect(question.getByTestId('due-question')).toHaveText(words.skipAllQuestion);
        await fits(wallet, size);
        await wallet.screenshot(`due-skip-overdue-${language}-${size}`);
        await question.getByRole('button', { name: words.cancel }).click();

        // Skip one, asked first: the question names payee, amount and date, and Cancel has the focus, so Enter at
        // once skips nothing (issue 42, item 4).
        await list.getByRole('button', { name: words.skip }).click();
        const skipOne = page.getByRole('dialog', { name: words.skipTitle });
        await expect(skipOne.getByTestId('due-question')).toHaveText(words.skipQuestion);
        await expect(skipOne.getByRole('button', { name: words.cancel })).toBeFocused();
        await fits(wallet, size);
        await wallet.screenshot(`due-skip-one-${language}-${size}`);
        await page.keyboard.press('Enter');
        await expect(skipOne).toBeHidden();
        expect(harness.core.requests('skipDue')).toEqual([]);

        // The schedule editor, filled as a monthly payment of twelve.
        await page.getByTestId('deposit-kennitala').fill('050792-2189');
        await page.getByTestId('deposit-account').fill('0133-26-020001');
        await page.getByTestId('amount').fill('25000');
        await page.getByRole('button', { name: words.open }).click();
        const editor = page.getByTestId('schedule-editor');
        await editor.getByRole('radio', { name: words.monthly }).check();
        await editor.getByLabel(words.day).selectOption('31');
        await editor.getByRole('radio', { name: words.times }).check();
        await editor.getByRole('textbox', { name: words.count }).fill('12');
        await expect(editor.getByTestId('schedule-preview').getByRole('listitem')).toHaveCount(3);
        await editor.scrollIntoViewIfNeeded();
        await fits(wallet, size);
        await wallet.screenshot(`due-editor-${language}-${size}`);
        await editor.getByRole('button', { name: words.cancel }).click();
      }

    // The Fridays skipped at once: the next one is next; nothing was paid.
    await core.value('updateSettings', { language: 'en' });
    await page.reload();
    await page.getByRole('button', { name: WORDS.en.skipAll }).click();
    await page.getByRole('dialog', { name: WORDS.en.skipAllTitle }).getByRole('button', { name: 'Skip them' }).click();
    const list = page.getByRole('region', { name: WORDS.en.due });
    await expect(list.getByTestId('due-said')).toHaveText('3 overdue payments, from 27 Nov to 11 Dec, skipped.');
    await expect(list.getByTestId('due-item').filter({ hasText: 'Þrif' })).toContainText('Next: Fri 18 Dec');

    // Paid from the list: the review, then the result; the list has one overdue payment fewer.
    await page.getByRole('button', { name: WORDS.en.payNow }).click();
    await expect(page.getByTestId('review-due')).toHaveText('This pays the payment due on Mon, 30 Nov 2026.');
    await wallet.pay();
    await page.getByRole('button', { name: 'New payment' }).click();
    await expect(list.getByTestId('due-item').filter({ hasText: 'Leiga' })).toContainText('Next: Thu 31 Dec');
    const paid = (await core.value('historyPage', {})).items.map((item) => item.order.endToEndId);
    expect(paid.filter((reference) => reference === 'Leiga')).toHaveLength(1);
    expect(paid).not.toContain('Þrif');
  });
});
