import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentDraft } from '../../common/payment.ts';
import { SpendingRangeSchema } from '../../common/spending.ts';
import { App } from '../../renderer/src/App.tsx';
import { RANGE_EARLIEST, RANGE_LATEST } from '../../renderer/src/screens/history/spending-range.ts';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { CUSTOMERS, type InProcessWallet } from '../support/in-process-wallet.ts';
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

/** Guðrún's kennitala: she has two accounts, one paid by name and one paid with no name. */
const GUDRUN = '1712782019';
const toGudrun = { depositKennitala: GUDRUN, depositAccount: '013326040001', payeeName: 'Guðrún Pálsdóttir' };
const toNoName = { depositKennitala: GUDRUN, depositAccount: '013326040002', payeeName: '' };

/**
 * Today 12 500 paid (to Björn); this week also 3 000 paid (to Björn) and 800 whose outcome was never learnt (to
 * Guðrún); this month also 2 000 Anna said went through (to Guðrún's other account, with no name); September 40 000
 * paid (to Guðrún); a refused 99 999 today to someone else, which counts for nothing.
 */
const SEEDED = [
  paymentRecord(1, {
    state: 'settled',
    createdAt: at('2026-09-15T10:00:00Z'),
    order: { amount: 40_000, ...toGudrun },
  }),
  paymentRecord(2, {
    state: 'declaredPaid',
    createdAt: at('2026-11-03T10:00:00Z'),
    order: { amount: 2_000, ...toNoName },
  }),
  paymentRecord(3, { state: 'settled', createdAt: at('2026-11-17T10:00:00Z'), order: { amount: 3_000 } }),
  paymentRecord(4, { state: 'unknown', createdAt: at('2026-11-20T10:00:00Z'), order: { amount: 800, ...toGudrun } }),
  paymentRecord(5, { state: 'settled', createdAt: at('2026-11-22T19:00:00Z'), order: { amount: 12_500 } }),
  paymentRecord(6, {
    state: 'rejected',
    createdAt: at('2026-11-22T19:30:00Z'),
    order: { amount: 99_999, depositAccount: '013326020009', payeeName: 'Refused Ltd' },
  }),
];

/** Björn's own payments, in his own store: 77 777 to Anna and to a payee of his, which Anna never sees. */
const BJORNS = [
  paymentRecord(101, {
    state: 'settled',
    createdAt: at('2026-11-18T10:00:00Z'),
    order: {
      amount: 77_777,
      debtorKennitala: CUSTOMERS.bjorn.kennitala,
      debtorAccount: '013326020001',
      depositKennitala: CUSTOMERS.anna.kennitala,
      depositAccount: '013326012345',
      payeeName: 'Anna Jónsdóttir',
    },
  }),
  paymentRecord(102, {
    state: 'unknown',
    createdAt: at('2026-11-19T10:00:00Z'),
    order: {
      amount: 66_666,
      debtorKennitala: CUSTOMERS.bjorn.kennitala,
      debtorAccount: '013326020001',
      depositKennitala: GUDRUN,
      depositAccount: '013326040003',
      payeeName: 'Hidden Payee',
    },
  }),
];

/** The by-payee table's rows (the others' last, if there is such a row), each as its cells' text. */
function payeeRows() {
  const table = screen.getByTestId('spending-payees');
  return [...table.querySelectorAll('tbody tr')].map(cells);
}

/** Types a day into a field as the customer does, and leaves it. */
function typeDay(label: string, day: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value: day } });
  fireEvent.blur(field);
}

/** The ranges the app asked main for, in order (undefined: asked without one). */
const rangesAsked = (core: InProcessWallet) => core.requests('spendingSummary').map((request) => request.range);

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

  it('moves today, this week and this month on once main’s day does, with History left open', async () => {
    const core = await signedIn();
    await seedPayments(core, SEEDED);
    await openHistory(core);
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).toBe('TodaySpent ISK 12,500'));
    // Past midnight GMT, on Monday 23 November: a new day and a new week, the same month.
    core.sandbox.clock.set('2026-11-23T00:30:00.000Z');
    await core.wallet.idle();
    await waitFor(() => expect(text(screen.queryByTestId('spending-today'))).not.toContain('12,500'));
    expect(text(screen.getByTestId('spending-week'))).not.toContain('15,500');
    expect(text(screen.getByTestId('spending-month'))).toContain('Spent ISK 15,500');
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

  it('adds up by payee over the whole history held, the uncertain and the declared apart, names or accounts only', async () => {
    const core = await signedIn();
    await seedPayments(core, SEEDED);
    await seedPayments(core, BJORNS, { kennitala: CUSTOMERS.bjorn.kennitala });
    const { container } = await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());
    const table = screen.getByRole('table', { name: 'Spending by payee, over all the history this app holds' });
    expect(cells(table.querySelector('thead tr')!)).toEqual(['Payee', 'Spent', 'Not known yet', 'You said']);
    expect(payeeRows()).toEqual([
      ['Guðrún Pálsdóttir 0133-26-040001', 'ISK 40,000', 'ISK 800', 'ISK 0'],
      ['Björn Sigurðsson 0133-26-020001', 'ISK 15,500', 'ISK 0', 'ISK 0'],
      ['0133-26-040002', 'ISK 0', 'ISK 0', 'ISK 2,000'],
    ]);
    expect(table.querySelectorAll('tbody th[scope="row"]')).toHaveLength(3);
    expect(screen.queryByTestId('spending-payee-others')).toBeNull();
    // No kennitala, whole or formatted; nothing refused; nothing of Björn's own payments.
    const shown = text(screen.getByTestId('spending'));
    for (const kennitala of [GUDRUN, '171278-2019', CUSTOMERS.bjorn.kennitala, '050792-2189']) {
      expect(shown).not.toContain(kennitala);
    }
    for (const never of ['Refused Ltd', 'Hidden Payee', 'Anna Jónsdóttir', '77,777', '66,666', '99,999']) {
      expect(shown).not.toContain(never);
    }
    expect(rangesAsked(core).every((range) => range === undefined)).toBe(true);
    await expectAxeClean(container);
  });

  it('adds up the days chosen (GMT days, both included), and by payee over them, as the core answers', async () => {
    const core = await signedIn();
    await seedPayments(core, SEEDED);
    await seedPayments(core, BJORNS, { kennitala: CUSTOMERS.bjorn.kennitala });
    const { container } = await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());
    expect(screen.queryByTestId('spending-range')).toBeNull();

    typeDay('First day', '17.11.2026');
    expect(text(screen.getByTestId('spending-range-half'))).toBe('Type both the first and the last day.');
    typeDay('Last day', '20.11.2026');
    await waitFor(() =>
      expect(text(screen.queryByTestId('spending-range'))).toBe('On these daysSpent ISK 3,000Not known yet ISK 800'),
    );
    expect(rangesAsked(core).at(-1)).toEqual({ from: at('2026-11-17T00:00:00Z'), to: at('2026-11-21T00:00:00Z') });
    expect(screen.queryByTestId('spending-range-half')).toBeNull();
    expect(screen.getByRole('table', { name: 'Spending by payee on the chosen days' })).toBeTruthy();
    expect(payeeRows()).toEqual([
      ['Björn Sigurðsson 0133-26-020001', 'ISK 3,000', 'ISK 0', 'ISK 0'],
      ['Guðrún Pálsdóttir 0133-26-040001', 'ISK 0', 'ISK 800', 'ISK 0'],
    ]);
    // Today, this week and this month stay as they are.
    expect(text(screen.getByTestId('spending-today'))).toBe('TodaySpent ISK 12,500');

    typeDay('First day', '1.11.2026');
    typeDay('Last day', '22.11.2026');
    await waitFor(() =>
      expect(text(screen.queryByTestId('spending-range'))).toBe(
        'On these daysSpent ISK 15,500Not known yet ISK 800You said it went through ISK 2,000',
      ),
    );
    // Most spent first, then most not known or declared: 2 000 declared before 800 not known.
    expect(payeeRows()).toEqual([
      ['Björn Sigurðsson 0133-26-020001', 'ISK 15,500', 'ISK 0', 'ISK 0'],
      ['0133-26-040002', 'ISK 0', 'ISK 0', 'ISK 2,000'],
      ['Guðrún Pálsdóttir 0133-26-040001', 'ISK 0', 'ISK 800', 'ISK 0'],
    ]);
    expect(text(screen.getByTestId('spending'))).not.toContain('Hidden Payee');

    typeDay('First day', '1.10.2026');
    typeDay('Last day', '31.10.2026');
    await waitFor(() => expect(text(screen.queryByTestId('spending-range'))).toBe('On these daysSpent ISK 0'));
    expect(text(screen.getByTestId('spending-payees-none'))).toBe('Nothing was spent on these days.');
    await expectAxeClean(container);

    // Emptied, the table is over the whole history again.
    typeDay('First day', '');
    typeDay('Last day', '');
    await waitFor(() => expect(payeeRows()).toHaveLength(3));
    expect(screen.queryByTestId('spending-range')).toBeNull();
    expect(rangesAsked(core).at(-1)).toBeUndefined();
  });

  it('says what is wrong with the days, and never asks the core with them', async () => {
    const core = await signedIn();
    await seedPayments(core, SEEDED);
    await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());

    typeDay('First day', '20.11.2026');
    typeDay('Last day', '17.11.2026');
    expect(text(screen.getByTestId('spending-range-error'))).toBe('The last day cannot be before the first day.');
    const last = screen.getByLabelText('Last day');
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(last.getAttribute('aria-describedby')).toContain(screen.getByTestId('spending-range-error').id);
    expect(screen.getByLabelText('First day').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('spending-range')).toBeNull();

    // The schema's limit: nothing before 1 January 1970 GMT.
    typeDay('First day', '31.12.1969');
    typeDay('Last day', '2.1.1970');
    expect(text(screen.getByTestId('spending-range-error'))).toBe(
      'The first day can be no earlier than 1 January 1970.',
    );
    expect(screen.getByLabelText('First day').getAttribute('aria-invalid')).toBe('true');

    // The same day first and last is a range: that one day.
    typeDay('First day', '22.11.2026');
    typeDay('Last day', '22.11.2026');
    await waitFor(() => expect(text(screen.queryByTestId('spending-range'))).toBe('On these daysSpent ISK 12,500'));
    expect(screen.queryByTestId('spending-range-error')).toBeNull();

    const ranges = rangesAsked(core).filter((range) => range !== undefined);
    expect(ranges).toEqual([{ from: at('2026-11-22T00:00:00Z'), to: at('2026-11-23T00:00:00Z') }]);
  });

  it('shows Björn his own payments by payee, and none of Anna’s', async () => {
    const core = await signedIn({ signedInAs: 'bjorn' });
    await seedPayments(core, SEEDED);
    await seedPayments(core, BJORNS, { kennitala: CUSTOMERS.bjorn.kennitala });
    await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());
    expect(payeeRows()).toEqual([
      ['Anna Jónsdóttir 0133-26-012345', 'ISK 77,777', 'ISK 0', 'ISK 0'],
      ['Hidden Payee 0133-26-040003', 'ISK 0', 'ISK 66,666', 'ISK 0'],
    ]);
    expect(text(screen.getByTestId('spending'))).not.toContain('Guðrún');
  });

  it('holds the chosen days to the limits of main’s range schema', () => {
    expect(SpendingRangeSchema.shape.from.minValue).toBe(RANGE_EARLIEST);
    expect(SpendingRangeSchema.shape.to.maxValue).toBe(RANGE_LATEST);
    expect(SpendingRangeSchema.safeParse({ from: RANGE_EARLIEST, to: RANGE_LATEST }).success).toBe(true);
    expect(SpendingRangeSchema.safeParse({ from: RANGE_EARLIEST - 1, to: RANGE_LATEST }).success).toBe(false);
    expect(SpendingRangeSchema.safeParse({ from: RANGE_EARLIEST, to: RANGE_LATEST + 1 }).success).toBe(false);
  });

  it('names the 20 payees with most spent, and adds up the rest as one row', async () => {
    const core = await signedIn();
    // 22 payees, at Björn's 22 accounts: 1 000 to the first, 2 000 to the second... 22 000 to the last.
    const many = Array.from({ length: 22 }, (_, n) =>
      paymentRecord(200 + n, {
        state: 'settled',
        createdAt: at('2026-11-10T10:00:00Z') + n * 60_000,
        order: { amount: (n + 1) * 1_000, depositAccount: `0133260300${String(n + 10)}`, payeeName: `Payee ${n + 1}` },
      }),
    );
    await seedPayments(core, many);
    await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());
    const rows = payeeRows();
    expect(rows).toHaveLength(21);
    expect(rows[0]).toEqual(['Payee 22 0133-26-030031', 'ISK 22,000', 'ISK 0', 'ISK 0']);
    expect(rows[19]).toEqual(['Payee 3 0133-26-030012', 'ISK 3,000', 'ISK 0', 'ISK 0']);
    expect(cells(screen.getByTestId('spending-payee-others'))).toEqual([
      'Other payees (2)',
      'ISK 3,000',
      'ISK 0',
      'ISK 0',
    ]);
  });

  it('chooses days and shows payees in Icelandic', async () => {
    const core = await signedIn({ language: 'is' });
    await seedPayments(core, SEEDED);
    await seedPayments(core, BJORNS, { kennitala: CUSTOMERS.bjorn.kennitala });
    const { container } = await openHistory(core);
    await waitFor(() => expect(screen.queryByTestId('spending-payees')).not.toBeNull());
    const all = screen.getByRole('table', {
      name: 'Útgjöld eftir viðtakendum, úr allri greiðslusögunni sem forritið geymir',
    });
    expect(cells(all.querySelector('thead tr')!)).toEqual(['Viðtakandi', 'Greitt', 'Óvíst enn', 'Þú sagðir greitt']);
    expect(payeeRows()).toEqual([
      ['Guðrún Pálsdóttir 0133-26-040001', '40.000 kr.', '800 kr.', '0 kr.'],
      ['Björn Sigurðsson 0133-26-020001', '15.500 kr.', '0 kr.', '0 kr.'],
      ['0133-26-040002', '0 kr.', '0 kr.', '2.000 kr.'],
    ]);
    expect(screen.getByRole('group', { name: 'Valdir dagar' })).toBeTruthy();

    typeDay('Fyrsti dagur', '17.11.2026');
    expect(text(screen.getByTestId('spending-range-half'))).toBe('Sláðu inn bæði fyrsta og síðasta dag.');
    typeDay('Síðasti dagur', '20.11.2026');
    await waitFor(() =>
      expect(text(screen.queryByTestId('spending-range'))).toBe('Þessa dagaGreitt 3.000 kr.Óvíst enn 800 kr.'),
    );
    expect(screen.getByRole('table', { name: 'Útgjöld eftir viðtakendum á völdum dögum' })).toBeTruthy();
    expect(payeeRows()).toEqual([
      ['Björn Sigurðsson 0133-26-020001', '3.000 kr.', '0 kr.', '0 kr.'],
      ['Guðrún Pálsdóttir 0133-26-040001', '0 kr.', '800 kr.', '0 kr.'],
    ]);
    await expectAxeClean(container);

    typeDay('Síðasti dagur', '16.11.2026');
    expect(text(screen.getByTestId('spending-range-error'))).toBe('Síðasti dagur má ekki vera á undan fyrsta degi.');
    typeDay('Fyrsti dagur', '1.1.1900');
    expect(text(screen.getByTestId('spending-range-error'))).toBe('Fyrsti dagur má í fyrsta lagi vera 1. janúar 1970.');

    typeDay('Fyrsti dagur', '1.10.2026');
    typeDay('Síðasti dagur', '31.10.2026');
    await waitFor(() =>
      expect(text(screen.queryByTestId('spending-payees-none'))).toBe('Ekkert var greitt þessa daga.'),
    );
    expect(text(screen.getByTestId('spending'))).not.toContain('Hidden Payee');
  });
});
