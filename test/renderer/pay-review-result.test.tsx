import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { createPayStore } from '../../renderer/src/screens/pay/pay-store.ts';
import { Result } from '../../renderer/src/screens/pay/Result.tsx';
import { Review } from '../../renderer/src/screens/pay/Review.tsx';
import { emptyDraft } from '../../renderer/src/state/app-store.ts';
import { deferred, Refusal } from '../support/bridge-stub.ts';
import { checkedFine, confirmedPayment, payStub, renderStubbed, T0 } from './pay-stubbed.tsx';

/**
 * The review and the result on their own, over a contract-typed stub of the bridge: Pay locks at its first press and
 * waits for an acknowledged duplicate; the result shows the store's send from its first frame, and the passcode prompt
 * when main asks for it. Whether main sends, and what it refuses, is tested over the real core (pay-send.test.tsx).
 */
const draft = { ...emptyDraft(), amount: '1,500' };
const PAY = { name: /^Pay ISK\s1,500$/ };

describe('the review, on its own', () => {
  it('locks Pay at the first press, and confirms once', async () => {
    const confirm = deferred<PaymentView>();
    const stub = payStub({ confirmPayment: () => confirm.promise });
    const confirmed: PaymentView[] = [];
    const { user } = renderStubbed(stub, () => (
      <Review
        validation={checkedFine(draft)}
        draft={draft}
        onBack={() => undefined}
        onConfirmed={(p) => confirmed.push(p)}
      />
    ));
    await user.click(screen.getByRole('button', PAY));
    const paying = screen.getByRole('button', { name: 'Paying…' });
    await user.pressDisabled(paying);
    expect(stub.requests('confirmPayment')).toHaveLength(1);
    await act(async () => confirm.resolve(confirmedPayment()));
    expect(confirmed).toHaveLength(1);
  });

  it('keeps Pay locked until the duplicate warning is acknowledged, and opens it again after a refusal', async () => {
    const stub = payStub({
      confirmPayment: () => {
        throw new Refusal('UNREACHABLE');
      },
    });
    const duplicate = { kind: 'paid', intentId: 'earlier', amount: 1500, createdAt: T0 - 60_000 } as const;
    const { user } = renderStubbed(stub, () => (
      <Review
        validation={checkedFine(draft, { duplicate })}
        draft={draft}
        onBack={() => undefined}
        onConfirmed={() => undefined}
      />
    ));
    await user.pressDisabled(screen.getByRole('button', PAY));
    await user.click(within(screen.getByTestId('duplicate-warning')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', PAY));
    await waitFor(() => expect(document.querySelector('.review [role="alert"].error')).not.toBeNull());
    await waitFor(() => expect(screen.getByRole('button', PAY).matches(':disabled')).toBe(false));
    expect(stub.requests('confirmPayment')).toEqual([expect.objectContaining({ acknowledgeDuplicate: 'earlier' })]);
  });
});

describe('the result, on its own', () => {
  it('shows the send its store started from its first frame, with no Send button while it goes', async () => {
    const answer = deferred<PaymentView>();
    const stub = payStub({ submitPayment: () => answer.promise });
    renderStubbed(stub, (shell) => {
      const store = createPayStore(stub.api, shell);
      store.getState().actions.confirmed(confirmedPayment());
      return <Result store={store} />;
    });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Sending the payment…');
    expect(screen.queryByRole('button', { name: 'Send it' })).toBeNull();
    expect(stub.requests('submitPayment')).toHaveLength(1);
    await act(async () => answer.resolve({ ...confirmedPayment('settled'), version: 2 }));
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Payment sent');
    expect(stub.requests('submitPayment')).toHaveLength(1);
  });

  it('opens the passcode prompt when main asks for it first, and leaves the payment unsent when it is cancelled', async () => {
    const stub = payStub({
      submitPayment: () => {
        throw new Refusal('PRESENCE_REQUIRED');
      },
    });
    const { user } = renderStubbed(stub, (shell) => {
      const store = createPayStore(stub.api, shell);
      store.getState().actions.confirmed(confirmedPayment());
      return <Result store={store} />;
    });
    const prompt = await screen.findByRole('dialog', { name: 'Confirm with the app’s passcode' });
    expect(screen.getByTestId('payment-status').dataset['shown']).toBe('awaitingPasscode');
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('payment-status').dataset['shown']).toBe('notSent');
    expect(stub.requests('submitPayment')).toHaveLength(1);
  });
});
