import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import type { Notice } from '../../main/payments/outcome-notice.ts';
import type { WalletEvent } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import {
  draftFrom,
  inProcessWallet,
  NOON,
  sandboxProfile,
  type InProcessWallet,
} from '../support/in-process-wallet.ts';

/**
 * Issue 26, finding 4: a follow-up round that is still waiting for the bank when the app locks, or when another
 * customer signs in, must not name the payee and the amount when its answer comes: what a notification says is
 * decided as it shows, not when the round began. Nor does the window of the next customer hear of the payment.
 */
const PASSCODE = '482916';

let sandbox: Sandbox;
let core: InProcessWallet;
let notices: Notice[];
let events: WalletEvent[];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  await core.close();
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

/** Anna signed in, details allowed in notifications, and a payment whose answer was lost (paid at the bank). */
async function annasLostPayment(): Promise<string> {
  notices = [];
  events = [];
  const shipped = { profiles: builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID), allowEdit: true };
  core = await inProcessWallet({ sandbox, platform: { shipped, notify: (notice) => void notices.push(notice) } });
  core.onEvent((event) => void events.push(event));
  await core.value('signIn');
  await core.value('updateSettings', { notificationDetails: true });
  sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 4321) });
  expect((await core.value('submitPayment', { id })).state).toBe('unknown');
  return id;
}

/**
 * Starts the follow-up's round and waits until its question is at the bank, which holds the answer; the caller acts
 * while it waits, then lets the bank answer and waits for the round to end. A held answer, not a short delay: the
 * caller's act comes first however slow the machine.
 */
async function heldRound(): Promise<() => Promise<void>> {
  sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000, count: 1 });
  sandbox.clock.advanceSeconds(15);
  const round = core.wallet.tick();
  await vi.waitFor(() => expect(sandbox.faults.delaying).toBe(1), { timeout: 10_000 });
  return async () => {
    expect(sandbox.faults.release()).toBe(1);
    await round;
  };
}

const GENERIC = { title: 'Payment completed', body: 'Your bank has completed a payment. Open A2A Wallet to see it.' };
const paymentNews = () =>
  events.filter((event) => event.channel === 'paymentChanged' || event.channel === 'paymentOutcome');

describe('a notification decided as it shows', () => {
  it('names the payee and amount when the app is unlocked and its customer is signed in (the control)', async () => {
    await annasLostPayment();
    await (
      await heldRound()
    )();
    await core.wallet.idle();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('Björn');
  });

  it('the app locks while the round waits for the bank: the generic text only', async () => {
    const id = await annasLostPayment();
    await core.value('setPasscode', { next: PASSCODE });
    const answer = await heldRound();
    await core.value('lockNow');
    await answer();
    await core.wallet.idle();
    expect(notices).toEqual([GENERIC]);
    expect(JSON.stringify(notices)).not.toMatch(/Björn|4[.,]?321/);
    // The outcome is kept all the same, for Anna once she unlocks.
    await core.value('unlock', { passcode: PASSCODE });
    expect((await core.value('getPayment', { id })).state).toBe('settled');
  });

  it('another customer signs in (in another profile) while the round waits: the generic text, and his window hears nothing of it', async () => {
    const id = await annasLostPayment();
    await core.value('saveProfile', sandboxProfile(sandbox));
    const answer = await heldRound();
    // Anna's sign-in stays in her profile (her round goes on with it); Björn signs in to another, now the active one.
    await core.value('switchProfile', { id: 'my-sandbox' });
    core.as('bjorn');
    await core.value('signIn');
    events.length = 0;
    await answer();
    await core.wallet.idle();
    expect(notices).toEqual([GENERIC]);
    expect(paymentNews()).toEqual([]);
    expect(JSON.stringify(events)).not.toContain(id);
  });
});
