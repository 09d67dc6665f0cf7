import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATE_NAMES, PAYMENT_TERMS } from '../../common/glossary.ts';
import { draftFrom, type InProcessWallet } from '../support/in-process-wallet.ts';
import { damageRecord } from '../support/seed-payments.ts';
import { intlWithout } from './intl-without.ts';
import {
  ANNAS_ACCOUNT,
  answeredResult,
  expectAxeClean,
  type OpenOptions,
  renderApp,
  walletsPerTest,
} from './render-app.tsx';

/** 20:48 GMT: today's limit resets in 3 h 12 min. */
const EVENING = '2026-11-22T20:48:00.000Z';
const wallets = walletsPerTest(EVENING);
/** Anna, signed in, with her payment account added. */
const signedIn = (options: OpenOptions = {}) =>
  wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], ...options });
/** Intl puts no-break spaces in amounts; tests read them as plain spaces. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const PAY = { name: /^Pay ISK\s1,500$/ };

/** A payment made earlier through the core, as the app (another window, an earlier run) would have made it. */
async function paidEarlier(core: InProcessWallet, amount: number) {
  const confirmed = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
  return core.value('submitPayment', { id: confirmed.id });
}

/** Main's last answer on a channel through the app's wallet. */
const lastAnswer = (core: InProcessWallet, channel: string) =>
  core.calls.findLast((call) => call.channel === channel)?.answer;

async function fill(user: Awaited<ReturnType<typeof renderApp>>['user'], fields: Record<string, string>) {
  for (const [testId, value] of Object.entries(fields)) {
    const input = screen.getByTestId(testId);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const bjorn = { 'deposit-kennitala': '050792-2189', 'deposit-account': '0133-26-020001', amount: '1500' };

describe('the pay form', () => {
  it('shows the owner, the own account, and the daily limit with its reset in GMT', async () => {
    await renderApp(await signedIn());
    expect((await screen.findByTestId('owner')).textContent).toContain('Anna Jónsdóttir (120385-****)');
    expect((await screen.findByLabelText<HTMLSelectElement>('Your account')).value).toBe('013326012345');
    const meter = await screen.findByTestId('limit-meter');
    await waitFor(() => expect(plain(meter)).toContain('ISK 200,000 of ISK 200,000 left today'));
    expect(plain(meter)).toContain('left today; resets at 00:00 GMT (in 3 h 12 min)');
  });

  it('shows the limit reset once main’s day moves on past midnight GMT, with the form left alone', async () => {
    const core = await signedIn();
    await paidEarlier(core, 30_000);
    await renderApp(core);
    const meter = await screen.findByTestId('limit-meter');
    await waitFor(() => expect(plain(meter)).toContain('ISK 170,000 of ISK 200,000 left today'));
    core.sandbox.clock.set('2026-11-23T00:30:00.000Z');
    await core.wallet.idle();
    await waitFor(() => expect(plain(meter)).toContain('ISK 200,000 of ISK 200,000 left today'));
    expect(plain(meter)).toContain('(in 23 h 30 min)');
  });

  it('groups the amount as typed, in each language', async () => {
    const { user, store } = await renderApp(await signedIn());
    await user.type(await screen.findByTestId('amount'), '1500');
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
    expect(screen.getByText('ISK')).toBeTruthy();
    await store.getState().actions.updateSettings({ language: 'is' });
    await user.clear(screen.getByTestId('amount'));
    await user.type(screen.getByTestId('amount'), '15000');
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('15.000');
    expect(screen.getByText('kr.')).toBeTruthy();
  });

  it('puts each check beside its field once the field is left', async () => {
    const { user } = await renderApp(await signedIn());
    await screen.findByTestId('amount');
    await fill(user, { 'deposit-kennitala': '520190-1049', 'deposit-account': '12-34', amount: '12.5' });
    await user.tab();
    expect(await screen.findByText('This is a company’s kennitala. Payments can only go to individuals.')).toBeTruthy();
    expect(screen.getByText('An account number is 4 + 2 + 6 digits, like 0133-26-012345.')).toBeTruthy();
    expect(screen.getByText('Krónur have no decimals: enter a whole amount.')).toBeTruthy();
    expect(screen.getByTestId('amount').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses more than is left of today’s limit, and paying into the same account', async () => {
    const core = await signedIn();
    await paidEarlier(core, 199_000);
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(user, { ...bjorn, amount: '5000', 'deposit-account': '0133-26-012345' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText(/That is more than is left of today’s limit \(ISK\s1,000\)\./)).toBeTruthy();
    expect(screen.getByText('You cannot pay into the account you pay from.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Fix the fields marked before you continue.');
    expect(screen.queryByText('Review the payment')).toBeNull();
  });

  it('marks a first payment to a new payee, and saves the payee from the form', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(user, { ...bjorn, 'payee-name': 'Björn' });
    expect(await screen.findByTestId('new-payee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as payee' }));
    expect(await screen.findByText('Saved as a payee.')).toBeTruthy();
    expect(await core.value('listPayees')).toMatchObject([
      { name: 'Björn', kennitala: '0507922189', accountNumber: '013326020001' },
    ]);
  });

  it('does not offer to save a payee again on the result once it was saved from the form', async () => {
    const { user } = await renderApp(await signedIn());
    await screen.findByTestId('amount');
    await fill(user, { ...bjorn, 'payee-name': 'Björn' });
    await user.click(await screen.findByRole('button', { name: 'Save as payee' }));
    await screen.findByText('Saved as a payee.');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', PAY));
    await screen.findByRole('heading', { name: 'Payment sent' });
    // The first payment to Björn, but he is saved already.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save as payee' })).toBeNull());
    expect(screen.getByRole('button', { name: 'New payment' })).toBeTruthy();
  });

  it('does not mark a payee the bank has taken a payment to before', async () => {
    const core = await signedIn();
    await paidEarlier(core, 700);
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(user, bjorn);
    await waitFor(() => expect(lastAnswer(core, 'validatePayment')).toMatchObject({ value: { newPayee: false } }));
    expect(screen.queryByTestId('new-payee')).toBeNull();
  });

  it('still marks a payee whose only earlier payment has an unknown outcome', async () => {
    const core = await signedIn();
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
    expect(await paidEarlier(core, 700)).toMatchObject({ state: 'unknown' });
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(user, bjorn);
    expect(await screen.findByTestId('new-payee')).toBeTruthy();
  });

  it('fills the form from a saved payee', async () => {
    const core = await signedIn();
    const [payee] = await core.value('savePayee', {
      name: 'Björn',
      kennitala: '0507922189',
      accountNumber: '0133-26-020001',
    });
    const { user } = await renderApp(core);
    await user.selectOptions(await screen.findByLabelText('Saved payee'), payee?.id ?? '');
    expect((screen.getByTestId('deposit-kennitala') as HTMLInputElement).value).toBe('050792-2189');
    expect((screen.getByTestId('deposit-account') as HTMLInputElement).value).toBe('0133-26-020001');
  });

  it('asks for the own account first when there is none, and adds it', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    const { user } = await renderApp(core);
    expect(await screen.findByText(/The bank does not list your accounts/)).toBeTruthy();
    await user.type(screen.getByTestId('new-account-number'), '0133-26-012345');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(((await screen.findByLabelText('Your account')) as HTMLSelectElement).value).toBe('013326012345');
    expect(await core.value('listAccounts')).toMatchObject([{ accountNumber: '013326012345' }]);
  });
});

describe('the pay form’s words', () => {
  // Issue 16: the form, the review, the payment's details and the CSV give a field one name (common/glossary.ts).
  it.each([
    ['en', 'Review payment', /^Pay ISK\s1,500$/],
    ['is', 'Yfirfara greiðslu', /^Greiða 1\.500\s?kr\.$/],
  ] as const)(
    'names the fields and states as the payment’s details and the export do (%s)',
    async (language, review, pay) => {
      const terms = PAYMENT_TERMS[language];
      const { user } = await renderApp(await signedIn({ language }));
      await user.type(await screen.findByLabelText(terms.payeeKennitala), '050792-2189');
      await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
      await user.type(screen.getByLabelText(terms.amount), '1500');
      await user.type(screen.getByLabelText(terms.reference), 'Rent');
      await user.type(screen.getByLabelText(terms.extendedReference), 'For November');
      await user.click(screen.getByRole('button', { name: review }));
      await screen.findByTestId('review-words');
      expect(plain(termed(terms.amount))).toMatch(/1[,.]500/);
      expect(termed(terms.reference).textContent).toBe('Rent');
      expect(termed(terms.extendedReference).textContent).toBe('For November');
      await user.click(screen.getByRole('button', { name: pay }));
      await answeredResult();
      // The sandbox settles at once: "Paid", as the history and the CSV call a settled payment.
      expect(termed(terms.bankStatus).textContent).toBe(`${PAYMENT_STATE_NAMES[language].settled} (ACCC)`);
      expect(termed(terms.requestId).textContent).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(termed(terms.initiationId).textContent).toBe(wallets.sandbox().initiations()[0]?.initiation.id);
    },
  );
});

/** What a summary on screen says beside a term (`<dt>term</dt><dd>…</dd>`). */
function termed(term: string): HTMLElement {
  const dt = screen.getAllByRole('term').find((element) => element.textContent === term);
  const dd = dt?.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`Nothing on screen is called ${term}`);
  return dd;
}

describe('review and pay', () => {
  async function toReview(core: InProcessWallet) {
    const view = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(view.user, { ...bjorn, 'payee-name': 'Björn', reference: 'Rent' });
    await view.user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByText('Review the payment');
    return view;
  }

  it('shows every field and the amount in words and figures before anything is sent', async () => {
    const core = await signedIn();
    await toReview(core);
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 1,500');
    expect(screen.getByTestId('review-words').textContent).toBe('one thousand five hundred krónur');
    expect(screen.getByTestId('review-to').textContent).toBe('Björn · 050792-2189 · 0133-26-020001');
    expect(screen.getByText('Rent')).toBeTruthy();
    expect(core.requests('confirmPayment')).toEqual([]);
    expect((await core.value('historyPage', {})).total).toBe(0);
  });

  it('goes back to the form with the draft as it was', async () => {
    const { user } = await toReview(await signedIn());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
  });

  it('pays once: the button locks at the first press, then the bank’s id and status show', async () => {
    const core = await signedIn();
    const { user } = await toReview(core);
    const pay = screen.getByRole('button', PAY);
    await user.dblClick(pay);
    const result = await answeredResult();
    // The sandbox bank settles at once: the status query after the send says ACCC.
    expect(result.dataset['state']).toBe('settled');
    expect(within(result).getByText('Payment sent')).toBeTruthy();
    const [initiation] = wallets.sandbox().initiations();
    expect(wallets.sandbox().initiations()).toHaveLength(1);
    expect(screen.getByTestId('initiation-id').textContent).toBe(initiation?.initiation.id);
    expect(core.requests('confirmPayment')).toHaveLength(1);
    expect(core.requests('submitPayment')).toHaveLength(1);
  });

  it('makes a duplicate be acknowledged before paying again', async () => {
    const core = await signedIn();
    const earlier = await paidEarlier(core, 1500);
    const { user } = await toReview(core);
    expect(plain(await screen.findByTestId('duplicate-warning'))).toContain('You paid ISK 1,500');
    const pay = screen.getByRole('button', PAY) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await user.click(screen.getByLabelText('Yes, pay again'));
    expect(pay.disabled).toBe(false);
    await user.click(pay);
    await answeredResult();
    // The acknowledgement names the payment the warning was about, so a second press cannot reuse it.
    expect(core.requests('confirmPayment')).toMatchObject([{ acknowledgeDuplicate: earlier.id }]);
    expect(wallets.sandbox().initiations()).toHaveLength(2);
  });

  it('no longer warns 24 hours after the same payment was sent', async () => {
    const core = await signedIn();
    await paidEarlier(core, 1500);
    wallets.sandbox().clock.advanceSeconds(24 * 60 * 60);
    const { user } = await toReview(core);
    expect(screen.queryByTestId('duplicate-warning')).toBeNull();
    await user.click(screen.getByRole('button', PAY));
    await answeredResult();
    expect(core.requests('confirmPayment')).toEqual([{ draft: expect.anything() as unknown }]);
    expect(wallets.sandbox().initiations()).toHaveLength(2);
  });

  it('explains a refusal with the bank catalogue’s text and what to do, and keeps the draft', async () => {
    // Anna's savings account has nothing in it: the bank refuses with AmountUnavailable.
    const core = await signedIn({ accounts: [{ accountNumber: '0133-15-012346', label: 'Savings' }] });
    const { user } = await toReview(core);
    await user.click(screen.getByRole('button', PAY));
    expect((await screen.findByTestId('payment-error')).textContent).toMatch(/not enough|funds/i);
    expect(screen.getByTestId('pay-result').dataset['state']).toBe('rejected');
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
  });

  it('when the bank says the limit is used up (by another app), says when it resets rather than to pay less', async () => {
    const core = await wallets.open({
      signedInAs: 'sigga',
      accounts: [{ accountNumber: '0133-26-040001', label: 'Greiðslureikningur' }],
    });
    const { user } = await toReview(core);
    await user.click(screen.getByRole('button', PAY));
    const error = await screen.findByTestId('payment-error');
    expect(screen.getByTestId('pay-result').dataset['state']).toBe('rejected');
    await waitFor(() =>
      expect(plain(error)).toContain(
        'Nothing is left of today’s limit, so no payment can go through apps until it resets at 00:00 GMT (3 h 12 min from now).',
      ),
    );
    expect(plain(error)).not.toContain('Pay a smaller amount');
  });

  it('offers Try again now for an unknown outcome, saying it reuses the same request id', async () => {
    const core = await signedIn();
    // The bank takes the payment and the answer is lost on the way back.
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    const { user } = await toReview(core);
    await user.click(screen.getByRole('button', PAY));
    const result = await answeredResult();
    expect(result.dataset['state']).toBe('unknown');
    const requestId = screen.getByTestId('request-id').textContent ?? '';
    expect(result.textContent).toContain(`same request id (${requestId})`);
    expect(result.textContent).toContain('The connection to the bank failed.');

    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    const [payment] = (await core.value('historyPage', {})).items;
    expect(core.requests('checkAgain')).toEqual([{ id: payment?.id }]);
    expect(screen.getByTestId('request-id').textContent).toBe(requestId);
    // The bank replayed the first answer: one payment, not two.
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });

  it('reviews only what the main process checked of the draft as typed, and pays exactly that', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(user, bjorn);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review payment' })).toBeTruthy());
    // The check of the new amount is slow to come back: the last answer is for ISK 1,500.
    const release = core.hold('validatePayment');
    await fill(user, { amount: '2500' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(screen.queryByText('Review the payment')).toBeNull();

    release();
    await screen.findByText('Review the payment');
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 2,500');
    await user.click(screen.getByRole('button', { name: /^Pay ISK\s2,500$/ }));
    await answeredResult();
    expect(core.requests('confirmPayment')).toMatchObject([{ draft: { amount: '2,500' } }]);
    expect(
      wallets
        .sandbox()
        .initiations()
        .map((record) => record.initiation.amount.amount),
    ).toEqual([2500]);
  });

  it('says no error that a check of what a field held before found: the form does not move under a click', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    // The empty form's check is back: every field is missing, said once a field is left.
    await waitFor(() => expect(lastAnswer(core, 'validatePayment')).toBeDefined());
    const release = core.hold('validatePayment');
    await fill(user, bjorn);
    const form = screen.getByRole('form', { name: 'Pay' });
    // Leaving the amount for a button below it: that answer is still not back. A field left is not said to be
    // missing, which would move the button away between the press and the release of the pointer.
    await user.click(screen.getByRole('button', { name: 'Pay later or repeat' }));
    expect(form.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(await screen.findByTestId('schedule-editor')).toBeTruthy();
    release();
    await waitFor(() => expect(lastAnswer(core, 'validatePayment')).toMatchObject({ ok: true, value: { errors: {} } }));
    expect(form.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    // What a field holds now, checked and wrong, is said as before.
    await fill(user, { amount: '12.5' });
    expect(await screen.findByText('Krónur have no decimals: enter a whole amount.')).toBeTruthy();
  });

  it('does not lose a press of Review that comes before the first check is back', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    const release = core.hold('validatePayment');
    await fill(user, bjorn);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    release();
    expect(await screen.findByText('Review the payment')).toBeTruthy();
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 1,500');
  });

  it('shows the errors, not the review, when the check that comes back finds some', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    const release = core.hold('validatePayment');
    await fill(user, { ...bjorn, amount: '12.5' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    release();
    expect(await screen.findByText('Krónur have no decimals: enter a whole amount.')).toBeTruthy();
    expect(screen.queryByText('Review the payment')).toBeNull();
  });

  it('reports a confirm refused by the main process and lets the customer try again', async () => {
    const core = await signedIn();
    const { user } = await toReview(core);
    // While the review shows, another window of the app spends all but ISK 1,000 of today's limit.
    await paidEarlier(core, 199_000);
    await user.click(screen.getByRole('button', PAY));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment has errors. Check the fields marked.');
    expect((screen.getByRole('button', PAY) as HTMLButtonElement).disabled).toBe(false);
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });

  it('works in Icelandic, with the amount in Icelandic words', async () => {
    const core = await signedIn({ language: 'is' });
    const view = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(view.user, bjorn);
    await view.user.click(screen.getByRole('button', { name: 'Yfirfara greiðslu' }));
    expect((await screen.findByTestId('review-words')).textContent).toBe('eitt þúsund og fimm hundruð krónur');
    expect(screen.getByRole('button', { name: /Greiða 1\.500\s?kr\./ })).toBeTruthy();
  });
});

describe('Icelandic that reads as Icelandic, and one currency style (issue 16)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function payInIcelandic(core: InProcessWallet, name: string) {
    const view = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(view.user, { ...bjorn, 'payee-name': name });
    await view.user.click(screen.getByRole('button', { name: 'Yfirfara greiðslu' }));
    await view.user.click(await screen.findByRole('button', { name: /^Greiða 1\.500\s?kr\.$/ }));
    return { ...view, result: await answeredResult() };
  }

  it('names the payee beside the word for payee, so no name has to be declined', async () => {
    const { result } = await payInIcelandic(await signedIn({ language: 'is' }), 'Björn Sigurðsson');
    // "til Björn Sigurðsson" wanted the genitive (til Björns Sigurðssonar), which no app can make of any name.
    expect(plain(within(result).getByRole('status'))).toBe(
      'Bankinn tók við greiðslunni (1.500 kr., viðtakandi: Björn Sigurðsson) og henni er lokið.',
    );
  });

  it('offers to change a refused payment in words that read naturally', async () => {
    // Anna's savings account is empty: the bank refuses.
    const core = await signedIn({
      language: 'is',
      accounts: [{ accountNumber: '0133-15-012346', label: 'Sparnaður' }],
    });
    const { user, result } = await payInIcelandic(core, 'Björn');
    expect(result.dataset['state']).toBe('rejected');
    expect(within(result).queryByText('Aftur í formið')).toBeNull();
    await user.click(within(result).getByRole('button', { name: 'Breyta greiðslunni' }));
    expect(screen.getByTestId<HTMLInputElement>('amount').value).toBe('1.500');
  });

  it.each([
    ['en', 'ISK 200,000', /\d kr\./],
    ['is', '200.000 kr.', /ISK \d/],
  ] as const)(
    'writes every amount of the daily limit’s refusal in one style (%s)',
    async (language, limit, otherStyle) => {
      const core = await wallets.open({
        signedInAs: 'sigga',
        accounts: [{ accountNumber: '0133-26-040001', label: 'Greiðslureikningur' }],
        language,
      });
      const view = await renderApp(core);
      await screen.findByTestId('amount');
      await fill(view.user, bjorn);
      await view.user.click(
        screen.getByRole('button', { name: language === 'en' ? 'Review payment' : 'Yfirfara greiðslu' }),
      );
      await view.user.click(
        await screen.findByRole('button', { name: language === 'en' ? PAY.name : /^Greiða 1\.500\s?kr\.$/ }),
      );
      const error = await screen.findByTestId('payment-error');
      expect(plain(error)).toContain(limit);
      expect(plain(error)).not.toMatch(otherStyle);
      expect(plain(screen.getByTestId('limit-meter'))).not.toMatch(otherStyle);
    },
  );

  it('writes Icelandic amounts and times the Icelandic way on an engine without Icelandic locale data', async () => {
    vi.stubGlobal('Intl', intlWithout('is'));
    const core = await signedIn({ language: 'is' });
    await renderApp(core);
    const meter = await screen.findByTestId('limit-meter');
    expect(plain(meter)).toContain(
      '200.000 kr. af 200.000 kr. eftir í dag; endurstillist kl. 00:00 GMT (eftir 3 klst. 12 mín.)',
    );
    expect(plain(meter)).not.toContain('ISK');
  });
});

describe('a payment whose record is damaged', () => {
  const DAMAGED_TEXT = 'This payment’s record is damaged: check your online banking before paying again.';

  async function toReview(core: InProcessWallet) {
    const view = await renderApp(core);
    await screen.findByTestId('amount');
    await fill(view.user, bjorn);
    await view.user.click(screen.getByRole('button', { name: /^Review payment$|^Yfirfara greiðslu$/ }));
    await screen.findByTestId('review-words');
    return view;
  }

  /**
   * Pay is pressed; the payment is confirmed (its record on disk), and before it is sent its record is damaged
   * and the core restarted, so the send finds it damaged.
   */
  async function payWithRecordDamagedBeforeSending(
    core: InProcessWallet,
    user: Awaited<ReturnType<typeof toReview>>['user'],
    name: RegExp,
  ) {
    const release = core.hold('submitPayment');
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(core.requests('submitPayment')).toHaveLength(1));
    const [sent] = core.requests('submitPayment');
    await damageRecord(core, sent?.id ?? '');
    release();
    return answeredResult();
  }

  it('says to check the online banking when sending is refused because the record is damaged, and offers no Check again', async () => {
    const core = await signedIn();
    const { user, container } = await toReview(core);
    const result = await payWithRecordDamagedBeforeSending(core, user, PAY.name);
    expect(result.dataset['state']).toBe('damaged');
    expect(within(result).getByRole('heading', { name: 'This payment’s record is damaged' })).toBeTruthy();
    expect(
      within(result)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([DAMAGED_TEXT]);
    expect(within(result).queryByRole('button', { name: /^(Check now|Try again now)$/ })).toBeNull();
    expect(within(result).getByRole('button', { name: 'New payment' })).toBeTruthy();
    expect(wallets.sandbox().initiations()).toHaveLength(0);
    await expectAxeClean(container);
  });

  it('stops offering Check again when checking again finds the record damaged', async () => {
    const core = await signedIn();
    // Nothing reaches the bank, twice: the send and the first check again end unknown.
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 2 });
    const { user } = await toReview(core);
    await user.click(screen.getByRole('button', PAY));
    await user.click(await screen.findByRole('button', { name: 'Try again now' }));
    await waitFor(() => expect(core.requests('checkAgain')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Try again now' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByTestId('pay-result').dataset['state']).toBe('unknown');

    // Check again once more: this time main finds the record damaged.
    const [payment] = (await core.value('historyPage', {})).items;
    await damageRecord(core, payment?.id ?? '');
    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('damaged'));
    const result = screen.getByTestId('pay-result');
    expect(within(result).getByRole('alert').textContent).toBe(DAMAGED_TEXT);
    expect(within(result).queryByRole('button', { name: /^(Check now|Try again now)$/ })).toBeNull();
    expect(wallets.sandbox().initiations()).toHaveLength(0);
  });

  it('says it in Icelandic', async () => {
    const core = await signedIn({ language: 'is' });
    const { user } = await toReview(core);
    const result = await payWithRecordDamagedBeforeSending(core, user, /Greiða 1\.500\s?kr\./);
    expect(within(result).getByRole('alert').textContent).toBe(
      'Færsla þessarar greiðslu er skemmd: athugaðu netbankann þinn áður en þú greiðir aftur.',
    );
    expect(within(result).queryByRole('button', { name: /^(Athuga núna|Reyna aftur núna)$/ })).toBeNull();
  });
});
