import { mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PaymentDraft } from '../../common/payment.ts';
import { App } from '../../renderer/src/App.tsx';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import type { InProcessWallet } from '../support/in-process-wallet.ts';
import { paymentRecord, seedPayments, storePath } from '../support/seed-payments.ts';
import { historyListShows } from './history-layout.ts';
import { walletsPerTest } from './render-app.tsx';

/**
 * History's first page brings what was spent (issue 41, item 3): opening History asks main once, `historyPage` with
 * the integrity and the spending, and the Spending section shows that answer; it asks `spendingSummary` itself only
 * when something moved on (a payment changed, the chosen days) after the page was asked for.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
historyListShows(10);
const at = (iso: string) => Date.parse(iso);

/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ') ?? '';

/** Today 12 500 paid to Björn. */
const seeded = (core: InProcessWallet) =>
  seedPayments(core, [
    paymentRecord(1, { state: 'settled', createdAt: at('2026-11-22T10:00:00Z'), order: { amount: 12_500 } }),
  ]);

async function openHistory(core: InProcessWallet) {
  const store = createAppStore(core.api, 'en');
  store.setState({ screen: 'history' });
  render(<App wallet={core.api} store={store} />);
  await screen.findByRole('heading', { name: 'History' });
  screen.getByTestId('spending').setAttribute('open', '');
}

describe('History’s first page', () => {
  it('brings what was spent: the Spending section shows it and asks nothing of its own', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await seeded(core);
    await openHistory(core);
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 12,500'));
    await screen.findByTestId('history-row');
    await core.wallet.idle();

    expect(core.requests('spendingSummary')).toEqual([]);
    const pages = core.requests('historyPage');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ withIntegrity: true, withSpending: {} });
  });

  it('answers with the same summary as spendingSummary, and leaves it out when not asked', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await seeded(core);
    const page = await core.value('historyPage', { withSpending: {} });
    expect(page.spending).toEqual(await core.value('spendingSummary', {}));
    const range = { from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') };
    const ranged = await core.value('historyPage', { withSpending: { range } });
    expect(ranged.spending).toEqual(await core.value('spendingSummary', { range }));
    expect(ranged.spending?.range?.spent).toBe(12_500);
    expect(await core.value('historyPage', {})).not.toHaveProperty('spending');
  });

  it('asks again for a payment that changed while the page was on its way', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await seeded(core);
    const release = core.hold('historyPage');
    await openHistory(core);
    await waitFor(() => expect(core.requests('historyPage')).toHaveLength(1));
    expect(core.requests('spendingSummary')).toEqual([]);

    const draft: PaymentDraft = {
      debtorAccount: '0133-26-012345',
      depositKennitala: '0507922189',
      depositAccount: '0133-26-020001',
      amount: '4500',
      endToEndId: 'Rent',
      payeeName: 'Björn',
    };
    const confirmed = await core.value('confirmPayment', { draft });
    await core.value('submitPayment', { id: confirmed.id });
    await core.wallet.idle();
    await waitFor(() => expect(core.requests('spendingSummary').length).toBeGreaterThan(0));
    release();
    // The page's summary may be from before the payment: the one asked after it is what stays on screen.
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 17,000'));
    await screen.findAllByTestId('history-row');
    await core.wallet.idle();
    expect(text(screen.getByTestId('spending-today'))).toBe('TodaySpent ISK 17,000');
  });

  it('says the spending could not be read when the first page fails, and shows it once the list is tried again', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await seeded(core);
    // The store cannot be read when the app starts (a folder where the file should be).
    await core.wallet.close();
    const journal = await storePath(core);
    renameSync(journal, `${journal}.aside`);
    mkdirSync(journal);
    await core.restart();
    const user = userEvent.setup();
    await openHistory(core);
    const alert = await screen.findByTestId('history-error');
    expect(await screen.findByTestId('spending-error')).toBeTruthy();
    rmdirSync(journal);
    renameSync(`${journal}.aside`, journal);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 12,500'));
    expect(screen.queryByTestId('spending-error')).toBeNull();
    expect(core.requests('spendingSummary')).toEqual([]);
    expect(core.requests('historyPage').map((page) => page.withSpending)).toEqual([{}, {}]);
  });
});
