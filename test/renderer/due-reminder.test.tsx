import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppLocale } from '../../common/locale.ts';
import { translate } from '../../renderer/src/i18n/index.ts';
import { draftFrom, type InProcessWallet } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Reminders ahead of a payment that comes due, and what is coming up (issue 42, item 12), on the Pay screen over the
 * real core: the schedule editor's "Remind me" saved with the payment and shown again on Change, and the Due list's
 * "Coming up" part (payee, amount and date of the next seven days), in both languages.
 */

/** Noon GMT on Sunday 22 November 2026. */
const NOON = '2026-11-22T12:00:00.000Z';
const wallets = walletsPerTest(NOON);
const signedIn = (language: AppLocale) => wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });

/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
const wordsIn =
  (locale: AppLocale) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
    translate(locale, key, params);

const rows = () => within(screen.getByTestId('due-list')).getAllByTestId('due-item');

describe('Remind me, in the schedule editor', () => {
  it.each(['en', 'is'] as const)(
    'saved with the payment, said on its row, shown again on Change (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn(language);
      const { user, container } = await renderApp(core);
      const fields = { 'deposit-kennitala': '050792-2189', 'deposit-account': '0133-26-020001', amount: '25000' };
      for (const [testId, value] of Object.entries(fields)) await user.type(await screen.findByTestId(testId), value);
      await user.click(await screen.findByRole('button', { name: w('schedule.open') }));
      const editor = await screen.findByRole('region', { name: w('schedule.title') });
      const remind = within(editor).getByLabelText<HTMLSelectElement>(w('schedule.remind'));
      // Off unless chosen; the four choices in order.
      expect(remind.value).toBe('0');
      expect(
        within(remind)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(
        language === 'en'
          ? ['Off', '1 day before', '3 days before', '7 days before']
          : ['Engin', 'Daginn áður', '3 dögum áður', '7 dögum áður'],
      );
      await user.selectOptions(remind, w('schedule.remind.days', { days: 3 }));
      await expectAxeClean(container);
      await user.click(within(editor).getByRole('button', { name: w('schedule.save') }));
      expect(await screen.findByText(w('due.saved'))).toBeTruthy();
      expect((await core.value('listDue')).items[0]?.remind).toBe(3);
      expect(text(within(rows()[0]!).getByTestId('due-remind'))).toBe(
        language === 'en' ? 'Reminder 3 days before' : 'Áminning 3 dögum áður',
      );

      // Change: the choice is there again; turned off, it is saved off.
      await user.click(within(rows()[0]!).getByRole('button', { name: new RegExp(`^${w('due.change')}: `) }));
      const change = await screen.findByRole('region', { name: w('schedule.changeTitle') });
      const again = within(change).getByLabelText<HTMLSelectElement>(w('schedule.remind'));
      expect(again.value).toBe('3');
      await user.selectOptions(again, w('schedule.remind.off'));
      await user.click(within(change).getByRole('button', { name: w('schedule.saveChange') }));
      await waitFor(() => expect(within(rows()[0]!).queryByTestId('due-remind')).toBeNull());
      expect((await core.value('listDue')).items[0]?.remind).toBeUndefined();
    },
  );
});

async function saveThree(core: InProcessWallet) {
  const saves = [
    // Friday 27 November, and every Friday.
    {
      draft: draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' }),
      schedule: { kind: 'weekly', weekday: 5, start: '2026-11-22' },
    },
    // Tuesday 24 November, once.
    {
      draft: draftFrom('anna', 'bjorn', 4_500, { payeeName: 'Rafveitan' }),
      schedule: { kind: 'once', date: '2026-11-24' },
    },
    // Monday 30 November: eight days ahead, not yet coming up.
    {
      draft: draftFrom('anna', 'bjorn', 9_900, { payeeName: 'Síminn' }),
      schedule: { kind: 'monthly', day: 30, start: '2026-11-22' },
    },
  ] as const;
  for (const save of saves) expect((await core.value('saveDue', save)).errors).toBeUndefined();
}

describe('Coming up, on the Due list', () => {
  it.each([
    [
      'en',
      'Coming up (next 7 days)',
      ['Tue 24 Nov Rafveitan ISK 4,500', 'Fri 27 Nov Björn Sigurðsson ISK 25,000'],
      ['Fri 27 Nov Björn Sigurðsson ISK 25,000', 'Mon 30 Nov Síminn ISK 9,900'],
    ],
    [
      'is',
      'Á næstunni (næstu 7 daga)',
      ['þri., 24. nóv. Rafveitan 4.500 kr.', 'fös., 27. nóv. Björn Sigurðsson 25.000 kr.'],
      ['fös., 27. nóv. Björn Sigurðsson 25.000 kr.', 'mán., 30. nóv. Síminn 9.900 kr.'],
    ],
  ] as const)(
    'the next seven days: payee, amount and date, soonest first; a new day moves it on (%s)',
    async (language, title, before, after) => {
      const core = await signedIn(language);
      await saveThree(core);
      const { container } = await renderApp(core);
      const coming = await screen.findByRole('region', { name: title });
      const lines = () =>
        within(screen.getByTestId('due-coming'))
          .getAllByRole('listitem')
          .map((line) => Array.from(line.children, (part) => text(part)).join(' '));
      expect(lines()).toEqual(before);
      expect(text(coming)).not.toContain('050792');
      await expectAxeClean(container);

      // Tuesday: the 24th is due today (a row of its own, not coming up), and the 30th is within the seven days.
      core.sandbox.clock.set('2026-11-24T12:00:00.000Z');
      await core.wallet.idle();
      await waitFor(() => expect(lines()).toEqual(after));
    },
  );

  it('nothing in the next seven days: no Coming up part', async () => {
    const core = await signedIn('en');
    await core.value('saveDue', {
      draft: draftFrom('anna', 'bjorn', 9_900),
      schedule: { kind: 'once', date: '2026-12-15' },
    });
    await renderApp(core);
    await screen.findByTestId('due-list');
    expect(screen.queryByTestId('due-coming')).toBeNull();
  });
});
