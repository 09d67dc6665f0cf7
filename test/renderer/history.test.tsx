import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletApi } from '../../common/bridge-contract.ts';
import { bankErrorTexts } from '../../common/bank-error-texts.ts';
import { App } from '../../renderer/src/App.tsx';
import { formatDateTime } from '../../renderer/src/i18n/format.ts';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { ROW_HEIGHT } from '../../renderer/src/screens/history/HistoryList.tsx';
import { PAGE_SIZE } from '../../renderer/src/screens/history/history-store.ts';
import { FakeWallet, RECORD_DAMAGED } from './fake-wallet.ts';

/*
 * jsdom lays nothing out: every element is 0 px high, so the virtualized list would render no row at all. The
 * list's scroll box gets the height of ten rows here, as in a window; everything else stays as jsdom has it.
 */
const VIEW_ROWS = 10;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('history-scroller') ? VIEW_ROWS * ROW_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('history-scroller') ? 800 : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

/** Opens the app, signed in, straight on the history screen. */
async function openHistory(fake: FakeWallet, api: WalletApi = fake.api()) {
  const user = userEvent.setup();
  const store = createAppStore(api, fake.settings.locale);
  store.setState({ screen: 'history' });
  const view = render(<App wallet={api} store={store} />);
  await screen.findByRole('heading', { name: fake.settings.locale === 'is' ? 'Greiðslusaga' : 'History' });
  return { user, store, ...view };
}

const rows = () => screen.queryAllByTestId('history-row');
/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ') ?? '';
/** The payee names of the rows on screen, in order. */
const names = () => rows().map((row) => text(row.querySelector('.history-payee-name')));
interface PageRequest {
  filter: Record<string, unknown>;
  offset: number;
  limit: number;
}
const historyCalls = (fake: FakeWallet) =>
  fake.calls.filter((call) => call.method === 'historyPage').map((call) => call.request as PageRequest);
const lastHistoryCall = (fake: FakeWallet) => historyCalls(fake).at(-1);

/** Björn (settled), Guðrún (rejected, no money), Jón (accepted, waiting for the bank): newest first. */
function threePayments(fake: FakeWallet) {
  const bjorn = fake.addPayment({ amount: 1500 });
  const gudrun = fake.addPayment({
    amount: 25_000,
    state: 'rejected',
    error: {
      name: 'AmountUnavailable',
      code: 'ERR_80102_105',
      message: 'The payment amount requested is not available in the debtor account',
      httpStatus: 400,
    },
  });
  gudrun.order = { ...gudrun.order, payeeName: 'Guðrún', depositKennitala: '1203852089', endToEndId: 'Leiga' };
  const jon = fake.addPayment({ amount: 7_000, state: 'accepted' });
  jon.order = { ...jon.order, payeeName: 'Jón', depositAccount: '051526004321', endToEndId: 'Hjól' };
  return { bjorn, gudrun, jon };
}

describe('history: loading, empty, error', () => {
  it('says it is loading until the first page comes', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    let answer: (value: Awaited<ReturnType<WalletApi['historyPage']>>) => void = () => {};
    const api: WalletApi = {
      ...fake.api(),
      historyPage: () => new Promise((resolve) => (answer = resolve)),
    };
    fake.addPayment();
    await openHistory(fake, api);
    const loading = screen.getByTestId('history-loading');
    expect(loading.textContent).toBe('Loading payments…');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(rows()).toHaveLength(0);
    await act(async () => answer(await fake.api().historyPage({ filter: {} })));
    expect(screen.queryByTestId('history-loading')).toBeNull();
    expect(rows()).toHaveLength(1);
  });

  it('says so when there are no payments yet', async () => {
    await openHistory(new FakeWallet().signedInAsAnna());
    expect((await screen.findByTestId('history-empty')).textContent).toBe(
      'No payments yet. The payments you make appear here.',
    );
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('explains a failed load, and tries again', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    fake.failures.set('historyPage', 'NOT_SIGNED_IN');
    const { user } = await openHistory(fake);
    const alert = await screen.findByTestId('history-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The payment history could not be loaded.');
    expect(alert.textContent).toContain('You are not signed in. Sign in with your bank first.');
    fake.failures.delete('historyPage');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

describe('history: the list', () => {
  it('shows each payment with its time, payee, account, amount and state, newest first', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { bjorn } = threePayments(fake);
    await openHistory(fake);
    const list = await screen.findByRole('list', { name: 'Payments' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('history-count').textContent).toBe('3 payments');
    const [first, second, third] = rows();
    expect(text(first)).toContain('Björn');
    expect(text(first)).toContain('0133-26-020001');
    expect(text(first)).toContain('ISK 1,500');
    expect(text(first)).toContain('Paid');
    expect(text(first)).toContain(formatDateTime(bjorn.createdAt, 'en'));
    expect(text(second)).toContain('Guðrún');
    expect(text(second)).toContain('ISK 25,000');
    expect(text(second)).toContain('Rejected');
    expect(text(third)).toContain('Jón');
    expect(text(third)).toContain('0515-26-004321');
    expect(text(third)).toContain('Accepted');
    // Each row is a button inside a list item that knows its place in the whole list.
    const items = within(list).getAllByRole('listitem');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('3');
    expect(first?.tagName).toBe('BUTTON');
  });

  it('keeps 10 000 payments smooth: a screenful of rows in the document, pages fetched as they scroll into view', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    for (let n = 1; n <= 10_000; n++) {
      const payment = fake.addPayment({ amount: n });
      payment.order.payeeName = `Payee ${n}`;
    }
    await openHistory(fake);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.getByTestId('history-count').textContent).toBe('10,000 payments');
    expect(rows().length).toBeLessThanOrEqual(VIEW_ROWS + 12);
    expect(text(rows()[0])).toContain('Payee 1');
    const asked = historyCalls(fake);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ offset: 0, limit: PAGE_SIZE });
    expect(PAGE_SIZE).toBeLessThanOrEqual(500);

    // Scroll to the middle: the rows there show as loading until their page comes, then as payments.
    const scroller = screen.getByTestId('history-scroller');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 5_000 * ROW_HEIGHT });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText('Payee 5001')).toBeTruthy());
    expect(historyCalls(fake).some((call) => call.offset === 5_000)).toBe(true);
    expect(historyCalls(fake).every((call) => call.limit === PAGE_SIZE)).toBe(true);
    expect(rows().length).toBeLessThanOrEqual(VIEW_ROWS + 12);
  });

  it('moves between rows with the arrow keys, and opens one with Enter', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    rows()[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(rows()[0]);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(within(dialog).getByText('Björn')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rows()[0]);
  });

  it('shows what changed when a payment changes in the main process', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const newest = fake.addPayment({ amount: 99, state: 'sending', createdAt: fake.now });
    newest.order.payeeName = 'Sigga';
    act(() => fake.emit('paymentChanged', newest));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(text(rows()[0])).toContain('Sigga');
    expect(text(rows()[0])).toContain('Sending');
    expect(screen.getByTestId('history-count').textContent).toBe('4 payments');
  });

  it('has no serious accessibility violation, in the list and in the details', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user, container } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await expectAxeClean(container);
    await user.click(rows()[1]!);
    await screen.findByRole('dialog', { name: 'Payment details' });
    await expectAxeClean(container);
  });
});

describe('history: filters', () => {
  it('filters by state', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const states = screen.getByRole('group', { name: 'Status' });
    await user.click(within(states).getByRole('checkbox', { name: 'Rejected' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text(rows()[0])).toContain('Guðrún');
    expect(lastHistoryCall(fake)?.filter).toEqual({ states: ['rejected'] });
    await user.click(within(states).getByRole('checkbox', { name: 'Accepted' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastHistoryCall(fake)?.filter).toEqual({ states: ['accepted', 'rejected'] });
    expect(screen.getByTestId('history-count').textContent).toBe('2 payments');
  });

  it('filters by payee and by text (reference, X-Request-ID, initiation id)', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { jon } = threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Payee' }), 'guðr');
    await waitFor(() => expect(names()).toEqual(['Guðrún']));
    expect(lastHistoryCall(fake)?.filter).toEqual({ payee: 'guðr' });

    await user.clear(screen.getByRole('searchbox', { name: 'Payee' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), jon.requestId);
    await waitFor(() => expect(names()).toEqual(['Jón']));
    expect(lastHistoryCall(fake)?.filter).toEqual({ text: jon.requestId });

    await user.clear(screen.getByRole('searchbox', { name: 'Text' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'leiga');
    await waitFor(() => expect(names()).toEqual(['Guðrún']));
    expect(lastHistoryCall(fake)?.filter).toEqual({ text: 'leiga' });
    await user.clear(screen.getByRole('searchbox', { name: 'Text' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'init-3');
    await waitFor(() => expect(names()).toEqual(['Jón']));
  });

  it('filters by calendar days on the customer’s clock, the last day included', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
    const early = fake.addPayment({ createdAt: day(2026, 11, 1) });
    early.order.payeeName = 'Early';
    const inside = fake.addPayment({ createdAt: day(2026, 11, 10, 23) });
    inside.order.payeeName = 'Inside';
    const late = fake.addPayment({ createdAt: day(2026, 11, 11, 0) });
    late.order.payeeName = 'Late';
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('To date (inclusive)'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text(rows()[0])).toContain('Inside');
    expect(lastHistoryCall(fake)?.filter).toEqual({
      from: new Date(2026, 10, 5).getTime(),
      to: new Date(2026, 10, 11).getTime(),
    });

    // A range that ends before it starts says why nothing matches; clearing shows everything again.
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-20' } });
    expect(screen.getByText('The end date is before the start date, so no payment can match.')).toBeTruthy();
    expect(screen.getByLabelText('To date (inclusive)').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No payment matches these filters.');
    await user.click(within(screen.getByTestId('history-empty')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lastHistoryCall(fake)?.filter).toEqual({});
  });
});

describe('history: a payment’s details', () => {
  it('shows every field, with accounts and kennitala written for people', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { jon } = threePayments(fake);
    jon.stateTimes = { confirmed: fake.now - 3_000, sending: fake.now - 2_000, accepted: fake.now - 1_000 };
    jon.firstSentAt = fake.now - 2_000;
    jon.paymentDate = '2026-11-22T20:47:00.000Z';
    jon.order.extendedReference = 'Fyrir hjólið';
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const field = (label: string) => text(within(dialog).getByText(label).nextElementSibling);
    expect(field('Amount')).toBe('ISK 7,000');
    expect(field('Payment id in this app')).toBe(jon.id);
    expect(field('X-Request-ID')).toBe(jon.requestId);
    expect(field('Initiation id (from the bank)')).toBe('init-3');
    expect(field('Bank status')).toBe('ACCP');
    expect(field('Payment date')).toBe(formatDateTime(Date.parse('2026-11-22T20:47:00.000Z'), 'en'));
    expect(field('From account')).toBe('0133-26-012345');
    expect(field('Account owner (kennitala)')).toBe('120385-****');
    expect(field('Payee')).toBe('Jón');
    expect(field('Payee’s kennitala')).toBe('050792-2189');
    expect(field('To account')).toBe('0515-26-004321');
    expect(field('Reference')).toBe('Hjól');
    expect(field('Text for the payee')).toBe('Fyrir hjólið');
    expect(field('Times sent')).toBe('1');
    expect(field('First sent')).toBe(formatDateTime(fake.now - 2_000, 'en'));
    const history = within(dialog).getByText('Status history').nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['Confirmed', 'Sending', 'Accepted']);
    expect(within(dialog).queryByTestId('payment-failure')).toBeNull();
    // The row's data shows at once, and the main process is asked for the latest.
    expect(fake.calls.some((call) => call.method === 'getPayment')).toBe(true);
  });

  it('explains a bank error with the catalogue’s text and what to do', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[1]!);
    const failure = await screen.findByTestId('payment-failure');
    expect(failure.textContent).toContain(bankErrorTexts.AmountUnavailable.en.title);
    expect(failure.textContent).toContain(bankErrorTexts.AmountUnavailable.en.action);
    expect(failure.textContent).toContain('AmountUnavailable, ERR_80102_105, HTTP 400');
    expect(screen.queryByRole('button', { name: 'Refresh status' })).toBeNull();
  });

  it.each([
    ['NetworkError', 'UNEXPECTED', 'The connection to the bank failed.'],
    ['Timeout', 'TIMEOUT', 'The bank did not answer in time.'],
    ['WindowExpired', 'REQUEST_ID_EXPIRED', 'More than 24 hours passed since you confirmed the payment'],
    ['Interrupted', 'INTERRUPTED', 'The app stopped while the payment was being sent.'],
    [
      'OverDailyAmount',
      'LOCAL_DAILY_LIMIT',
      'The app did not send this payment: it would have gone over today’s limit of ISK 200,000.',
    ],
    ['SomethingNew', 'X', 'The payment did not go through as expected.'],
  ])('explains the app’s own failure %s (%s)', async (name, code, expected) => {
    const fake = new FakeWallet().signedInAsAnna();
    fake.addPayment({ state: 'unknown', error: { name, code, message: 'technical' } });
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(rows()[0]!);
    expect(text(await screen.findByTestId('payment-failure'))).toContain(expected);
  });

  it('refreshes the status of an accepted payment, in the details and in the list', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    await user.click(within(dialog).getByRole('button', { name: 'Refresh status' }));
    expect(await within(dialog).findByText('Status updated: Paid.')).toBeTruthy();
    expect(fake.calls.filter((call) => call.method === 'refreshStatus')).toEqual([
      { method: 'refreshStatus', request: { id: 'p3' } },
    ]);
    expect(within(dialog).getByText('Bank status').nextElementSibling?.textContent).toBe('ACSC');
    // Settled: nothing more to ask.
    expect(within(dialog).queryByRole('button', { name: 'Refresh status' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(text(rows()[2])).toContain('Paid');
  });

  it('explains a refresh that failed', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    fake.failures.set('refreshStatus', 'SESSION_EXPIRED');
    await user.click(within(dialog).getByRole('button', { name: 'Refresh status' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The status could not be refreshed. Your bank sign-in has expired. Sign in again.');
    expect(within(dialog).getByRole('button', { name: 'Refresh status' })).toBeTruthy();
  });
});

describe('history: CSV export', () => {
  it('exports with the current filter and says where it saved', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        'Saved 1 payment to a2a-wallet-local-sandbox-2026-11-22.csv.',
      ),
    );
    expect(fake.calls.find((call) => call.method === 'exportHistory')?.request).toEqual({
      filter: { states: ['settled'] },
    });
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        'Saved 3 payments to a2a-wallet-local-sandbox-2026-11-22.csv.',
      ),
    );
  });

  it('says nothing when the customer cancels the save dialog', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    fake.saveCancelled = true;
    const { user } = await openHistory(fake);
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'exportHistory')).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export to CSV' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByTestId('export-status').textContent).toBe('');
    expect(screen.queryByTestId('export-error')).toBeNull();
  });

  it('explains an export that failed', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    fake.failures.set('exportHistory', 'UNREACHABLE');
    const { user } = await openHistory(fake);
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe(
      'The history was not exported. The app could not reach its main process. Restart the app.',
    );
  });
});

const DAMAGED_TEXT = 'This payment’s record is damaged: check your online banking before paying again.';
const DAMAGED_TEXT_IS = 'Færsla þessarar greiðslu er sködduð: athugaðu netbankann þinn áður en þú greiðir aftur.';

/** A damaged record that could still be read (Björn, 1 500), and one of which nothing could be read. */
function damagedPayments(fake: FakeWallet) {
  const readable = fake.addPayment({ amount: 1500, state: 'damaged', error: RECORD_DAMAGED });
  const placeholder = fake.addPayment({ amount: 200_000, state: 'damaged', error: RECORD_DAMAGED });
  placeholder.order = {
    ...placeholder.order,
    debtorAccount: '000000000000',
    depositAccount: '000000000000',
    depositKennitala: '0000000000',
    payeeName: '',
    endToEndId: '',
  };
  return { readable, placeholder };
}

describe('history: a damaged record', () => {
  it('shows the badge and what to do in the list, the amount of an unreadable one as the most it could be', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    damagedPayments(fake);
    const { container } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [readable, placeholder] = rows();
    for (const row of [readable, placeholder]) {
      expect(text(row?.querySelector('.history-badge'))).toBe('Record damaged');
      expect(text(row)).toContain('Check your online banking before paying again');
    }
    expect(text(readable)).toContain('Björn');
    expect(text(readable)).toContain('ISK 1,500');
    expect(text(readable)).not.toContain('up to');
    expect(text(placeholder)).toContain('up to ISK 200,000');
    expect(text(placeholder)).not.toContain('0000-00-000000');
    await expectAxeClean(container);
  });

  it('can be filtered on', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    damagedPayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(5));
    const states = screen.getByRole('group', { name: 'Status' });
    await user.click(within(states).getByRole('checkbox', { name: 'Record damaged' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastHistoryCall(fake)?.filter).toEqual({ states: ['damaged'] });
  });

  it('says first, in the details, to check the online banking; offers no refresh or check again', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { readable } = damagedPayments(fake);
    // Even with what looks like the bank's answer on it, a damaged record is never asked about again.
    readable.initiationId = 'init-1';
    readable.bankStatus = 'ACCP';
    const { user, container } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(rows()[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const failure = within(dialog).getByTestId('payment-failure');
    expect(text(failure)).toContain(DAMAGED_TEXT);
    expect(text(failure)).toContain('will never send it by itself');
    expect(text(failure)).toContain('RecordDamaged, RECORD_DAMAGED');
    // What to do comes before the facts.
    expect(
      failure.compareDocumentPosition(within(dialog).getByText('Amount')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const field = (label: string) => text(within(dialog).getByText(label).nextElementSibling);
    expect(field('Status')).toBe('Record damaged');
    expect(field('Amount')).toBe('ISK 1,500');
    expect(field('To account')).toBe('0133-26-020001');
    expect(within(dialog).queryByRole('button', { name: 'Refresh status' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Check again' })).toBeNull();
    await expectAxeClean(container);
  });

  it('shows an unreadable record’s accounts as unreadable, and its amount as the most it could be', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    damagedPayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(rows()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const field = (label: string) => text(within(dialog).getByText(label).nextElementSibling);
    expect(field('Amount')).toBe('up to ISK 200,000');
    expect(field('From account')).toBe('Could not be read');
    expect(field('To account')).toBe('Could not be read');
    expect(field('Payee’s kennitala')).toBe('Could not be read');
    expect(text(within(dialog).getByTestId('payment-failure'))).toContain(DAMAGED_TEXT);
  });

  it('explains a record that is found damaged when its status is refreshed, and offers no second try', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    fake.failures.set('refreshStatus', 'RECORD_DAMAGED');
    await user.click(within(dialog).getByRole('button', { name: 'Refresh status' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`The status could not be refreshed. ${DAMAGED_TEXT}`);
    expect(within(dialog).queryByRole('button', { name: 'Refresh status' })).toBeNull();
  });

  it('explains another customer’s payment', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    threePayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    fake.failures.set('refreshStatus', 'WRONG_CUSTOMER');
    await user.click(within(dialog).getByRole('button', { name: 'Refresh status' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This payment belongs to another customer.',
    );
  });

  it('says it in Icelandic too', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    fake.settings = { ...fake.settings, language: 'is', locale: 'is' };
    damagedPayments(fake);
    const { user } = await openHistory(fake);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(text(rows()[0]?.querySelector('.history-badge'))).toBe('Færsla sködduð');
    expect(text(rows()[0])).toContain('Athugaðu netbankann áður en þú greiðir aftur');
    expect(text(rows()[1])).toContain('allt að 200.000 kr.');
    expect(
      within(screen.getByRole('group', { name: 'Staða' })).getByRole('checkbox', { name: 'Færsla sködduð' }),
    ).toBeTruthy();
    await user.click(rows()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upplýsingar um greiðslu' });
    expect(text(within(dialog).getByTestId('payment-failure'))).toContain(DAMAGED_TEXT_IS);
    expect(text(within(dialog).getByText('Á reikning').nextElementSibling)).toBe('Ekki hægt að lesa');
  });
});

describe('history in Icelandic', () => {
  it('speaks Icelandic: list, states, counts, details, errors and export', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    fake.settings = { ...fake.settings, language: 'is', locale: 'is' };
    threePayments(fake);
    const { user } = await openHistory(fake);
    expect(await screen.findByRole('list', { name: 'Greiðslur' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('history-count').textContent).toBe('3 greiðslur');
    expect(text(rows()[0])).toContain('1.500 kr.');
    expect(text(rows()[0])).toContain('Greidd');
    expect(text(rows()[1])).toContain('Hafnað');
    expect(text(rows()[2])).toContain('Móttekin');
    expect(screen.getByRole('searchbox', { name: 'Viðtakandi' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Staða' })).toBeTruthy();

    await user.click(rows()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upplýsingar um greiðslu' });
    expect(within(dialog).getByTestId('payment-failure').textContent).toContain(
      bankErrorTexts.AmountUnavailable.is.title,
    );
    expect(within(dialog).getByText('Kennitala viðtakanda').nextElementSibling?.textContent).toBe('120385-2089');
    await user.click(within(dialog).getByRole('button', { name: 'Loka' }));

    await user.click(within(screen.getByRole('group', { name: 'Staða' })).getByRole('checkbox', { name: 'Hafnað' }));
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('1 greiðsla'));
    await user.click(screen.getByRole('button', { name: 'Flytja út í CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        'Vistaði 1 greiðslu í skrána a2a-wallet-local-sandbox-2026-11-22.csv.',
      ),
    );
  });
});

async function expectAxeClean(container: HTMLElement) {
  // jsdom computes no colours: contrast is checked in the browser, not here.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
