import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../renderer/src/i18n/format.ts';
import { draftFrom, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 19: when the app learns a payment's outcome by itself (the follow-up, on the core's own schedule), the
 * history's badge says so until the history is opened. Driven through the real core: a lost answer at the sandbox,
 * then time.
 */
const wallets = walletsPerTest(NOON);
// jsdom lays nothing out: without a height, the virtualized history list shows no row at all.
historyListShows(5);

/** Anna signed in, with a payment whose answer the network lost (unknown in the app, paid at the bank). */
async function withLostAnswer(language?: 'en' | 'is'): Promise<InProcessWallet> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], ...(language ? { language } : {}) });
  wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
  expect((await core.value('submitPayment', { id })).state).toBe('unknown');
  return core;
}

/** The first wait is over: the core follows up by itself when its clock moves (issue 25); this waits for it. */
async function followUp(core: InProcessWallet): Promise<void> {
  wallets.sandbox().clock.advanceSeconds(15);
  await act(() => core.wallet.idle());
}

describe('the history’s badge', () => {
  it('counts an outcome learned while the history is not open, and goes when it is opened', async () => {
    const core = await withLostAnswer();
    const { user, container } = await renderApp(core);
    expect(screen.queryByTestId('history-badge')).toBeNull();
    await followUp(core);
    const history = await screen.findByRole('button', { name: 'History (1 new)' });
    await expectAxeClean(container);
    await user.click(history);
    await screen.findByRole('heading', { name: 'History' });
    expect(screen.queryByTestId('history-badge')).toBeNull();
    // The outcome it counted, on the payment's own row (the state filter always says "Paid" too, so the row is read,
    // not the screen): the one payment, paid at the bank.
    const [row, ...others] = await screen.findAllByTestId('history-row');
    expect(others).toHaveLength(0);
    expect(row?.querySelector('.history-amount')?.textContent?.replace(/\s/g, ' ')).toBe('ISK 1,500');
    expect(within(row!).getByText('Paid').className).toContain('state-settled');
  });

  it('shows nothing new while the history is on screen: the row changes in place', async () => {
    const core = await withLostAnswer();
    const { user, store } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('heading', { name: 'History' });
    await followUp(core);
    await waitFor(() => expect(store.getState().paymentChange?.state).toBe('settled'));
    expect(screen.queryByTestId('history-badge')).toBeNull();
  });

  it('says it in Icelandic', async () => {
    const core = await withLostAnswer('is');
    await renderApp(core);
    await followUp(core);
    expect(await screen.findByRole('button', { name: 'Saga (1 ný)' })).toBeTruthy();
  });
});

describe('when the app tries to send an unknown payment next (the same request id)', () => {
  it.each([
    { language: 'en' as const, history: 'History', today: /^The app tries to send it again by itself at \d\d:\d\d/ },
    { language: 'is' as const, history: 'Saga', today: /^Forritið reynir sjálft að senda hana aftur kl\. \d\d:\d\d/ },
  ])('says the day when it is not today, and "kl." only before a time ($language)', async (expected) => {
    // Ten seconds before midnight on the customer's own clock: the first wait (15 s) ends tomorrow.
    const late = new Date(2026, 10, 22, 23, 59, 50).getTime();
    wallets.sandbox().clock.set(late);
    const core = await withLostAnswer(expected.language);
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: expected.history }));
    await user.click((await screen.findAllByTestId('history-row'))[0]!);
    const next = (await screen.findByTestId('next-check')).textContent ?? '';
    expect(next).toContain(formatDate(late + 15_000, expected.language));
    expect(next).not.toMatch(expected.today);
    expect(next).not.toMatch(/\bkl\.(?!\s\d{1,2}:\d{2})/);
  });

  it('says the time alone when it is today', async () => {
    const core = await withLostAnswer();
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click((await screen.findAllByTestId('history-row'))[0]!);
    expect((await screen.findByTestId('next-check')).textContent).toMatch(
      /^The app tries to send it again by itself at \d\d:\d\d:\d\d\.$/,
    );
  });
});
