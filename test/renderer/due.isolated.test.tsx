import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Notice } from '../../main/payments/outcome-notice.ts';
import { App } from '../../renderer/src/App.tsx';
import { formatDueDate } from '../../renderer/src/i18n/due-dates.ts';
import { translate } from '../../renderer/src/i18n/index.ts';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { draftFrom, type InProcessWallet } from '../support/in-process-wallet.ts';
import { intlWithout } from './intl-without.ts';
import {
  ANNAS_ACCOUNT,
  answeredResult,
  expectAxeClean,
  type OpenOptions,
  renderApp,
  walletsPerTest,
} from './render-app.tsx';

/**
 * Payments that come due (issue 29) on the Pay screen, over the real core: the Due list and its actions, the schedule
 * editor of the pay form, the address book's "Schedule a payment" and a notification's click. Main's clock (the
 * sandbox's) is moved to make payments overdue; the renderer reckons every date from main's day.
 */

/** Noon GMT on Sunday 22 November 2026. */
const NOON = '2026-11-22T12:00:00.000Z';
const wallets = walletsPerTest(NOON);
const signedIn = (options: OpenOptions = {}) =>
  wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], ...options });
afterEach(() => vi.unstubAllGlobals());

/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
/** The app's words in `locale`, as the tests of both languages read them. */
const wordsIn =
  (locale: AppLocale) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
    translate(locale, key, params);

const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });
const monthly31 = { kind: 'monthly', day: 31, start: '2026-11-23' } as const;

async function saveDue(core: InProcessWallet, schedule: RequestOf<'saveDue'>['schedule'] = monthly31) {
  const saved = await core.value('saveDue', { draft: rent, schedule });
  expect(saved.scheduleErrors).toBeUndefined();
  return saved.id ?? '';
}

/** Main's clock at noon GMT of `date`; signed in again where the 90 days have passed. */
async function moveTo(core: InProcessWallet, date: string) {
  core.sandbox.clock.set(`${date}T12:00:00.000Z`);
  await core.wallet.idle();
  if (!(await core.value('sessionStatus')).signedIn) await core.value('signIn');
}

const rows = () => within(screen.getByTestId('due-list')).getAllByTestId('due-item');
const history = async (core: InProcessWallet) => (await core.value('historyPage', {})).items;

describe('the Due list', () => {
  it.each(['en', 'is'] as const)(
    'shows a repeat on the 31st with its next dates, then overdue months, paid once from the list (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn({ language });
      await saveDue(core);
      const { container } = await renderApp(core);
      const list = await screen.findByRole('region', { name: w('due.title') });
      expect(within(list).getByRole('heading', { name: w('due.title') })).toBeTruthy();
      const [row] = rows();
      expect(text(row)).toContain('Björn Sigurðsson');
      expect(text(row)).not.toContain('050792');
      expect(text(row)).toMatch(language === 'en' ? /ISK 25,000/ : /25\.000 kr\./);
      if (language === 'en') {
        expect(text(row)).toContain('Next: Mon 30 Nov');
        expect(text(row)).toContain('Every month on the 31st');
        expect(text(within(row!).getByTestId('due-next'))).toBe('Next dates: Mon 30 Nov; Thu 31 Dec; Sun, 31 Jan 2027');
      } else {
        expect(text(row)).toContain('Næst: mán., 30. nóv.');
        expect(text(row)).toContain('Í hverjum mánuði þann 31.');
        expect(text(within(row!).getByTestId('due-next'))).toBe(
          'Næstu gjalddagar: mán., 30. nóv.; fim., 31. des.; sun., 31. jan. 2027',
        );
      }
      await expectAxeClean(container);
    },
  );

  it.each(['en', 'is'] as const)(
    'after three months closed: overdue rows; Pay now reviews and pays the oldest, once (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn({ language });
      const id = await saveDue(core);
      await moveTo(core, '2027-02-28');
      const { user } = await renderApp(core);
      await screen.findByTestId('due-list');
      const [row] = rows();
      const states = within(row!)
        .getAllByTestId('due-state')
        .map((line) => text(line));
      expect(states).toEqual(
        language === 'en'
          ? ['Overdue since 30 Nov 2026 (3 payments)', 'Due today']
          : ['Fyrsti gjalddagi var 30. nóv. 2026 (3 greiðslur)', 'Á gjalddaga í dag'],
      );
      expect(await history(core)).toEqual([]);

      await user.click(within(row!).getByRole('button', { name: new RegExp(`^${w('due.payNow')}: Leiga, Björn`) }));
      const review = await screen.findByRole('region', { name: w('review.title') });
      expect(text(within(review).getByTestId('review-to'))).toContain('Björn Sigurðsson');
      expect(text(within(review).getByTestId('review-due'))).toBe(
        w('due.review', { when: formatDueDate('2026-11-30', language) }),
      );
      await user.dblClick(within(review).getByRole('button', { name: /^(Pay|Greiða) / }));
      await answeredResult();
      expect(core.requests('confirmPayment')).toHaveLength(1);
      expect(core.requests('confirmPayment')[0]).toMatchObject({ due: { id, date: '2026-11-30' } });
      expect(await history(core)).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: w('result.newPayment') }));
      await waitFor(() =>
        expect(text(rows()[0]!.querySelector('[data-testid="due-state"]'))).toBe(
          language === 'en'
            ? 'Overdue since 31 Dec 2026 (2 payments)'
            : 'Fyrsti gjalddagi var 31. des. 2026 (2 greiðslur)',
        ),
      );
      expect(await history(core)).toHaveLength(1);
    },
  );

  it.each(['en', 'is'] as const)(
    'skips the open one after asking what is skipped (payee, amount, date), Cancel focused first (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn({ language });
      await saveDue(core, { kind: 'weekly', weekday: 7, start: '2026-11-22' });
      const { user } = await renderApp(core);
      await screen.findByTestId('due-list');
      expect(text(rows()[0])).toContain(w('due.dueToday'));
      const skip = new RegExp(`^${w('due.skip')}: Leiga, Björn Sigurðsson`);
      await user.click(screen.getByRole('button', { name: skip }));
      const dialog = await screen.findByRole('dialog', { name: w('due.skip.title') });
      // Named as what it is: the rent to Björn, not "the payment of 22 Nov" (issue 42, item 4).
      expect(text(within(dialog).getByTestId('due-question'))).toBe(
        language === 'en'
          ? 'Skip the payment of ISK 25,000 to Björn Sigurðsson, due 22 Nov? It will not be paid.'
          : 'Sleppa greiðslunni (25.000 kr., viðtakandi: Björn Sigurðsson) með gjalddaga 22. nóv.? Hún verður ekki greidd.',
      );
      // The safe choice has the focus: Enter at once skips nothing.
      await waitFor(() => expect(document.activeElement?.textContent).toBe(w('action.cancel')));
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(core.requests('skipDue')).toEqual([]);

      await user.click(screen.getByRole('button', { name: skip }));
      const again = await screen.findByRole('dialog', { name: w('due.skip.title') });
      await user.click(within(again).getByRole('button', { name: w('due.skip.confirm') }));
      expect(
        await screen.findByText(w('due.skipped', { when: language === 'en' ? '22 Nov' : '22. nóv.' })),
      ).toBeTruthy();
      expect(text(rows()[0])).toContain(language === 'en' ? 'Next: Sun 29 Nov' : '29. nóv.');
      expect(document.activeElement?.id).toBe('due-title');
      expect((await core.value('listDue')).items[0]).toMatchObject({ lastHandled: '2026-11-22' });
      expect(await history(core)).toEqual([]);
    },
  );

  it.each(['en', 'is'] as const)(
    'skips every overdue one at once after asking, and leaves the one due today (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn({ language });
      await saveDue(core);
      await moveTo(core, '2027-02-28');
      const { user, container } = await renderApp(core);
      await screen.findByTestId('due-list');
      const label = w('due.skipOverdue', { count: 3 }).replace(/[()]/g, '\\$&');
      const skipAll = new RegExp(`^${label}: Leiga, Björn Sigurðsson`);
      await user.click(within(rows()[0]!).getByRole('button', { name: skipAll }));
      const dialog = await screen.findByRole('dialog', { name: w('due.skipOverdue.title') });
      expect(text(within(dialog).getByTestId('due-question'))).toBe(
        language === 'en'
          ? 'Skip the 3 overdue payments, from 30 Nov 2026 to 31 Jan? None of them will be paid.'
          : 'Sleppa 3 greiðslum með gjalddaga frá 30. nóv. 2026 til 31. jan.? Engin þeirra verður greidd.',
      );
      await expectAxeClean(container);
      // Pressed twice: the question closes at the first, and one skip is sent.
      await user.dblClick(within(dialog).getByRole('button', { name: w('due.skipOverdue.confirm') }));
      expect(
        await screen.findByText(
          language === 'en'
            ? '3 overdue payments, from 30 Nov 2026 to 31 Jan, skipped.'
            : '3 greiðslum með gjalddaga frá 30. nóv. 2026 til 31. jan. var sleppt.',
        ),
      ).toBeTruthy();
      expect(within(rows()[0]!).getAllByTestId('due-state').map(text)).toEqual([w('due.dueToday')]);
      expect(within(rows()[0]!).queryByRole('button', { name: skipAll })).toBeNull();
      expect(core.requests('skipDue')).toEqual([{ id: expect.any(String), date: '2027-01-31' }]);
      expect(document.activeElement?.id).toBe('due-title');
      expect((await core.value('listDue')).items[0]).toMatchObject({
        lastHandled: '2027-01-31',
        overdue: [],
        dueToday: '2027-02-28',
      });
      expect(await history(core)).toEqual([]);
    },
  );

  it('skipping every overdue one skips those it named: one that falls due meanwhile stays', async () => {
    const core = await signedIn();
    await saveDue(core, { kind: 'weekly', weekday: 7, start: '2026-11-22' });
    await moveTo(core, '2026-11-23');
    const { user } = await renderApp(core);
    await screen.findByTestId('due-list');
    // One overdue alone is skipped with Skip: no second button says the same.
    expect(within(rows()[0]!).getAllByTestId('due-state').map(text)).toEqual(['Overdue since 22 Nov']);
    expect(within(rows()[0]!).queryByRole('button', { name: /^Skip all/ })).toBeNull();
    await moveTo(core, '2026-12-12');
    await user.click(await within(rows()[0]!).findByRole('button', { name: /^Skip all 3: Leiga/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip the overdue payments' });
    expect(text(within(dialog).getByTestId('due-question'))).toBe(
      'Skip the 3 overdue payments, from 22 Nov to 6 Dec? None of them will be paid.',
    );
    // Past midnight while the question is open: Sunday 13 December falls due.
    await moveTo(core, '2026-12-14');
    await user.click(within(dialog).getByRole('button', { name: 'Skip them' }));
    expect(await screen.findByText('3 overdue payments, from 22 Nov to 6 Dec, skipped.')).toBeTruthy();
    await waitFor(() =>
      expect(within(rows()[0]!).getAllByTestId('due-state').map(text)).toEqual(['Overdue since 13 Dec']),
    );
    expect((await core.value('listDue')).items[0]).toMatchObject({
      lastHandled: '2026-12-06',
      overdue: ['2026-12-13'],
    });
  });

  it('stops a payment after asking: it leaves the list', async () => {
    const core = await signedIn();
    await saveDue(core);
    const { user } = await renderApp(core);
    await screen.findByTestId('due-list');
    await user.click(screen.getByRole('button', { name: /^Stop: Leiga, Björn Sigurðsson/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop a payment' });
    // Cancel first: nothing happens.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('due-list')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Stop: Leiga, Björn Sigurðsson/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop it' }));
    await waitFor(() => expect(screen.queryByTestId('due-list')).toBeNull());
    expect((await core.value('listDue')).items).toEqual([]);
  });

  it('says when paying today would go over what is left of today’s limit', async () => {
    const core = await signedIn();
    await core.value('submitPayment', {
      id: (await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 190_000, { endToEndId: 'Bíll' }) }))
        .id,
    });
    await saveDue(core, { kind: 'weekly', weekday: 7, start: '2026-11-22' });
    await renderApp(core);
    expect(text(await screen.findByTestId('due-over-limit'))).toBe(
      'More than what is left of today’s limit (ISK 10,000).',
    );
  });

  it('a payment under way offers nothing but the way to it in History', async () => {
    const core = await signedIn();
    await saveDue(core, { kind: 'once', date: '2026-11-22' });
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { user } = await renderApp(core);
    await screen.findByTestId('due-list');
    await user.click(screen.getByRole('button', { name: /^Pay now: / }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK/ }));
    await answeredResult();
    // An outcome not known: the result offers to check again; the Pay screen, opened again, shows the list.
    const nav = screen.getByRole('navigation');
    await user.click(within(nav).getByRole('button', { name: 'History' }));
    await user.click(within(nav).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(text(rows()[0])).toContain('Paying… (waiting for the bank’s answer)'));
    expect(within(rows()[0]!).queryByRole('button', { name: /^Pay now/ })).toBeNull();
    expect(within(rows()[0]!).queryByRole('button', { name: /^Skip/ })).toBeNull();
    await user.click(within(rows()[0]!).getByRole('button', { name: 'See the payment in History' }));
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('a notification’s click shows the Pay screen with the focus on the Due list', async () => {
    const notices: { notice: Notice; click?: () => void }[] = [];
    const core = await signedIn({
      platform: { notify: (notice, click) => void notices.push({ notice, ...(click ? { click } : {}) }) },
    });
    await saveDue(core, { kind: 'weekly', weekday: 7, start: '2026-11-22' });
    const store = createAppStore(core.api, 'en');
    store.setState({ screen: 'history' });
    render(<App wallet={core.api} store={store} />);
    await screen.findByRole('heading', { name: 'History' });
    await core.wallet.tick();
    expect(notices).toHaveLength(1);
    notices[0]?.click?.();
    await waitFor(() => expect(document.activeElement?.id).toBe('due-title'));
    expect(store.getState().screen).toBe('pay');
    expect(text(document.activeElement)).toBe('Payments due');
  });
});

describe('the schedule editor', () => {
  const bjorn = { 'deposit-kennitala': '050792-2189', 'deposit-account': '0133-26-020001', amount: '25000' };

  async function fillForm(user: Awaited<ReturnType<typeof renderApp>>['user']) {
    for (const [testId, value] of Object.entries(bjorn)) await user.type(await screen.findByTestId(testId), value);
  }

  it.each(['en', 'is'] as const)(
    'says a start in the past and a last date before the start at their fields, and saves nothing (%s)',
    async (language) => {
      const w = wordsIn(language);
      const core = await signedIn({ language });
      const { user, container } = await renderApp(core);
      await fillForm(user);
      await user.click(await screen.findByRole('button', { name: w('schedule.open') }));
      const editor = await screen.findByRole('region', { name: w('schedule.title') });
      expect(document.activeElement?.textContent).toBe(w('schedule.title'));
      await user.click(within(editor).getByRole('radio', { name: w('schedule.monthly') }));
      const start = within(editor).getByLabelText(w('schedule.start'));
      await user.clear(start);
      await user.type(start, '21.11.2026');
      await user.click(within(editor).getByRole('radio', { name: w('schedule.end.until') }));
      await user.type(within(editor).getByLabelText(w('schedule.until')), '01.11.2026');
      expect(within(editor).getByText(w('schedule.previewNone'))).toBeTruthy();
      await user.click(within(editor).getByRole('button', { name: w('schedule.save') }));
      expect(await within(editor).findByText(w('schedule.error.in_the_past'))).toBeTruthy();
      expect(within(editor).getByText(w('schedule.error.until_before_start'))).toBeTruthy();
      expect(within(editor).getByLabelText(w('schedule.start')).getAttribute('aria-invalid')).toBe('true');
      expect(within(editor).getByRole('alert').textContent).toBe(w('pay.fixErrors'));
      expect((await core.value('listDue')).items).toEqual([]);
      await expectAxeClean(container);
    },
  );

  it('shows the next dates as they are chosen, saves, clears the form and lists it', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await fillForm(user);
    await user.type(screen.getByTestId('reference'), 'Leiga');
    await user.click(await screen.findByRole('button', { name: 'Pay later or repeat' }));
    const editor = await screen.findByRole('region', { name: 'Pay later or repeat' });
    // Once, tomorrow by default.
    expect(text(within(editor).getByTestId('schedule-preview'))).toContain('Mon 23 Nov');
    await user.click(within(editor).getByRole('radio', { name: 'Every month' }));
    await user.selectOptions(within(editor).getByLabelText('Day of the month'), '31st');
    expect(within(editor).getByText('In a shorter month it is due on the month’s last day.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(editor)
          .getAllByRole('listitem')
          .map((item) => text(item)),
      ).toEqual(['Mon 30 Nov', 'Thu 31 Dec', 'Sun, 31 Jan 2027']),
    );
    await user.click(within(editor).getByRole('radio', { name: 'After a number of payments' }));
    await user.type(within(editor).getByLabelText('Number of payments'), '12');
    await user.click(within(editor).getByRole('button', { name: 'Save as due payment' }));
    expect(await screen.findByText('Saved. It is on the list of payments due.')).toBeTruthy();
    expect(screen.queryByTestId('schedule-editor')).toBeNull();
    expect((screen.getByTestId('deposit-kennitala') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Your account').value).toBe('013326012345');
    expect(text(rows()[0])).toContain('Every month on the 31st, 12 times in all');
    expect((await core.value('listDue')).items[0]).toMatchObject({
      schedule: { kind: 'monthly', day: 31, start: '2026-11-22', times: 12 },
      order: { amount: 25_000, depositAccount: '013326020001', endToEndId: 'Leiga' },
    });
  });

  it('Pay later or repeat can be pressed once main’s day is known, and opens the editor then', async () => {
    const core = await signedIn();
    const release = core.hold('listDue');
    const { user } = await renderApp(core);
    const button = await screen.findByRole('button', { name: 'Pay later or repeat' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // Pressed while main's day is on its way: a person's click waits for the button, as a customer would.
    const pressed = user.click(button);
    release();
    await pressed;
    expect(await screen.findByRole('region', { name: 'Pay later or repeat' })).toBeTruthy();
  });

  it('a week starts on Monday in the weekday picker', async () => {
    const core = await signedIn({ language: 'is' });
    const { user } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: 'Greiða síðar eða endurtaka' }));
    // The editor shows once main's day is known: waited for, not assumed.
    await user.click(await screen.findByRole('radio', { name: 'Vikulega' }));
    const options = within(await screen.findByLabelText('Vikudagur')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'mánudagur',
      'þriðjudagur',
      'miðvikudagur',
      'fimmtudagur',
      'föstudagur',
      'laugardagur',
      'sunnudagur',
    ]);
  });

  it('says the draft’s errors at the pay form’s fields', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-account'), '12-34');
    await user.click(await screen.findByRole('button', { name: 'Pay later or repeat' }));
    await user.click(screen.getByRole('button', { name: 'Save as due payment' }));
    expect(await screen.findByText('An account number is 4 + 2 + 6 digits, like 0133-26-012345.')).toBeTruthy();
    expect(screen.getByTestId('deposit-account').getAttribute('aria-invalid')).toBe('true');
    expect((await core.value('listDue')).items).toEqual([]);
  });

  it('Change opens the editor with the payment; the change is saved', async () => {
    const core = await signedIn();
    await saveDue(core, { kind: 'weekly', weekday: 5, start: '2026-11-22', times: 4 });
    const { user } = await renderApp(core);
    await screen.findByTestId('due-list');
    await user.click(screen.getByRole('button', { name: /^Change: Leiga/ }));
    const editor = await screen.findByRole('region', { name: 'Change a payment due' });
    expect((within(editor).getByLabelText('Weekday') as HTMLSelectElement).value).toBe('5');
    expect((within(editor).getByLabelText('Number of payments') as HTMLInputElement).value).toBe('4');
    expect((screen.getByTestId('deposit-account') as HTMLInputElement).value).toBe('0133-26-020001');
    await user.selectOptions(within(editor).getByLabelText('Weekday'), 'Monday');
    await user.click(within(editor).getByRole('button', { name: 'Save the change' }));
    await waitFor(() => expect(text(rows()[0])).toContain('Every Monday, 4 times in all'));
    expect((await core.value('listDue')).items).toHaveLength(1);
  });

  it('Cancel on a change gives the pay form back what was being written', async () => {
    const core = await signedIn();
    await saveDue(core, { kind: 'weekly', weekday: 5, start: '2026-11-22', times: 4 });
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('amount'), '999');
    await user.type(screen.getByTestId('reference'), 'Mitt');
    await screen.findByTestId('due-list');
    await user.click(screen.getByRole('button', { name: /^Change: Leiga/ }));
    const editor = await screen.findByRole('region', { name: 'Change a payment due' });
    expect((screen.getByTestId('reference') as HTMLInputElement).value).toBe('Leiga');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Change a payment due' })).toBeNull();
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toMatch(/^999$/);
    expect((screen.getByTestId('reference') as HTMLInputElement).value).toBe('Mitt');
    expect((screen.getByTestId('deposit-account') as HTMLInputElement).value).toBe('');
    // Nothing was changed in main.
    expect((await core.value('listDue')).items[0]?.schedule).toMatchObject({ kind: 'weekly', weekday: 5 });
  });

  it('from a saved payee: the address book schedules a payment to them', async () => {
    const core = await signedIn();
    await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
    const { user } = await renderApp(core);
    const book = await screen.findByTestId('address-book');
    book.setAttribute('open', '');
    await user.click(within(book).getByRole('button', { name: 'Schedule a payment: Björn' }));
    expect(await screen.findByRole('region', { name: 'Pay later or repeat' })).toBeTruthy();
    expect((screen.getByTestId('deposit-kennitala') as HTMLInputElement).value).toBe('050792-2189');
    expect((screen.getByTestId('payee-name') as HTMLInputElement).value).toBe('Björn');
  });

  it('a saved payee’s Schedule a payment waits for main’s day as Pay later or repeat does, and then opens the editor', async () => {
    const core = await signedIn();
    await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
    const release = core.hold('listDue');
    const { user } = await renderApp(core);
    const book = await screen.findByTestId('address-book');
    book.setAttribute('open', '');
    const schedule = await within(book).findByRole('button', { name: 'Schedule a payment: Björn' });
    // Pressed before main's day is known, it would fill the form and open nothing.
    expect((schedule as HTMLButtonElement).disabled).toBe(true);
    const pressed = user.click(schedule);
    release();
    await pressed;
    expect(await screen.findByRole('region', { name: 'Pay later or repeat' })).toBeTruthy();
  });
});

describe('due dates without ICU', () => {
  it('are written the same with and without the engine’s Icelandic and English', () => {
    const dates = ['2026-11-30', '2026-12-07', '2027-01-31', '2027-09-01', '2027-05-01', '2026-06-14'];
    const shown = (locale: AppLocale) =>
      dates.flatMap((date) => [
        formatDueDate(date, locale, { today: '2026-11-22' }),
        formatDueDate(date, locale, { weekday: false, today: '2026-11-22' }),
      ]);
    const withIntl = { en: shown('en'), is: shown('is') };
    vi.stubGlobal('Intl', intlWithout('is'));
    expect(shown('is')).toEqual(withIntl.is);
    vi.stubGlobal('Intl', intlWithout('en'));
    expect(shown('en')).toEqual(withIntl.en);
    expect(withIntl.is.slice(0, 4)).toEqual(['mán., 30. nóv.', '30. nóv.', 'mán., 7. des.', '7. des.']);
  });
});
