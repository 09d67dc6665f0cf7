import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNAS_ACCOUNT, answeredResult, renderApp, walletsPerTest, type OpenOptions } from './render-app.tsx';

const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const signedIn = (options: OpenOptions = {}) =>
  wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], ...options });
const PAY = { name: /^Pay ISK\s1,500$/ };
type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillBjorn(user: User) {
  await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
  await user.type(screen.getByTestId('amount'), '1500');
}

async function payBjorn(user: User) {
  await fillBjorn(user);
  await user.click(screen.getByRole('button', { name: 'Review payment' }));
  await user.click(await screen.findByRole('button', PAY));
  return answeredResult();
}

/** History and back, as a customer leaves the result without pressing anything on it. */
async function awayAndBack(user: User) {
  await user.click(screen.getByRole('button', { name: 'History' }));
  await screen.findByRole('heading', { name: 'History' });
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  return screen.findByTestId<HTMLInputElement>('amount');
}

describe('the draft after a payment', () => {
  it('goes once the bank took the payment, however the result is left', async () => {
    const { user } = await renderApp(await signedIn());
    expect((await payBjorn(user)).dataset['state']).toBe('settled');
    // The bank's ids are folded away under the outcome, for support; History's details show them too.
    const ids = screen.getByTestId('initiation-id').closest('details');
    expect(ids?.open).toBe(false);
    expect(screen.getByTestId('request-id').closest('details')).toBe(ids);
    const amount = await awayAndBack(user);
    expect(amount.value).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('deposit-kennitala').value).toBe('');
  });

  it('stays when the bank refused the payment', async () => {
    // Anna's savings account has nothing in it: the bank refuses with AmountUnavailable.
    const { user } = await renderApp(await signedIn({ accounts: [{ accountNumber: '0133-15-012346', label: 'S' }] }));
    expect((await payBjorn(user)).dataset['state']).toBe('rejected');
    expect((await awayAndBack(user)).value).toBe('1,500');
  });

  it('stays while the outcome is unknown, and goes when trying again finds it paid', async () => {
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    const { user, store } = await renderApp(await signedIn());
    expect((await payBjorn(user)).dataset['state']).toBe('unknown');
    expect(store.getState().draft.amount).toBe('1,500');
    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    expect(store.getState().draft.amount).toBe('');
  });
});
describe('focus between the pay screen’s steps', () => {
  it('moves to the review’s heading, then to the result’s', async () => {
    const { user } = await renderApp(await signedIn());
    await fillBjorn(user);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    const review = await screen.findByRole('heading', { name: 'Review the payment' });
    await waitFor(() => expect(document.activeElement).toBe(review));
    await user.click(screen.getByRole('button', PAY));
    const result = await screen.findByRole('heading', { name: 'Payment sent' });
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('moves to the first field in error after a refused Review', async () => {
    const { user } = await renderApp(await signedIn());
    await user.type(await screen.findByTestId('deposit-account'), '12-34');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByText('Fix the fields marked before you continue.');
    // The kennitala comes first in the form, and is empty.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('deposit-kennitala')));
  });
});
