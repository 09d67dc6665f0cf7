import { mkdirSync, renameSync, rmdirSync } from 'node:fs';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { bankErrorTexts } from '../../common/bank-error-texts.ts';
import type { PaymentDraft } from '../../common/payment.ts';
import { DAY_MS } from '../../common/time.ts';
import { App } from '../../renderer/src/App.tsx';
import { formatDateTime } from '../../renderer/src/i18n/format.ts';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { ROW_HEIGHT } from '../../renderer/src/screens/history/HistoryList.tsx';
import { historyListShows } from './history-layout.ts';
import { PAGE_SIZE } from '../../renderer/src/screens/history/history-store.ts';
import { emptyForm, startOfLocalDay, toFilter } from '../../renderer/src/screens/history/filter-form.ts';
import type { InProcessWallet } from '../support/in-process-wallet.ts';
import { addUnreadableRecord, damageRecord, storePath, paymentRecord, seedPayments } from '../support/seed-payments.ts';
import { expectAxeClean, type OpenOptions, person, walletsPerTest } from './render-app.tsx';

/** 20:48 GMT on 22 November 2026: the day the exports are named for. */
const EVENING = '2026-11-22T20:48:00.000Z';
const wallets = walletsPerTest(EVENING);
const sandbox = () => wallets.sandbox();
const now = () => sandbox().clock.now();
const minutes = (count: number) => sandbox().clock.advanceSeconds(count * 60);

const VIEW_ROWS = 10;
historyListShows(VIEW_ROWS);

/** Anna, signed in. */
const signedIn = (options: OpenOptions = {}) => wallets.open({ signedInAs: 'anna', ...options });

/** Opens the app, signed in, straight on the history screen. */
async function openHistory(core: InProcessWallet) {
  const user = person();
  const { locale } = await core.value('getSettings');
  const store = createAppStore(core.api, locale);
  store.setState({ screen: 'history' });
  const view = render(<App wallet={core.api} store={store} />);
  await screen.findByRole('heading', { name: locale === 'is' ? 'Greiðslusaga' : 'History' });
  return { user, store, ...view };
}

const rows = () => screen.queryAllByTestId('history-row');
/** Text as people read it: Intl's no-break spaces as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s/g, ' ') ?? '';
/** The payee names of the rows on screen, in order. */
const names = () => rows().map((row) => text(row.querySelector('.history-payee-name')));
const historyCalls = (core: InProcessWallet) => core.requests('historyPage');
const lastHistoryCall = (core: InProcessWallet) => historyCalls(core).at(-1);

/** Anna pays through the core, as the pay form would (acknowledging a duplicate she was warned of). */
async function pay(core: InProcessWallet, draft: PaymentDraft): Promise<PaymentView> {
  const check = await core.value('validatePayment', draft);
  const confirmed = await core.value('confirmPayment', {
    draft,
    ...(check.duplicate ? { acknowledgeDuplicate: check.duplicate.intentId } : {}),
  });
  return core.value('submitPayment', { id: confirmed.id });
}

const toBjorn = (amount: number, extra: Partial<PaymentDraft> = {}): PaymentDraft => ({
  debtorAccount: '0133-26-012345',
  depositKennitala: '0507922189',
  depositAccount: '0133-26-020001',
  amount: String(amount),
  endToEndId: 'Rent',
  payeeName: 'Björn',
  ...extra,
});

/**
 * Jón (accepted: the bank took it, its status query failed), Guðrún (refused: Anna's savings account is empty),
 * Björn (settled), a minute apart: newest first, Björn, Guðrún, Jón.
 */
async function threePayments(core: InProcessWallet) {
  // Jón's status query fails, and so does every question the app's own follow-up asks of it while the clock moves.
  sandbox().faults.add({ route: 'payments.get', kind: 'status500', count: 1000 });
  const jon = await pay(
    core,
    toBjorn(7_000, {
      depositKennitala: '0101902319',
      depositAccount: '0515-26-004321',
      payeeName: 'Jón',
      endToEndId: 'Hjól',
      extendedReference: 'Fyrir hjólið',
    }),
  );
  minutes(1);
  const gudrun = await pay(
    core,
    toBjorn(25_000, {
      debtorAccount: '0133-15-012346',
      depositKennitala: '2311642009',
      depositAccount: '0133-26-030303',
      payeeName: 'Guðrún',
      endToEndId: 'Leiga',
    }),
  );
  minutes(1);
  await act(() => core.wallet.idle());
  sandbox().faults.clear();
  const bjorn = await pay(core, toBjorn(1500));
  expect([jon.state, gudrun.state, bjorn.state]).toEqual(['accepted', 'rejected', 'settled']);
  return { bjorn, gudrun, jon };
}

describe('history: loading, empty, error', () => {
  it('says it is loading until the first page comes', async () => {
    const core = await signedIn();
    await pay(core, toBjorn(1500));
    const release = core.hold('historyPage');
    await openHistory(core);
    const loading = screen.getByTestId('history-loading');
    expect(loading.textContent).toBe('Loading payments…');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(rows()).toHaveLength(0);
    release();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('history-loading')).toBeNull();
  });

  it('says so when there are no payments yet', async () => {
    await openHistory(await signedIn());
    expect((await screen.findByTestId('history-empty')).textContent).toBe(
      'No payments yet. The payments you make appear here.',
    );
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('explains a failed load, and tries again', async () => {
    const core = await signedIn();
    await threePayments(core);
    // The store cannot be read when the app starts (a folder where the file should be).
    await core.wallet.close();
    const journal = await storePath(core);
    renameSync(journal, `${journal}.aside`);
    mkdirSync(journal);
    await core.restart();
    const { user } = await openHistory(core);
    const alert = await screen.findByTestId('history-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The payment history could not be loaded.');
    expect(alert.textContent).toContain('Something went wrong in the app.');
    // The file is back: trying again reads it.
    rmdirSync(journal);
    renameSync(`${journal}.aside`, journal);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

describe('history: the list', () => {
  it('shows each payment with its time, payee, account, amount and state, newest first', async () => {
    const core = await signedIn();
    const { bjorn } = await threePayments(core);
    await openHistory(core);
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
    const core = await signedIn();
    const newest = now();
    await seedPayments(
      core,
      Array.from({ length: 10_000 }, (_, index) =>
        paymentRecord(index + 1, {
          createdAt: newest - (index + 1) * 60_000,
          order: { amount: index + 1, payeeName: `Payee ${index + 1}` },
        }),
      ),
    );
    await openHistory(core);
    // Not a timed test: how soon the first rows come is bench:ui's figure (the core opens 10 000 payments first).
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(screen.getByTestId('history-count').textContent).toBe('10,000 payments');
    expect(rows().length).toBeLessThanOrEqual(VIEW_ROWS + 12);
    expect(text(rows()[0])).toContain('Payee 1');
    const asked = historyCalls(core);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ offset: 0, limit: PAGE_SIZE });
    expect(PAGE_SIZE).toBeLessThanOrEqual(500);

    // Scroll to the middle: the rows there show as loading until their page comes, then as payments.
    const scroller = screen.getByTestId('history-scroller');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 5_000 * ROW_HEIGHT });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText('Payee 5001')).toBeTruthy());
    expect(historyCalls(core).some((call) => call.offset === 5_000)).toBe(true);
    expect(historyCalls(core).every((call) => call.limit === PAGE_SIZE)).toBe(true);
    expect(rows().length).toBeLessThanOrEqual(VIEW_ROWS + 12);
  });

  it('moves between rows with the arrow keys, and opens one with Enter', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
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
    const core = await signedIn();
    await threePayments(core);
    await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Another window of the app confirms a payment to Sigga, then sends it.
    minutes(1);
    const sigga = toBjorn(99, { depositKennitala: '1712782019', depositAccount: '0133-26-040001', payeeName: 'Sigga' });
    const confirmed = await core.value('confirmPayment', { draft: sigga });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(text(rows()[0])).toContain('Sigga');
    expect(text(rows()[0])).toContain('Confirmed');
    expect(screen.getByTestId('history-count').textContent).toBe('4 payments');
    await core.value('submitPayment', { id: confirmed.id });
    await waitFor(() => expect(text(rows()[0])).toContain('Paid'));
  });

  it('patches a changed payment’s row in place, reading no page again; a new payment reads the list again', async () => {
    const core = await signedIn();
    await threePayments(core);
    minutes(1);
    const sigga = toBjorn(99, { depositKennitala: '1712782019', depositAccount: '0133-26-040001', payeeName: 'Sigga' });
    const confirmed = await core.value('confirmPayment', { draft: sigga });
    await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(text(rows()[0])).toContain('Confirmed');
    const before = historyCalls(core).length;
    // Sent from another window: each of its changes (sending, then paid) reaches this one with a higher version.
    await core.value('submitPayment', { id: confirmed.id });
    await waitFor(() => expect(text(rows()[0])).toContain('Paid'));
    expect(historyCalls(core)).toHaveLength(before);
    await core.value('confirmPayment', { draft: toBjorn(77, { endToEndId: 'New one' }) });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(historyCalls(core).length).toBeGreaterThan(before);
  });

  it('shows the new customer’s payments when another customer signs in to the profile', async () => {
    const core = await signedIn();
    await threePayments(core);
    await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Björn signs in (in another window of the app): this window's list is his now, and he has paid nothing.
    core.as('bjorn');
    await core.value('signIn');
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No payments yet');
    expect(rows()).toHaveLength(0);
  });

  it('has no serious accessibility violation, in the list and in the details', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user, container } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await expectAxeClean(container);
    await user.click(rows()[1]!);
    await screen.findByRole('dialog', { name: 'Payment details' });
    await expectAxeClean(container);
  });
});

describe('history: filters', () => {
  it('filters by state', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const states = screen.getByRole('group', { name: 'Status' });
    await user.click(within(states).getByRole('checkbox', { name: 'Rejected' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text(rows()[0])).toContain('Guðrún');
    expect(lastHistoryCall(core)?.filter).toEqual({ states: ['rejected'] });
    await user.click(within(states).getByRole('checkbox', { name: 'Accepted' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastHistoryCall(core)?.filter).toEqual({ states: ['accepted', 'rejected'] });
    expect(screen.getByTestId('history-count').textContent).toBe('2 payments');
  });

  it('filters by payee and by text (reference, X-Request-ID, initiation id)', async () => {
    const core = await signedIn();
    const { jon } = await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Payee' }), 'guðr');
    await waitFor(() => expect(names()).toEqual(['Guðrún']));
    expect(lastHistoryCall(core)?.filter).toEqual({ payee: 'guðr' });

    await user.clear(screen.getByRole('searchbox', { name: 'Payee' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), jon.requestId);
    await waitFor(() => expect(names()).toEqual(['Jón']));
    expect(lastHistoryCall(core)?.filter).toEqual({ text: jon.requestId });

    await user.clear(screen.getByRole('searchbox', { name: 'Text' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'leiga');
    await waitFor(() => expect(names()).toEqual(['Guðrún']));
    expect(lastHistoryCall(core)?.filter).toEqual({ text: 'leiga' });
    await user.clear(screen.getByRole('searchbox', { name: 'Text' }));
    await user.type(screen.getByRole('searchbox', { name: 'Text' }), jon.initiationId?.slice(0, 13) ?? 'none');
    await waitFor(() => expect(names()).toEqual(['Jón']));
  });

  it('filters by calendar days on the customer’s clock, the last day included', async () => {
    const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
    sandbox().clock.set(day(2026, 11, 1));
    const core = await signedIn();
    await pay(core, toBjorn(100, { payeeName: 'Early' }));
    sandbox().clock.set(day(2026, 11, 10, 23));
    await pay(core, toBjorn(200, { payeeName: 'Inside' }));
    sandbox().clock.set(day(2026, 11, 11, 0));
    await pay(core, toBjorn(300, { payeeName: 'Late' }));
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('To date (inclusive)'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(text(rows()[0])).toContain('Inside');
    expect(lastHistoryCall(core)?.filter).toEqual({
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
    expect(lastHistoryCall(core)?.filter).toEqual({});
  });
});

describe('history: a payment’s details', () => {
  it('shows every field, with accounts and kennitala written for people', async () => {
    const core = await signedIn();
    const { jon } = await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const field = (label: string) => text(within(dialog).getByText(label).nextElementSibling);
    expect(field('Amount')).toBe('ISK 7,000');
    expect(field('Payment id in this app')).toBe(jon.id);
    expect(field('X-Request-ID')).toBe(jon.requestId);
    expect(field('Initiation id (from the bank)')).toBe(sandbox().initiations()[0]?.initiation.id);
    // The bank took it, but its status query failed: no status or payment date from the bank yet.
    expect(field('Bank status')).toBe(text(within(dialog).getByText('Payment date').nextElementSibling));
    expect(field('From account')).toBe('0133-26-012345');
    expect(field('Account owner (kennitala)')).toBe('120385-****');
    expect(field('Payee')).toBe('Jón');
    expect(field('Payee’s kennitala')).toBe('010190-2319');
    expect(field('To account')).toBe('0515-26-004321');
    expect(field('Reference')).toBe('Hjól');
    expect(field('Text for the payee')).toBe('Fyrir hjólið');
    expect(field('Sent to the bank')).toBe('Once');
    expect(field('First sent')).toBe(formatDateTime(jon.firstSentAt ?? 0, 'en'));
    const history = within(dialog).getByText('Status history').nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['Confirmed', 'Sending', 'Accepted']);
    expect(within(dialog).queryByTestId('payment-failure')).toBeNull();
    // The row's data shows at once, and the main process is asked for the latest.
    expect(core.requests('getPayment')).toEqual([{ id: jon.id }]);
  });

  it('shows the bank’s status and payment date of a settled payment', async () => {
    const core = await signedIn();
    const { bjorn } = await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    const field = (label: string) => text(within(dialog).getByText(label).nextElementSibling);
    expect(field('Bank status')).toBe('ACCC');
    expect(field('Payment date')).toBe(formatDateTime(Date.parse(bjorn.paymentDate ?? ''), 'en'));
    const history = within(dialog).getByText('Status history').nextElementSibling as HTMLElement;
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(':')[0]),
    ).toEqual(['Confirmed', 'Sending', 'Accepted', 'Paid']);
  });

  it('explains a bank error with the catalogue’s text and what to do', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[1]!);
    const failure = await screen.findByTestId('payment-failure');
    expect(failure.textContent).toContain(bankErrorTexts.AmountUnavailable.en.title);
    expect(failure.textContent).toContain(bankErrorTexts.AmountUnavailable.en.action);
    expect(failure.textContent).toContain('AmountUnavailable, ERR_80102_105, HTTP 400');
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  /** Opens the details of the only payment of its kind and returns what the failure says. */
  async function failureOf(core: InProcessWallet, row = 0) {
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows().length).toBeGreaterThan(row));
    await user.click(rows()[row]!);
    return text(await screen.findByTestId('payment-failure'));
  }

  it('explains a send whose connection failed (NetworkError)', async () => {
    const core = await signedIn();
    sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
    expect(await pay(core, toBjorn(1500))).toMatchObject({ state: 'unknown', error: { name: 'NetworkError' } });
    expect(await failureOf(core)).toContain('The connection to the bank failed.');
  });

  it('explains a send the bank did not answer in time (Timeout)', async () => {
    // The bank holds the answer longer than the app waits for it.
    const core = await signedIn({ bankDeadlineMs: 100 });
    sandbox().faults.add({ route: 'payments.create', kind: 'delay', delayMs: 300 });
    expect(await pay(core, toBjorn(1500))).toMatchObject({ state: 'unknown', error: { name: 'Timeout' } });
    // The bank still takes it once it is done waiting; the test waits for that, not for time.
    await waitFor(() => expect(sandbox().initiations()).toHaveLength(1), { timeout: 5_000 });
    expect(await failureOf(core)).toContain('The bank did not answer in time.');
  });

  it('explains a payment whose answer was lost, checked again more than 24 hours after it was confirmed (WindowExpired)', async () => {
    const core = await signedIn();
    const confirmed = await core.value('confirmPayment', { draft: toBjorn(1500) });
    // Lost every time, so that the app's own follow-up learns nothing either.
    sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
    expect(await core.value('submitPayment', { id: confirmed.id })).toMatchObject({ state: 'unknown' });
    sandbox().clock.advanceSeconds(DAY_MS / 1000);
    await act(() => core.wallet.idle());
    expect(await core.value('checkAgain', { id: confirmed.id })).toMatchObject({
      state: 'unknown',
      error: { name: 'WindowExpired', code: 'REQUEST_ID_EXPIRED' },
    });
    expect(await failureOf(core)).toContain('More than 24 hours passed since you confirmed the payment');
  });

  it.each([
    ['en', 'Sent to the bank', 'Tried 15 times, always with the same request id'],
    ['is', 'Send til bankans', 'Reynt 15 sinnum, alltaf með sama auðkenni'],
  ] as const)(
    'says how often the app sent a payment as what it did, not as a bare count (%s)',
    async (language, label, words) => {
      const core = await signedIn({ language });
      await seedPayments(core, [paymentRecord(1, { state: 'unknown', createdAt: now(), attempts: 15 })]);
      const { user } = await openHistory(core);
      await waitFor(() => expect(rows()).toHaveLength(1));
      await user.click(rows()[0]!);
      const dialog = await screen.findByRole('dialog');
      expect(text(within(dialog).getByText(label).nextElementSibling)).toBe(words);
    },
  );

  it('explains a payment the app stopped in the middle of sending (Interrupted)', async () => {
    const core = await signedIn();
    // What the journal holds when the app stopped mid-send: the payment marked as being sent, nothing after it.
    await seedPayments(core, [paymentRecord(1, { state: 'sending', createdAt: now() })]);
    expect(await core.value('getPayment', { id: 'seeded-000001' })).toMatchObject({
      state: 'unknown',
      error: { name: 'Interrupted', code: 'INTERRUPTED' },
    });
    expect(await failureOf(core)).toContain('The app stopped while the payment was being sent.');
  });

  it('explains a payment the app did not send because of the daily limit (LOCAL_DAILY_LIMIT)', async () => {
    sandbox().clock.set('2026-11-22T23:30:00.000Z');
    const core = await signedIn();
    // Confirmed before midnight (it counts on that day until it is sent) and sent after another filled the new day.
    const late = await core.value('confirmPayment', { draft: toBjorn(150_000) });
    sandbox().clock.set('2026-11-23T00:30:00.000Z');
    await core.value('confirmPayment', { draft: toBjorn(150_001) });
    expect(await core.value('submitPayment', { id: late.id })).toMatchObject({
      state: 'rejected',
      error: { name: 'OverDailyAmount', code: 'LOCAL_DAILY_LIMIT' },
    });
    expect(await failureOf(core, 1)).toContain(
      'The app did not send this payment: it would have gone over today’s limit of ISK 200,000.',
    );
  });

  it('explains a failure it does not know (a record from a newer version of the app)', async () => {
    const core = await signedIn();
    await seedPayments(core, [
      paymentRecord(1, {
        state: 'unknown',
        createdAt: now(),
        error: { name: 'SomethingNew', code: 'X', message: 'technical' },
      }),
    ]);
    expect(await failureOf(core)).toContain('The payment did not go through as expected.');
  });

  it.each([
    ['en', 'Review payment', /^Pay ISK\s1,500$/, 'History', 'The connection to the bank failed.'],
    ['is', 'Yfirfara greiðslu', /^Greiða 1\.500\s?kr\.$/, 'Saga', 'Sambandið við bankann rofnaði.'],
  ] as const)(
    'explains a failure as the pay screen’s result did, word for word (%s)',
    async (language, review, payButton, history, title) => {
      const core = await signedIn({ language, accounts: [{ accountNumber: '0133-26-012345', label: 'Main' }] });
      sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
      const user = person();
      render(<App wallet={core.api} store={createAppStore(core.api, language)} />);
      await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
      await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
      await user.type(screen.getByTestId('amount'), '1500');
      await user.click(screen.getByRole('button', { name: review }));
      await user.click(await screen.findByRole('button', { name: payButton }));
      const said = text(await screen.findByTestId('payment-error'));
      expect(said).toContain(title);
      await user.click(screen.getByRole('button', { name: history }));
      await waitFor(() => expect(rows()).toHaveLength(1));
      await user.click(rows()[0]!);
      const failure = await screen.findByTestId('payment-failure');
      // Title and what to do: one explainer and one set of words for both screens.
      expect(text(within(failure).getByTestId('payment-error'))).toBe(said);
    },
  );

  it('refreshes the status of an accepted payment, in the details and in the list', async () => {
    const core = await signedIn();
    const { jon } = await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    expect(await within(dialog).findByText('Status updated: Paid.')).toBeTruthy();
    expect(core.requests('refreshStatus')).toEqual([{ id: jon.id }]);
    expect(within(dialog).getByText('Bank status').nextElementSibling?.textContent).toBe('ACCC');
    // Settled: nothing more to ask.
    expect(within(dialog).queryByRole('button', { name: 'Check now' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(text(rows()[2])).toContain('Paid');
  });

  it.each([
    {
      fault: 'dropBeforeProcessing' as const,
      code: 'BANK_UNREACHABLE',
      said: 'The status could not be refreshed. The bank could not be reached to renew the app’s access.',
      action: 'Check your internet connection and try again. You are still signed in.',
    },
    {
      fault: 'status500' as const,
      code: 'TOKEN_REQUEST_FAILED',
      said: 'The status could not be refreshed. The bank did not renew the app’s access this time.',
      action: 'Try again in a little while. If it keeps happening, sign out and sign in with your bank again.',
    },
  ])('explains a refresh whose token renewal failed ($code), and what to do', async ({ fault, code, said, action }) => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    // The access token has expired, and the bank's token endpoint cannot give a new one.
    minutes(61);
    // Every renewal fails: the app's own follow-up, moved by the clock, meets the same.
    sandbox().faults.add({ route: 'token', kind: fault, count: 1000 });
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    const alert = await within(dialog).findByRole('alert');
    expect(core.calls.findLast((call) => call.channel === 'refreshStatus')?.answer).toMatchObject({
      ok: false,
      error: { code },
    });
    expect(alert.textContent).toBe(said);
    expect(text(within(dialog).getByTestId('refresh-error'))).toContain(action);
    // Still signed in: the customer may simply try again.
    expect(within(dialog).getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('history: CSV export', () => {
  it('exports with the current filter and says where it saved', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        `Saved 1 payment to a2a-wallet-local-sandbox-2026-11-22.csv in ${core.platform.savedDir}.`,
      ),
    );
    expect(core.requests('exportHistory')).toEqual([{ filter: { states: ['settled'] } }]);
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        // The same day's second export is saved beside the first, not over it.
        `Saved 3 payments to a2a-wallet-local-sandbox-2026-11-22 (2).csv in ${core.platform.savedDir}.`,
      ),
    );
    // The folder opens on the file just saved, through main, which shows only what this run exported.
    await user.click(screen.getByRole('button', { name: 'Show in folder' }));
    await waitFor(() =>
      expect(core.platform.shownFiles).toEqual([
        `${core.platform.savedDir}/a2a-wallet-local-sandbox-2026-11-22 (2).csv`,
      ]),
    );
  });

  it('says nothing when the customer cancels the save dialog', async () => {
    const core = await signedIn();
    await threePayments(core);
    core.saveDialog = 'cancel';
    const { user } = await openHistory(core);
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(core.requests('exportHistory')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export to CSV' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByTestId('export-status').textContent).toBe('');
    expect(screen.queryByTestId('export-error')).toBeNull();
  });

  it('explains an export that failed', async () => {
    const core = await signedIn();
    await threePayments(core);
    // The file could not be written where the customer chose.
    core.saveDialog = 'fail';
    const { user } = await openHistory(core);
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe(
      'The history was not exported. Something went wrong in the app. Try again; if it keeps happening, restart the app.',
    );
  });
});

const DAMAGED_TEXT = 'This payment’s record is damaged: check your online banking before paying again.';
const DAMAGED_TEXT_IS = 'Færsla þessarar greiðslu er skemmd: athugaðu netbankann þinn áður en þú greiðir aftur.';

/**
 * A damaged record that could still be read (Björn, 1 500, settled), and one of which nothing could be read (at the
 * start of the journal, so the oldest). Both as the core finds them on disk at its start.
 */
async function damagedPayments(core: InProcessWallet) {
  await addUnreadableRecord(core);
  // The store is flagged by it (issue 38), and meanwhile a record of which nothing can be read counts in full on
  // every day: the customer checks their online banking and says so, and the next payment can go.
  await core.value('acceptHistory');
  // The bank takes it but its status query fails: accepted, with the bank's answer on it. Asked about once more, it
  // is settled in a second record, and that last one is the one damaged.
  sandbox().faults.add({ route: 'payments.get', kind: 'status500' });
  const readable = await pay(core, toBjorn(1500));
  expect(readable.state).toBe('accepted');
  expect((await core.value('refreshStatus', { id: readable.id })).state).toBe('settled');
  await damageRecord(core, readable.id);
  return { readable };
}

describe('history: a damaged record', () => {
  it('shows the badge and what to do in the list, the amount of an unreadable one as the most it could be', async () => {
    const core = await signedIn();
    await damagedPayments(core);
    const { container } = await openHistory(core);
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
    const core = await signedIn();
    await damagedPayments(core);
    // Checked at the bank again (the damaged record flagged the store): the three payments can go.
    await core.value('acceptHistory');
    minutes(1);
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(5));
    const states = screen.getByRole('group', { name: 'Status' });
    await user.click(within(states).getByRole('checkbox', { name: 'Record damaged' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastHistoryCall(core)?.filter).toEqual({ states: ['damaged'] });
  });

  it('says first, in the details, to check the online banking; offers no refresh or check again', async () => {
    const core = await signedIn();
    const { readable } = await damagedPayments(core);
    // Even with the bank's answer on it, a damaged record is never asked about again.
    expect(await core.value('getPayment', { id: readable.id })).toMatchObject({
      state: 'damaged',
      initiationId: readable.initiationId,
    });
    const { user, container } = await openHistory(core);
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
    expect(within(dialog).queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Check now' })).toBeNull();
    await expectAxeClean(container);
  });

  it('shows an unreadable record’s accounts as unreadable, and its amount as the most it could be', async () => {
    const core = await signedIn();
    await damagedPayments(core);
    const { user } = await openHistory(core);
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
    const core = await signedIn();
    const { jon } = await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    // While the details show, the record is damaged on disk and the core reads it afresh.
    await damageRecord(core, jon.id);
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`The status could not be refreshed. ${DAMAGED_TEXT}`);
    expect(within(dialog).queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('says the payment is not there once another customer has signed in to the profile', async () => {
    const core = await signedIn();
    await threePayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(rows()[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    // Björn signs in (in another window of the app) while Anna's payment is open here.
    core.as('bjorn');
    await core.value('signIn');
    await user.click(within(dialog).getByRole('button', { name: 'Check now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That payment was not found.');
  });

  it('says it in Icelandic too', async () => {
    const core = await signedIn({ language: 'is' });
    await damagedPayments(core);
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(text(rows()[0]?.querySelector('.history-badge'))).toBe('Færsla skemmd');
    expect(text(rows()[0])).toContain('Athugaðu netbankann áður en þú greiðir aftur');
    expect(text(rows()[1])).toContain('allt að 200.000 kr.');
    expect(
      within(screen.getByRole('group', { name: 'Staða' })).getByRole('checkbox', { name: 'Færsla skemmd' }),
    ).toBeTruthy();
    await user.click(rows()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upplýsingar um greiðslu' });
    expect(text(within(dialog).getByTestId('payment-failure'))).toContain(DAMAGED_TEXT_IS);
    expect(text(within(dialog).getByText('Á reikning').nextElementSibling)).toBe('Ekki hægt að lesa');
  });
});

describe('history in Icelandic', () => {
  it('speaks Icelandic: list, states, counts, details, errors and export', async () => {
    const core = await signedIn({ language: 'is' });
    await threePayments(core);
    const { user } = await openHistory(core);
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
    expect(within(dialog).getByText('Kennitala viðtakanda').nextElementSibling?.textContent).toBe('231164-2009');
    await user.click(within(dialog).getByRole('button', { name: 'Loka' }));

    await user.click(within(screen.getByRole('group', { name: 'Staða' })).getByRole('checkbox', { name: 'Hafnað' }));
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('1 greiðsla'));
    await user.click(screen.getByRole('button', { name: 'Flytja út í CSV' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-status').textContent).toBe(
        `Vistaði 1 greiðslu í skrána a2a-wallet-local-sandbox-2026-11-22.csv í möppunni ${core.platform.savedDir}.`,
      ),
    );
  });
});

describe('the history screen’s layout and date fields', () => {
  it('takes dates typed in the app’s own format, day.month.year, in both languages', async () => {
    const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
    sandbox().clock.set(day(2026, 11, 1));
    const core = await signedIn({ language: 'is' });
    await pay(core, toBjorn(100, { payeeName: 'Early' }));
    sandbox().clock.set(day(2026, 11, 10));
    await pay(core, toBjorn(200, { payeeName: 'Inside' }));
    const { user, store } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const from = screen.getByLabelText<HTMLInputElement>('Frá dagsetningu');
    // Not the browser's date input, which shows its own locale's mm/dd/yyyy.
    expect(from.type).toBe('text');
    expect(from.placeholder).toBe('dd.mm.áááá');
    await user.type(from, '5.11.2026');
    await waitFor(() => expect(names()).toEqual(['Inside']));
    expect(lastHistoryCall(core)?.filter).toEqual({ from: new Date(2026, 10, 5).getTime() });
    // A day that does not exist is marked, said, and filters nothing: not the last good day kept out of sight.
    await user.clear(from);
    await user.type(from, '31.02.2026');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    const said = 'Dagsetningin 31.02.2026 er ekki til, svo listinn er ekki síaður eftir henni.';
    expect(screen.getByText(said).id).toBe(from.getAttribute('aria-describedby')?.split(' ').at(-1));
    await waitFor(() => expect(names()).toEqual(['Inside', 'Early']));
    expect(lastHistoryCall(core)?.filter).toEqual({});
    // Clear filters empties the field too.
    await user.click(screen.getByRole('button', { name: 'Hreinsa síur' }));
    expect(from.value).toBe('');
    expect(screen.queryByText(said)).toBeNull();
    await store.getState().actions.updateSettings({ language: 'en' });
    expect(screen.getByLabelText<HTMLInputElement>('From date').placeholder).toBe('dd.mm.yyyy');
  });

  it('says a date is not one, in place of quietly keeping the last good one: an impossible day at once, half a date on leaving', async () => {
    const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
    sandbox().clock.set(day(2026, 11, 1));
    const core = await signedIn();
    await pay(core, toBjorn(100, { payeeName: 'Early' }));
    sandbox().clock.set(day(2026, 11, 10));
    await pay(core, toBjorn(200, { payeeName: 'Inside' }));
    const { user } = await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const to = screen.getByLabelText<HTMLInputElement>('To date (inclusive)');
    await user.type(to, '28.02.2026');
    await waitFor(() => expect(rows()).toHaveLength(0));
    // The customer means the 31st: the list must not stay filtered to the 28th under a field that says 31.
    await user.clear(to);
    await user.type(to, '31.02.2026');
    expect(screen.getByText('31.02.2026 is not a date, so the list is not filtered by it.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastHistoryCall(core)?.filter).toEqual({});
    // Half a date is not scolded while it is typed, only when the customer leaves it so.
    await user.clear(to);
    await user.type(to, '5.11');
    expect(screen.queryByText(/Type the date as day.month.year/)).toBeNull();
    await user.tab();
    expect(
      screen.getByText('Type the date as day.month.year, like 23.11.2026; until then the list is not filtered by it.'),
    ).toBeTruthy();
    await user.clear(to);
    await user.type(to, '5.11.2026');
    expect(screen.queryByText(/Type the date as day.month.year/)).toBeNull();
    await waitFor(() => expect(names()).toEqual(['Early']));
  });

  it('reads no impossible ISO day as the next month’s', () => {
    expect(startOfLocalDay('2026-02-31')).toBeUndefined();
    expect(toFilter({ ...emptyForm(), from: '2026-02-31', to: '31.02.2026' })).toEqual({});
    expect(startOfLocalDay('2026-02-28', 1)).toBe(new Date(2026, 2, 1).getTime());
  });

  it('is as tall as its few rows, with no empty box under them', async () => {
    const core = await signedIn();
    await pay(core, toBjorn(100));
    await pay(core, toBjorn(200));
    await openHistory(core);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('history-scroller').style.height).toBe(`min(60vh, 36rem, ${2 * ROW_HEIGHT + 2}px)`);
  });
});
