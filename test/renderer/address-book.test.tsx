import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const SAVINGS = { accountNumber: '0133-15-998877', label: 'Savings' };

/** Anna with two own accounts and Björn saved as a payee. */
async function annaWithBook() {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT, SAVINGS] });
  await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
  return core;
}

async function openBook(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByText('Saved accounts and payees'));
  return screen.getByTestId('address-book');
}

describe('saved accounts and payees', () => {
  it('renames a payee and an account, with the checks of adding them', async () => {
    const core = await annaWithBook();
    const { user } = await renderApp(core);
    const book = await openBook(user);
    await user.click(within(book).getByRole('button', { name: 'Rename Björn' }));
    await user.clear(screen.getByTestId('book-name'));
    await user.click(within(book).getByRole('button', { name: 'Save' }));
    // Main refuses a payee without a name, as when one is added; nothing changes.
    expect(await within(book).findByText('Give the payee a name.')).toBeTruthy();
    expect(await core.value('listPayees')).toMatchObject([{ name: 'Björn' }]);
    await user.type(screen.getByTestId('book-name'), 'Björn Sigurðsson{Enter}');
    await waitFor(async () => expect(await core.value('listPayees')).toMatchObject([{ name: 'Björn Sigurðsson' }]));
    expect(within(book).getByText('Björn Sigurðsson')).toBeTruthy();
    expect((await screen.findByLabelText('Saved payee')).textContent).toContain('Björn Sigurðsson');

    await user.click(within(book).getByRole('button', { name: 'Rename Savings' }));
    await user.clear(screen.getByTestId('book-name'));
    await user.type(screen.getByTestId('book-name'), 'Rainy day{Enter}');
    await waitFor(async () =>
      expect(await core.value('listAccounts')).toMatchObject([{ label: 'Main' }, { label: 'Rainy day' }]),
    );
    expect(screen.getByLabelText('Your account').textContent).toContain('Rainy day · 0133-15-998877');
  });

  it('removes a payee and an account; the form moves off a removed account', async () => {
    const core = await annaWithBook();
    const { user, store } = await renderApp(core);
    expect((await screen.findByLabelText<HTMLSelectElement>('Your account')).value).toBe('013326012345');
    const book = await openBook(user);
    await user.click(within(book).getByRole('button', { name: 'Remove Björn' }));
    await waitFor(async () => expect(await core.value('listPayees')).toEqual([]));
    expect(screen.queryByLabelText('Saved payee')).toBeNull();
    // The removed entry's button is gone: the focus goes back to the list, not to the page, and the removal is said.
    expect(within(book).getByRole('status').textContent).toBe('Removed Björn.');
    expect(document.activeElement).toBe(within(book).getByText('Saved accounts and payees'));
    await user.click(within(book).getByRole('button', { name: 'Remove Main' }));
    await waitFor(async () => expect(await core.value('listAccounts')).toMatchObject([{ label: 'Savings' }]));
    expect(screen.getByLabelText<HTMLSelectElement>('Your account').value).toBe('013315998877');
    // The draft, not only the list on screen: the review would otherwise pay from the removed account.
    expect(store.getState().draft.debtorAccount).toBe('013315998877');
  });

  it.each([
    ['en', 'Remove Björn', 'Undo: put back Björn', 'Put back: Björn.'],
    ['is', 'Fjarlægja: Björn', 'Afturkalla: setja aftur inn Björn', 'Sett aftur inn: Björn.'],
  ] as const)(
    'a removed payee can be put back, as it was, by the keyboard (%s)',
    async (language, remove, undo, said) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
      const { user } = await renderApp(core);
      const book = await screen.findByTestId('address-book');
      await user.click(book.querySelector('summary') as HTMLElement);
      await user.click(within(book).getByRole('button', { name: remove }));
      await waitFor(async () => expect(await core.value('listPayees')).toEqual([]));
      // Undo is the next tab stop after the list's summary, where the focus went.
      await user.tab();
      expect(document.activeElement).toBe(within(book).getByRole('button', { name: undo }));
      await user.keyboard('{Enter}');
      await waitFor(async () =>
        expect(await core.value('listPayees')).toMatchObject([
          { name: 'Björn', kennitala: '0507922189', accountNumber: '013326020001' },
        ]),
      );
      expect(within(book).getByRole('status').textContent).toBe(said);
      expect(within(book).queryByTestId('book-undo')).toBeNull();
    },
  );
});
