import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Review pressed while main's check of the draft is still on its way (held, as a slow process would hold it), over
 * the real core: the press is not lost. It opens the review once the check answers, or says why not.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const signedIn = () => wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillPayee(user: User) {
  await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
}

describe('Review pressed while the draft is being checked', () => {
  it('opens the review as soon as the check answers', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await fillPayee(user);
    await waitFor(() => expect(screen.getByTestId('deposit-account').getAttribute('aria-invalid')).toBeNull());
    const release = core.hold('validatePayment');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    const held = core.requests('validatePayment').length;
    expect(core.requests('validatePayment').at(-1)?.amount).toBe('1,500');
    expect(screen.queryByRole('heading', { name: 'Review the payment' })).toBeNull();
    release();
    const review = await screen.findByRole('heading', { name: 'Review the payment' });
    await waitFor(() => expect(document.activeElement).toBe(review));
    expect(screen.getByTestId('review-amount').textContent).toMatch(/1,500/);
    // The answer it waited for is the one reviewed: nothing was asked again to open it.
    expect(core.requests('validatePayment')).toHaveLength(held);
  });

  it('shows why not once the check answers: the errors, with the focus on the first', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-account'), '0133-26-020001');
    await waitFor(() => expect(core.requests('validatePayment').at(-1)?.depositAccount).toBe('0133-26-020001'));
    const release = core.hold('validatePayment');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review payment' }));
    release();
    await screen.findByText('Fix the fields marked before you continue.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('deposit-kennitala')));
    expect(screen.queryByRole('heading', { name: 'Review the payment' })).toBeNull();
  });

  it('opens the review when the draft was filled and pressed before any check of it had answered', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('owner');
    const release = core.hold('validatePayment');
    await fillPayee(user);
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    release();
    await screen.findByRole('heading', { name: 'Review the payment' });
  });
});
