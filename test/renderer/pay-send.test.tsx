import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App.tsx';
import { createPayStore } from '../../renderer/src/screens/pay/pay-store.ts';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, answeredResult, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Who sends a confirmed payment: the pay store's action that confirmed it, once, over the real core. Main refuses a
 * second concurrent send of the same payment by itself; these hold the window to never asking twice.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const signedIn = () => wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
const PAY = { name: /^Pay ISK\s1,500$/ };

/** The pay store over the core, with a payment main has confirmed and the review that showed it. */
async function confirmedInStore() {
  const core = await signedIn();
  const app = createAppStore(core.api);
  await app.getState().actions.load();
  const pay = createPayStore(core.api, app);
  const draft = draftFrom('anna', 'bjorn', 1500);
  const validation = await core.value('validatePayment', draft);
  pay.getState().actions.review(validation, { ...draft, extendedReference: '' });
  const payment = await core.value('confirmPayment', { draft });
  return { core, pay, payment };
}

const sendsOf = (core: { requests(channel: 'submitPayment'): unknown[] }) => core.requests('submitPayment').length;

describe('the send of a confirmed payment', () => {
  it('is started by the store that confirmed it, once, however often confirmed or asked while it goes', async () => {
    const { core, pay, payment } = await confirmedInStore();
    const release = core.hold('submitPayment');
    const { actions } = pay.getState();
    actions.confirmed(payment);
    actions.confirmed(payment);
    actions.send();
    actions.presenceGiven();
    const stage = pay.getState().stage;
    expect(stage.name === 'result' && stage.send.going).toBe(true);
    expect(sendsOf(core)).toBe(1);
    release();
    await waitFor(() => {
      const shown = pay.getState().stage;
      expect(shown.name === 'result' && !shown.send.going && shown.payment.state).toBe('settled');
    });
    expect(sendsOf(core)).toBe(1);
  });

  it('is not started again when the same payment is confirmed after its send answered', async () => {
    const { core, pay, payment } = await confirmedInStore();
    const { actions } = pay.getState();
    actions.confirmed(payment);
    await waitFor(() => {
      const shown = pay.getState().stage;
      expect(shown.name === 'result' && !shown.send.going).toBe(true);
    });
    actions.confirmed(payment);
    expect(sendsOf(core)).toBe(1);
  });

  it('goes once for a double click on Pay and any number of renders of the result', async () => {
    const core = await signedIn();
    const { user, store, rerender } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    const release = core.hold('submitPayment');
    await user.dblClick(await screen.findByRole('button', PAY));
    await screen.findByTestId('pay-result');
    for (let n = 0; n < 3; n += 1) rerender(<App wallet={core.api} store={store} />);
    await waitFor(() => expect(sendsOf(core)).toBe(1));
    release();
    expect((await answeredResult()).dataset['state']).toBe('settled');
    for (let n = 0; n < 3; n += 1) rerender(<App wallet={core.api} store={store} />);
    expect(core.requests('confirmPayment')).toHaveLength(1);
    expect(sendsOf(core)).toBe(1);
  });
});
