import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { FakeWallet } from './fake-wallet.ts';
import { renderApp } from './render-app.tsx';

const signedIn = () => new FakeWallet().signedInAsAnna();
/** Intl puts no-break spaces in amounts; tests read them as plain spaces. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const PAY = { name: /^Pay ISK\s1,500$/ };

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
    await renderApp(signedIn());
    expect((await screen.findByTestId('owner')).textContent).toContain('Anna Jónsdóttir (120385-****)');
    expect((screen.getByLabelText('Your account') as HTMLSelectElement).value).toBe('013326012345');
    const meter = await screen.findByTestId('limit-meter');
    await waitFor(() => expect(plain(meter)).toContain('ISK 200,000 of ISK 200,000 left today'));
    expect(plain(meter)).toContain('left today; resets at 00:00 GMT (in 3 h 12 min)');
  });

  it('groups the amount as typed, in each language', async () => {
    const { user, store } = await renderApp(signedIn());
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
    const { user } = await renderApp(signedIn());
    await screen.findByTestId('amount');
    await fill(user, { 'deposit-kennitala': '520190-1049', 'deposit-account': '12-34', amount: '12.5' });
    await user.tab();
    expect(await screen.findByText('This is a company’s kennitala. Payments can only go to individuals.')).toBeTruthy();
    expect(screen.getByText('An account number is 4 + 2 + 6 digits, like 0133-26-012345.')).toBeTruthy();
    expect(screen.getByText('Krónur have no decimals: enter a whole amount.')).toBeTruthy();
    expect(screen.getByTestId('amount').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses more than is left of today’s limit, and paying into the same account', async () => {
    const fake = signedIn();
    fake.usedToday = 199_000;
    const { user } = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(user, { ...bjorn, amount: '5000', 'deposit-account': '0133-26-012345' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText(/That is more than is left of today’s limit \(ISK\s1,000\)\./)).toBeTruthy();
    expect(screen.getByText('You cannot pay into the account you pay from.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Fix the fields marked before you continue.');
    expect(screen.queryByText('Review the payment')).toBeNull();
  });

  it('marks a first payment to a new payee, and saves the payee from the form', async () => {
    const fake = signedIn();
    const { user } = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(user, { ...bjorn, 'payee-name': 'Björn' });
    expect(await screen.findByTestId('new-payee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as payee' }));
    expect(await screen.findByText('Saved as a payee.')).toBeTruthy();
    expect(fake.payees).toMatchObject([{ name: 'Björn', kennitala: '0507922189', accountNumber: '013326020001' }]);
  });

  it('fills the form from a saved payee', async () => {
    const fake = signedIn();
    fake.payees = [{ id: 'y1', name: 'Björn', kennitala: '0507922189', accountNumber: '013326020001', createdAt: 0 }];
    const { user } = await renderApp(fake);
    await user.selectOptions(await screen.findByLabelText('Saved payee'), 'y1');
    expect((screen.getByTestId('deposit-kennitala') as HTMLInputElement).value).toBe('050792-2189');
    expect((screen.getByTestId('deposit-account') as HTMLInputElement).value).toBe('0133-26-020001');
  });

  it('asks for the own account first when there is none, and adds it', async () => {
    const fake = signedIn();
    fake.accounts = [];
    const { user } = await renderApp(fake);
    expect(await screen.findByText(/The bank does not list your accounts/)).toBeTruthy();
    await user.type(screen.getByTestId('new-account-number'), '0133-26-012345');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(((await screen.findByLabelText('Your account')) as HTMLSelectElement).value).toBe('013326012345');
  });
});

describe('review and pay', () => {
  async function toReview(fake = signedIn()) {
    const view = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(view.user, { ...bjorn, 'payee-name': 'Björn', reference: 'Rent' });
    await view.user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByText('Review the payment');
    return view;
  }

  it('shows every field and the amount in words and figures before anything is sent', async () => {
    const fake = signedIn();
    await toReview(fake);
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 1,500');
    expect(screen.getByTestId('review-words').textContent).toBe('one thousand five hundred krónur');
    expect(screen.getByTestId('review-to').textContent).toBe('Björn · 050792-2189 · 0133-26-020001');
    expect(screen.getByText('Rent')).toBeTruthy();
    expect(fake.calls.some((call) => call.method === 'confirmPayment')).toBe(false);
  });

  it('goes back to the form with the draft as it was', async () => {
    const { user } = await toReview();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
  });

  it('pays once: the button locks at the first press, then the bank’s id and status show', async () => {
    const fake = signedIn();
    const { user } = await toReview(fake);
    const pay = screen.getByRole('button', PAY);
    await user.dblClick(pay);
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset['state']).toBe('accepted');
    expect(within(result).getByText('Payment sent')).toBeTruthy();
    expect(screen.getByTestId('initiation-id').textContent).toMatch(/^init-/);
    expect(fake.calls.filter((call) => call.method === 'confirmPayment')).toHaveLength(1);
    expect(fake.calls.filter((call) => call.method === 'submitPayment')).toHaveLength(1);
  });

  it('makes a duplicate be acknowledged before paying again', async () => {
    const fake = signedIn();
    const earlier = fake.addPayment({ amount: 1500 });
    const { user } = await toReview(fake);
    expect(plain(await screen.findByTestId('duplicate-warning'))).toContain('You paid ISK 1,500');
    const pay = screen.getByRole('button', PAY) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await user.click(screen.getByLabelText('Yes, pay again'));
    expect(pay.disabled).toBe(false);
    await user.click(pay);
    await screen.findByTestId('pay-result');
    // The acknowledgement names the payment the warning was about, so a second press cannot reuse it.
    expect(fake.calls.find((call) => call.method === 'confirmPayment')?.request).toMatchObject({
      acknowledgeDuplicate: earlier.id,
    });
  });

  it('explains a refusal with the bank catalogue’s text and what to do, and keeps the draft', async () => {
    const fake = signedIn();
    fake.outcome = {
      kind: 'rejected',
      error: { name: 'AmountUnavailable', code: 'ERR_80102_105', message: 'x', httpStatus: 400 },
    };
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    expect((await screen.findByTestId('payment-error')).textContent).toMatch(/not enough|funds/i);
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
  });

  it('offers Check again for an unknown outcome, saying it reuses the same request id', async () => {
    const fake = signedIn();
    fake.outcome = { kind: 'unknown', error: { name: 'Timeout', code: 'ECONNABORTED', message: 'x' } };
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset['state']).toBe('unknown');
    const requestId = screen.getByTestId('request-id').textContent ?? '';
    expect(result.textContent).toContain(`same request id (${requestId})`);
    expect(result.textContent).toContain('The bank did not answer in time.');

    fake.outcome = { kind: 'accepted', status: 'ACCP' };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('accepted'));
    expect(fake.calls.find((call) => call.method === 'checkAgain')?.request).toEqual({
      id: fake.payments[0]?.id,
    });
    expect(screen.getByTestId('request-id').textContent).toBe(requestId);
  });

  it('reviews only what the main process checked of the draft as typed, and pays exactly that', async () => {
    const fake = signedIn();
    const { user } = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(user, bjorn);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Review payment' })).toBeTruthy());
    // The check of the new amount is slow to come back: the last answer is for ISK 1,500.
    const release = fake.hold('validatePayment');
    await fill(user, { amount: '2500' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(screen.queryByText('Review the payment')).toBeNull();

    release();
    await screen.findByText('Review the payment');
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 2,500');
    await user.click(screen.getByRole('button', { name: /^Pay ISK\s2,500$/ }));
    await screen.findByTestId('pay-result');
    const confirm = fake.calls.find((call) => call.method === 'confirmPayment')?.request as {
      draft: { amount: string };
    };
    expect(confirm.draft.amount).toBe('2,500');
  });

  it('does not lose a press of Review that comes before the first check is back', async () => {
    const fake = signedIn();
    const { user } = await renderApp(fake);
    await screen.findByTestId('amount');
    const release = fake.hold('validatePayment');
    await fill(user, bjorn);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    release();
    expect(await screen.findByText('Review the payment')).toBeTruthy();
    expect(plain(screen.getByTestId('review-amount'))).toBe('ISK 1,500');
  });

  it('shows the errors, not the review, when the check that comes back finds some', async () => {
    const fake = signedIn();
    const { user } = await renderApp(fake);
    await screen.findByTestId('amount');
    const release = fake.hold('validatePayment');
    await fill(user, { ...bjorn, amount: '12.5' });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    release();
    expect(await screen.findByText('Krónur have no decimals: enter a whole amount.')).toBeTruthy();
    expect(screen.queryByText('Review the payment')).toBeNull();
  });

  it('reports a confirm refused by the main process and lets the customer try again', async () => {
    const fake = signedIn();
    fake.failures.set('confirmPayment', 'INVALID_PAYMENT');
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    expect((await screen.findByRole('alert')).textContent).toBe('The payment has errors. Check the fields marked.');
    expect((screen.getByRole('button', PAY) as HTMLButtonElement).disabled).toBe(false);
  });

  it('works in Icelandic, with the amount in Icelandic words', async () => {
    const fake = signedIn();
    fake.settings = { ...fake.settings, language: 'is', locale: 'is' };
    const view = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(view.user, bjorn);
    await view.user.click(screen.getByRole('button', { name: 'Yfirfara greiðslu' }));
    expect((await screen.findByTestId('review-words')).textContent).toBe('eitt þúsund og fimm hundruð krónur');
    expect(screen.getByRole('button', { name: /Greiða 1\.500\s?kr\./ })).toBeTruthy();
  });
});

describe('a payment whose record is damaged', () => {
  const DAMAGED_TEXT = 'This payment’s record is damaged: check your online banking before paying again.';

  async function toReview(fake: FakeWallet) {
    const view = await renderApp(fake);
    await screen.findByTestId('amount');
    await fill(view.user, bjorn);
    await view.user.click(screen.getByRole('button', { name: /^Review payment$|^Yfirfara greiðslu$/ }));
    await screen.findByTestId('review-words');
    return view;
  }

  it('says to check the online banking, and offers no Check again', async () => {
    const fake = signedIn();
    fake.outcome = { kind: 'damaged' };
    const { user, container } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset['state']).toBe('damaged');
    expect(within(result).getByRole('heading', { name: 'This payment’s record is damaged' })).toBeTruthy();
    expect(within(result).getByRole('alert').textContent).toBe(DAMAGED_TEXT);
    expect(within(result).queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(within(result).getByRole('button', { name: 'New payment' })).toBeTruthy();
    await expectAxeClean(container);
  });

  it('stops offering Check again when checking again finds the record damaged', async () => {
    const fake = signedIn();
    fake.outcome = { kind: 'unknown', error: { name: 'Timeout', code: 'ECONNABORTED', message: 'x' } };
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(fake.calls.filter((call) => call.method === 'checkAgain')).toHaveLength(1);

    fake.failures.set('checkAgain', 'RECORD_DAMAGED');
    // Check again once more: this time main finds the record damaged.
    fake.outcome = { kind: 'unknown', error: { name: 'Timeout', code: 'ECONNABORTED', message: 'x' } };
    await user.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('damaged'));
    const result = screen.getByTestId('pay-result');
    expect(within(result).getByRole('alert').textContent).toBe(DAMAGED_TEXT);
    expect(within(result).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('says the same when sending is refused because the record is damaged', async () => {
    const fake = signedIn();
    fake.failures.set('submitPayment', 'RECORD_DAMAGED');
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', PAY));
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset['state']).toBe('damaged');
    expect(
      within(result)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([DAMAGED_TEXT]);
    expect(within(result).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('says it in Icelandic', async () => {
    const fake = signedIn();
    fake.settings = { ...fake.settings, language: 'is', locale: 'is' };
    fake.outcome = { kind: 'damaged' };
    const { user } = await toReview(fake);
    await user.click(screen.getByRole('button', { name: /Greiða 1\.500\s?kr\./ }));
    const result = await screen.findByTestId('pay-result');
    expect(within(result).getByRole('alert').textContent).toBe(
      'Færsla þessarar greiðslu er sködduð: athugaðu netbankann þinn áður en þú greiðir aftur.',
    );
    expect(within(result).queryByRole('button', { name: 'Athuga aftur' })).toBeNull();
  });
});

async function expectAxeClean(container: HTMLElement) {
  // jsdom computes no colours: contrast is checked in the browser, not here.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
