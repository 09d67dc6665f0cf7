import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../common/time.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { NOON } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 27, focus and keyboard: after every action the focus lands on its result or the next field, never on the
 * page's body (where the next Tab starts again from the top and a screen reader says nothing). Each test walks one
 * action as the customer does it, over the real core, and names where the focus must be.
 */
const wallets = walletsPerTest(NOON);
const PASSCODE = '482916';
const LANGUAGES = ['en', 'is'] as const;
const words = (language: 'en' | 'is') => messages[language];

/** The focus is on this element, and so not lost to the page. */
function expectFocusOn(element: Element) {
  expect(document.activeElement, 'the focus fell to the page').not.toBe(document.body);
  expect(document.activeElement).toBe(element);
}

describe('the skip link', () => {
  it.each(LANGUAGES)(
    'is the first tab stop, shown on focus, and takes the focus to the screen (%s)',
    async (language) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      const { user } = await renderApp(core);
      await screen.findByTestId('amount');
      expect(document.activeElement).toBe(document.body);
      await user.tab();
      const skip = screen.getByRole('link', { name: words(language)['app.skipToMain'] });
      expectFocusOn(skip);
      await user.keyboard('{Enter}');
      expectFocusOn(screen.getByRole('main'));
      // And on from there: the screen's first control, not the navigation.
      await user.tab();
      expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
    },
  );
});

describe('the focus after each action', () => {
  it.each(LANGUAGES)('adding an own account: the new account, chosen in its select (%s)', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', language });
    const { user } = await renderApp(core);
    const w = words(language);
    await user.type(await screen.findByLabelText(w['pay.newAccountNumber']), '0133-26-012345');
    await user.click(screen.getByRole('button', { name: w['pay.saveAccount'] }));
    const select = await screen.findByLabelText<HTMLSelectElement>(w['pay.fromAccount']);
    await waitFor(() => expectFocusOn(select));
    expect(select.value).toBe('013326012345');
  });

  it.each(LANGUAGES)('saving a payee: the confirmation (%s)', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const { user } = await renderApp(core);
    const w = words(language);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.click(await screen.findByRole('button', { name: w['pay.savePayee'] }));
    const saved = await screen.findByText(w['pay.payeeSaved']);
    await waitFor(() => expectFocusOn(saved));
    expect(screen.queryByRole('button', { name: w['pay.savePayee'] })).toBeNull();
  });

  it('signing in: Cancel while waiting, the pay screen’s heading once signed in, Sign in again if cancelled', async () => {
    const core = await wallets.open();
    core.as('anna', { held: true });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expectFocusOn(await screen.findByRole('button', { name: 'Cancel sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    await waitFor(() => expectFocusOn(screen.getByRole('button', { name: 'Sign in' })));

    core.as('anna');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { name: 'Pay' });
    await waitFor(() => expectFocusOn(heading));
  });

  it('signing out: the sign-in screen’s heading', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const heading = await screen.findByRole('heading', { name: 'Sign in with your bank' });
    await waitFor(() => expectFocusOn(heading));
  });

  it.each(LANGUAGES)('unlocking: the field the customer was in, else the screen’s heading (%s)', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    const { user } = await renderApp(core);
    const w = words(language);
    // Locked when the app opened: nothing to go back to, so the screen's heading.
    await user.type(await screen.findByLabelText(w['lock.passcode']), `${PASSCODE}{Enter}`);
    const heading = await screen.findByRole('heading', { name: w['pay.title'] });
    await waitFor(() => expectFocusOn(heading));

    // Locked while typing the amount: back in the amount, with what was typed.
    await user.type(await screen.findByTestId('amount'), '1500');
    await act(() => core.value('lockNow'));
    await user.type(await screen.findByLabelText(w['lock.passcode']), `${PASSCODE}{Enter}`);
    const amount = await screen.findByTestId<HTMLInputElement>('amount');
    await waitFor(() => expectFocusOn(amount));
    expect(amount.value).toBe(language === 'is' ? '1.500' : '1,500');
  });

  it.each(LANGUAGES)('exporting: the message that says where it was saved (%s)', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const { user } = await renderApp(core);
    const w = words(language);
    await user.click(screen.getByRole('button', { name: w['nav.history'] }));
    await user.click(await screen.findByRole('button', { name: w['history.export'] }));
    const status = screen.getByTestId('export-status');
    await waitFor(() => expect(status.textContent).not.toBe(''));
    expectFocusOn(status);
  });

  it.each(LANGUAGES)(
    'clearing History’s filters, from the filters or from “no payments match”: the filters (%s)',
    async (language) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      const { user } = await renderApp(core);
      const w = words(language);
      await user.click(screen.getByRole('button', { name: w['nav.history'] }));
      const filters = await screen.findByRole('search', { name: w['history.filters'] });
      const text = within(filters).getByRole('searchbox', { name: w['history.text'] });

      // The filters' own Clear filters: it goes with the filters it cleared.
      await user.type(text, 'zzz');
      await user.click(within(filters).getByRole('button', { name: w['history.clear'] }));
      await waitFor(() => expectFocusOn(filters));
      expect(text).toHaveProperty('value', '');

      // The one under “no payments match”, once the list has answered.
      await user.type(text, 'zzz');
      const clear = await waitFor(() =>
        within(screen.getByTestId('history-empty')).getByRole('button', { name: w['history.clear'] }),
      );
      await user.click(clear);
      await waitFor(() => expectFocusOn(filters));
    },
  );

  it('exporting, refused: the message that says why', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    core.saveDialog = 'fail';
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: 'Export to CSV' }));
    const error = await screen.findByTestId('export-error');
    await waitFor(() => expectFocusOn(error));
  });

  it.each(LANGUAGES)(
    '“Later” on the last day’s dialog, opened with nothing focused: the banner (%s)',
    async (language) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      wallets.sandbox().clock.advanceSeconds((89.5 * DAY_MS) / 1000);
      const { user } = await renderApp(core);
      const w = words(language);
      await screen.findByTestId('amount');
      await act(() => core.wallet.tick());
      await screen.findByRole('dialog');
      await user.click(screen.getByRole('button', { name: w['grant.later'] }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expectFocusOn(screen.getByTestId('grant-banner'));
    },
  );
});

describe('the pay form from the keyboard', () => {
  it.each(LANGUAGES)(
    'keeps its order: Tab from the payee’s name goes to the amount, valid payee or not (%s)',
    async (language) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      const { user } = await renderApp(core);
      const w = words(language);
      await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
      await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
      // The payee is valid: Save as payee is offered, after the fields.
      await screen.findByRole('button', { name: w['pay.savePayee'] });
      await user.type(screen.getByTestId('payee-name'), 'Björn');
      await user.tab();
      expectFocusOn(screen.getByTestId('amount'));
      await user.keyboard('1500');
      expect(screen.getByTestId<HTMLInputElement>('amount').value).toBe(language === 'is' ? '1.500' : '1,500');
    },
  );

  it.each(LANGUAGES)('takes only what an amount can be: letters are left out, and said (%s)', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const { user } = await renderApp(core);
    const w = words(language);
    const amount = await screen.findByTestId<HTMLInputElement>('amount');
    expect(amount.inputMode).toBe('numeric');
    await user.type(amount, '12a5x00');
    expect(amount.value).toBe(language === 'is' ? '12.500' : '12,500');
    expect(screen.getByText(w['pay.amountDigitsOnly'], { selector: '.hint' })).toBeTruthy();
    expect(screen.getByTestId('amount-refused').textContent).toBe(w['pay.amountDigitsOnly']);
    // It stays while the customer types there, and goes when they leave the field.
    await user.tab();
    expect(screen.getByTestId('amount-refused').textContent).toBe('');
    expect(screen.getByText(w['pay.amountHint'])).toBeTruthy();
    // Pasted grouping (either language's) and spaces are an amount; a pasted currency is not.
    await user.clear(amount);
    await user.paste('ISK 12 500');
    expect(amount.value).toBe(language === 'is' ? '12.500' : '12,500');
  });
});
