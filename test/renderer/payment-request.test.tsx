import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentRequestLink } from '../../common/payment-request.ts';
import { CUSTOMERS, type InProcessWallet } from '../support/in-process-wallet.ts';
import { pngOfDataUrl, readQrPng } from '../support/qr.ts';
import { ANNAS_ACCOUNT, answeredResult, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/** Issue 19: asking to be paid with a link or a QR code, and paying such a request, through the real core. */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const BJORNS_ACCOUNT = { accountNumber: CUSTOMERS.bjorn.account, label: 'Main' };

/** Anna's request for 1 500 kr., made by main as she signed in; then Björn signs in on the same wallet. */
async function annasRequestThenBjorn(amount = 1500): Promise<{ core: InProcessWallet; link: string }> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
  const { link } = await core.value('createPaymentRequest', {
    account: CUSTOMERS.anna.account,
    amount,
    message: 'Leiga nóv',
  });
  await core.value('signOut');
  core.as('bjorn');
  await core.value('signIn');
  await core.value('saveAccount', BJORNS_ACCOUNT);
  return { core, link };
}

const value = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

describe('requesting money', () => {
  it.each([
    { language: 'en' as const, open: 'Request money', make: 'Make the request', amount: '1,500', save: /^Saved as / },
    {
      language: 'is' as const,
      open: 'Biðja um greiðslu',
      make: 'Búa til greiðslubeiðni',
      amount: '1.500',
      save: /^Vistað sem /,
    },
  ])('gives a link and a QR code of it, to copy and to save ($language)', async (expected) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language: expected.language });
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: expected.open }));
    const dialog = await screen.findByRole('dialog', { name: expected.open });
    await user.type(within(dialog).getByTestId('request-amount'), '1500');
    expect(within(dialog).getByTestId<HTMLInputElement>('request-amount').value).toBe(expected.amount);
    await user.type(within(dialog).getByTestId('request-message'), 'Leiga nóv');
    await user.click(within(dialog).getByRole('button', { name: expected.make }));
    const link = (await within(dialog).findByTestId<HTMLInputElement>('request-link')).value;
    expect(link).toBe(
      paymentRequestLink({
        kennitala: CUSTOMERS.anna.kennitala,
        account: '013326012345',
        name: CUSTOMERS.anna.name,
        amount: 1500,
        message: 'Leiga nóv',
      }),
    );
    // The QR code on screen reads as the link.
    const qr = within(dialog).getByTestId<HTMLImageElement>('request-qr');
    expect(readQrPng(pngOfDataUrl(qr.src))).toBe(link);
    expect(qr.alt).toContain('0133-26-012345');
    await expectAxeClean(container);
    await user.click(within(dialog).getAllByRole('button')[1] as HTMLElement);
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(within(dialog).getAllByRole('button')[2] as HTMLElement);
    expect(await within(dialog).findByText(expected.save)).toBeTruthy();
  });
});

describe('paying a request', () => {
  it('a pasted link fills the form, says where it came from, and pays only once reviewed and confirmed', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByText('Pay a request'));
    await user.type(screen.getByTestId('request-link-input'), link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    expect((await screen.findByTestId('request-notice')).textContent).toContain(
      `Filled in from a payment request by ${CUSTOMERS.anna.name}.`,
    );
    expect(value('deposit-kennitala')).toBe('120385-2089');
    expect(value('deposit-account')).toBe('0133-26-012345');
    expect(value('payee-name')).toBe(CUSTOMERS.anna.name);
    expect(value('amount')).toBe('1,500');
    expect(value('message')).toBe('Leiga nóv');
    await expectAxeClean(container);
    // Nothing is paid by itself.
    expect(wallets.sandbox().initiations()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    expect((await answeredResult()).dataset['state']).toMatch(/accepted|settled/);
    const paid = wallets.sandbox().initiations();
    expect(paid).toHaveLength(1);
    expect(JSON.stringify(paid[0])).toContain('013326012345');
    // A new payment forgets the request.
    await user.click(screen.getByRole('button', { name: 'New payment' }));
    expect(screen.queryByTestId('request-notice')).toBeNull();
  });

  it('asking for more than is left today fills the form, and the amount says so at once, as if typed', async () => {
    const { core, link } = await annasRequestThenBjorn(200_000);
    // Björn paid 1 500 kr. earlier today.
    await core.value('submitPayment', {
      id: (
        await core.value('confirmPayment', {
          draft: {
            debtorAccount: CUSTOMERS.bjorn.account,
            depositKennitala: CUSTOMERS.anna.kennitala,
            depositAccount: CUSTOMERS.anna.account,
            amount: '1500',
          },
        })
      ).id,
    });
    const { user } = await renderApp(core);
    await user.click(await screen.findByText('Pay a request'));
    await user.type(screen.getByTestId('request-link-input'), link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    expect(await screen.findByText(/That is more than is left of today’s limit \(ISK\s198,500\)\./)).toBeTruthy();
  });

  it('a link the system opens while the app is open fills the form, from any screen', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('heading', { name: 'History' });
    act(() => core.wallet.openLink(link));
    await waitFor(() => expect(value('deposit-kennitala')).toBe('120385-2089'));
    expect(value('amount')).toBe('1,500');
  });

  it('a link the system opens while a payment’s outcome shows brings the form back, filled', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '120385-2089');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-012345');
    await user.type(screen.getByTestId('amount'), '700');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s700$/ }));
    await answeredResult();
    act(() => core.wallet.openLink(link));
    await waitFor(() => expect(value('amount')).toBe('1,500'));
    expect(screen.queryByTestId('pay-result')).toBeNull();
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });

  const annas = { kennitala: CUSTOMERS.anna.kennitala, account: '013326012345' };
  const forged = (fields: Record<string, string>) => {
    const good = new URL(paymentRequestLink(annas));
    const params = new URLSearchParams(good.search);
    for (const [name, text] of Object.entries(fields)) params.set(name, text);
    return `a2a-wallet://pay?${params.toString()}`;
  };
  it.each([
    ['huge', `${paymentRequestLink(annas)}${'&x=1'.repeat(600)}`, 'far longer than a payment request'],
    ['unknown fields', `${paymentRequestLink(annas)}&callback=evil`, 'fields a payment request does not have'],
    ['a wrong check value', forged({ amount: '9000' }), 'does not match its check value'],
    ['script in the name', forged({ name: '<img src=x onerror=alert(1)>' }), 'check value'],
    ['not a link', 'https://evil.example/pay', 'not a payment request of this app'],
  ])('%s is refused with its message, and what was typed stays', async (_, link, message) => {
    const { core } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('amount'), '700');
    await user.click(screen.getByText('Pay a request'));
    await user.click(screen.getByTestId('request-link-input'));
    await user.paste(link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    const alert = await within(await screen.findByTestId('request-notice')).findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(value('amount')).toBe('700');
    expect(value('deposit-kennitala')).toBe('');
  });
});
