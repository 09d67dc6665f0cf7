import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentDraft } from '../../common/payment.ts';
import { App } from '../../renderer/src/App.tsx';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import type { InProcessWallet } from '../support/in-process-wallet.ts';
import { paymentRecord, seedPayments } from '../support/seed-payments.ts';
import { expectAxeClean, type OpenOptions, walletsPerTest } from './render-app.tsx';

/**
 * The Spending section of the History screen (issue 29) over the real core: payments seeded on disk, the app asking
 * `spendingSummary` as it does in Electron, the totals and the month table read as the customer reads them.
 */

/** 20:48 GMT on Sunday 22 November 2026: the week began on Monday the 16th. */
const EVENING = '2026-11-22T20:48:00.000Z';
const wallets = walletsPerTest(EVENING);
const at = (iso: string) => Date.parse(iso);
const signedIn = (options: OpenOptions = {}) => wallets.open({ signedInAs: 'anna', ...options });

/** Opens the app, signed in, on the history screen, and opens the Spending section. */
async function openHistory(core: InProcessWallet) {
  const { locale } = await core.value('getSettings');
  const store = createAppStore(core.api, locale);
  store.setState({ screen: 'history' });
  const view = render(<App wallet={core.api} store={store} />);
  await screen.findByRole('heading', { name: locale === 'is' ? 'Greiðslusaga' : 'History' });
  const section = screen.getByTestId('spending');
  section.setAttribute('open', '');
  return { ...view, section };
}

/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ') ?? '';
const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((cell) => text(cell));

/**
 * Today 12 500 paid; this week also 3 000 paid and 800 whose outcome was never learnt; this month also 2 000 Anna
 * said went through; September 40 000 paid; a refused 99 999 today that counts for nothing.
 */
const SEEDED = [
  paymentRecord(1, { state: 'settled', createdAt: at('2026-09-15T10:00:00Z'), order: { amount: 40_000 } }),
  paymentRecord(2, { state: 'declaredPaid', createdAt: at('2026-11-03T10:00:00Z'), order: { amount: 2_000 } }),
  paymentRecord(3, { state: 'settled', createdAt: at('2026-11-17T10:00:00Z'), order: { amount: 3_000 } }),
  paymentRecord(4, { state: 'unknown', createdAt: at('2026-11-20T10:00:00Z'), order: { amount: 800 } }),
  paymentRecord(5, { state: 'settled', createdAt: at('2026-11-22T19:00:00Z'), order: { amount: 12_500 } }),
  paymentRecord(6, { state: 'rejected', createdAt: at('2026-11-22T19:30:00Z'), order: { amount: 99_999 } }),
];

describe('Spending on the History screen', () => {
  it('adds up today, this week and this month, with the uncertain and the declared apart, in English', async () => {
    const core = await signedIn();
    await seedPayments(core, SEEDED);
    const { container, section } = await openHistory(core);
    expect(within(section).getByText('Spending').tagName).toBe('SUMMARY');
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 12,500'));
    expect(text(screen.getByTestId('spending-week'))).toBe('This weekSpent ISK 15,500Not known yet ISK 800');
    expect(text(screen.getByTestId('spending-month'))).toBe(
      'This monthSpent ISK 15,500Not known yet ISK 800You said it went through ISK 2,000',
    );
    expect(screen.getByTestId('spending-chart').getAttribute('aria-hidden')).toBe('true');

    const table = screen.getByTestId('spending-table');
    expect(text(table.querySelector('caption'))).toBe('Spending by month');
    expect(cells(table.querySelector('thead tr')!)).toEqual(['Month', 'Spent', 'Not known yet', 'You said']);
    const rows = within(table).getAllByTestId('spending-row');
    expect(rows).toHaveLength(12);
    expect(cells(rows[0]!)).toEqual(['Nov 2026', 'ISK 15,500', 'ISK 800', 'ISK 2,000']);
    expect(cells(rows[1]!)).toEqual(['Oct 2026', 'ISK 0', 'ISK 0', 'ISK 0']);
    expect(cells(rows[2]!)).toEqual(['Sept 2026', 'ISK 40,000', 'ISK 0', 'ISK 0']);
    expect(cells(rows[11]!)).toEqual(['Dec 2025', 'ISK 0', 'ISK 0', 'ISK 0']);
    section.querySelector('.spending-table-toggle')?.setAttribute('open', '');
    await expectAxeClean(container);
  });

  it('says the same in Icelandic', async () => {
    const core = await signedIn({ language: 'is' });
    await seedPayments(core, SEEDED);
    const { section } = await openHistory(core);
    expect(within(section).getByText('Útgjöld').tagName).toBe('SUMMARY');
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('Í dagGreitt 12.500 kr.'));
    expect(text(screen.getByTestId('spending-week'))).toBe('Þessa vikuGreitt 15.500 kr.Óvíst enn 800 kr.');
    expect(text(screen.getByTestId('spending-month'))).toBe(
      'Þennan mánuðGreitt 15.500 kr.Óvíst enn 800 kr.Þú sagðir greitt 2.000 kr.',
    );
    const table = screen.getByTestId('spending-table');
    expect(text(table.querySelector('caption'))).toBe('Útgjöld eftir mánuðum');
    expect(cells(table.querySelector('thead tr')!)).toEqual(['Mánuður', 'Greitt', 'Óvíst enn', 'Þú sagðir greitt']);
    const rows = within(table).getAllByTestId('spending-row');
    expect(cells(rows[0]!)).toEqual(['nóv. 2026', '15.500 kr.', '800 kr.', '2.000 kr.']);
    expect(cells(rows[2]!)).toEqual(['sep. 2026', '40.000 kr.', '0 kr.', '0 kr.']);
    expect(text(within(section).getByText('Sýna sem töflu'))).toBe('Sýna sem töflu');
  });

  it('says nothing is spent yet, then adds a payment as soon as it is made', async () => {
    const core = await signedIn();
    await openHistory(core);
    await waitFor(() => expect(text(screen.queryByTestId('spending-none'))).toBe('Nothing spent yet.'));
    expect(screen.queryByTestId('spending-table')).toBeNull();

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
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 4,500'));
    expect(screen.queryByTestId('spending-none')).toBeNull();
  });
});
