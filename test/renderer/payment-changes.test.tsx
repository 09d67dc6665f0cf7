import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { createAppStore, type AppStore } from '../../renderer/src/state/app-store.ts';
import { draftFrom, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { damageRecord } from '../support/seed-payments.ts';
import { ANNAS_ACCOUNT, answeredResult, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Main's payment events and the answers about payments reach the screens through the app store, which alone decides
 * what is stale: another profile's, another customer's, or older than what the app has already seen.
 */
const wallets = walletsPerTest(NOON);
const signedIn = () => wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });

/** The app store over the core, listening and loaded, as the app's shell has it. */
async function appStore(core: InProcessWallet): Promise<AppStore> {
  const store = createAppStore(core.api);
  const stop = store.getState().actions.listen();
  stopping.push(stop);
  await store.getState().actions.load();
  return store;
}
const stopping: (() => void)[] = [];
afterEach(() => stopping.splice(0).forEach((stop) => stop()));

/** Resolves once main has announced this payment in this state, and the app has had it. */
function announced(core: InProcessWallet, state: PaymentView['state']): Promise<PaymentView> {
  return new Promise((resolve) => {
    const stop = core.onEvent((event) => {
      if (event.channel !== 'paymentChanged' || event.payload.state !== state) return;
      stop();
      // Events reach the app a moment after main sends them (as over IPC): one turn later it has it.
      queueMicrotask(() => queueMicrotask(() => resolve(event.payload)));
    });
  });
}

describe('the app store: payment changes', () => {
  it('takes every change of the active customer’s payment, and keeps an answer that was overtaken from undoing one', async () => {
    const core = await signedIn();
    const store = await appStore(core);
    const confirmed = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    await waitFor(() => expect(store.getState().paymentChange).toMatchObject({ state: 'confirmed' }));
    const settled = announced(core, 'settled');
    await core.value('submitPayment', { id: confirmed.id });
    await settled;
    const shown = store.getState().paymentChange;
    expect(shown).toMatchObject({ id: confirmed.id, state: 'settled' });
    // The sandbox's clock stands still: every version has the same time, and the order is still told.
    expect(shown?.updatedAt).toBe(confirmed.updatedAt);

    // The confirm's answer, arriving only now: the app keeps what it has.
    expect(store.getState().actions.notePayment(confirmed)).toBe(shown);
    expect(store.getState().paymentChange).toBe(shown);
  });

  it('takes a damaged record’s version, though main read it from an older snapshot', async () => {
    const core = await signedIn();
    const store = await appStore(core);
    // Accepted (its status query fails), then a minute later settled: two records, a minute apart.
    wallets.sandbox().faults.add({ route: 'payments.get', kind: 'status500' });
    const confirmed = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    const accepted = await core.value('submitPayment', { id: confirmed.id });
    wallets.sandbox().clock.advanceSeconds(60);
    const settled = await core.value('refreshStatus', { id: accepted.id });
    // One settled record: the app's own follow-up, moved by the clock, asked with the same question or before it.
    await core.wallet.idle();
    await waitFor(() => expect(store.getState().paymentChange).toMatchObject({ state: 'settled' }));
    // The settled record is damaged on disk: main falls back to the accepted one, and says the record is damaged.
    await damageRecord(core, settled.id);
    const damaged = await core.value('getPayment', { id: settled.id });
    expect(damaged).toMatchObject({ state: 'damaged', updatedAt: accepted.updatedAt });
    expect(damaged.updatedAt).toBeLessThan(settled.updatedAt);
    expect(store.getState().actions.notePayment(damaged)).toBe(damaged);
    expect(store.getState().paymentChange).toBe(damaged);
  });

  it('drops the changes of a send that finishes after another profile became the active one', async () => {
    const core = await signedIn();
    const store = await appStore(core);
    const confirmed = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    // The bank holds its answer: the send is still on its way when the customer switches profile.
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'delay', delayMs: 60_000 });
    const sending = core.value('submitPayment', { id: confirmed.id });
    await waitFor(() => expect(store.getState().paymentChange).toMatchObject({ state: 'sending' }));
    await store.getState().actions.switchProfile('production');
    expect(store.getState().paymentChange).toBeUndefined();
    const heard: PaymentView[] = [];
    core.onEvent((event) => {
      if (event.channel === 'paymentChanged') heard.push(event.payload);
    });
    expect(wallets.sandbox().faults.release()).toBe(1);
    expect((await sending).state).toBe('settled');
    // Main no longer tells the window of the other profile's payment (issue 26), and the store shows none of it.
    await Promise.resolve();
    expect(heard).toEqual([]);
    expect(store.getState().paymentChange).toBeUndefined();
  });

  it('drops the changes of another customer’s send once someone else is signed in to the profile', async () => {
    const core = await signedIn();
    const store = await appStore(core);
    const confirmed = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    // The bank holds its answer until Björn has signed in: a short delay would race his sign-in, and lose it on a
    // loaded machine.
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'delay', delayMs: 60_000 });
    const sending = core.value('submitPayment', { id: confirmed.id });
    await waitFor(() => expect(store.getState().paymentChange).toMatchObject({ state: 'sending' }));
    // Björn signs in (in another window of the app) while Anna's payment is on its way.
    core.as('bjorn');
    await core.value('signIn');
    await waitFor(() => expect(store.getState().session?.name).toBe('Björn Sigurðsson'));
    expect(wallets.sandbox().faults.release()).toBe(1);
    const after = await sending;
    expect(after.order.debtorKennitala).toBe('120385-****');
    await Promise.resolve();
    expect(store.getState().paymentChange).toMatchObject({ state: 'sending' });
  });
});

describe('the pay screen follows main', () => {
  it('shows a change main reports on the result screen at once, and the limit with it', async () => {
    const core = await signedIn();
    // The bank takes the payment; the status query after it fails, so the result says accepted.
    wallets.sandbox().faults.add({ route: 'payments.get', kind: 'status500' });
    const { user, store } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    const result = await answeredResult();
    expect(result.dataset['state']).toBe('accepted');
    const limitReads = core.requests('dailyLimit').length;

    // Another window of the app refreshes its status: settled.
    const [payment] = (await core.value('historyPage', {})).items;
    await core.value('refreshStatus', { id: payment?.id ?? '' });
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    expect(screen.getByText('Bank status').nextElementSibling?.textContent).toBe('Paid (ACCC)');
    // The limit came with the change (issue 41): what the window knows of it is main's, and it asked for none.
    expect(store.getState().limit).toMatchObject({ used: 1500, spent: 1500, remaining: 200_000 - 1500 });
    expect(core.requests('dailyLimit').length).toBe(limitReads);
  });
});
