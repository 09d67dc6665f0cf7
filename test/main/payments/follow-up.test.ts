import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_WAITS_MS, followUpWait } from '../../../main/payments/follow-up.ts';
import type { Notice } from '../../../main/payments/outcome-notice.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 19: a payment whose answer was lost, or that the bank accepted without a final status, is followed up by the
 * app itself (the host's timer calls `tick`), with growing waits, the same request id, and a notification
 * once the outcome is known. Driven through the real core against the sandbox, with its faults and clock.
 */
let sandbox: Sandbox;
let core: InProcessWallet;
/** The cores this test opened, closed after it (a test that opens none closes none, in any order). */
const opened: InProcessWallet[] = [];
let notices: Notice[];
let events: WalletEvent[];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  for (const each of opened.splice(0)) await each.close();
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

async function open(language: 'en' | 'is' = 'en'): Promise<void> {
  notices = [];
  events = [];
  core = await inProcessWallet({ sandbox, platform: { notify: (notice) => void notices.push(notice) } });
  opened.push(core);
  core.onEvent((event) => void events.push(event));
  await core.value('updateSettings', { language });
  await core.value('signIn');
}

const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);
const seconds = (count: number) => sandbox.clock.advanceSeconds(count);

/** A payment whose answer the network lost after the bank processed it: `unknown` in the app, paid at the bank. */
async function lostAnswer(amount = 1500): Promise<string> {
  sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
  expect((await core.value('submitPayment', { id })).state).toBe('unknown');
  return id;
}

const stateOf = async (id: string) => (await core.value('getPayment', { id })).state;

describe('following up a payment whose outcome is not known', () => {
  it('a lost answer becomes known without the customer pressing anything, with one initiation at the bank', async () => {
    await open();
    const id = await lostAnswer();
    expect(sandbox.initiations()).toHaveLength(1);
    // Before the first wait is over, nothing is asked.
    seconds(10);
    await core.wallet.tick();
    expect(posts()).toHaveLength(1);
    expect(notices).toEqual([]);

    seconds(5);
    await core.wallet.tick();
    // The sandbox's status of it is final (ACCC): settled.
    expect(await stateOf(id)).toBe('settled');
    expect(sandbox.initiations()).toHaveLength(1);
    // The same request id, sent again: the bank answered with the payment it already had.
    expect(new Set(posts().map((entry) => entry.requestId)).size).toBe(1);
    expect(notices).toEqual([
      { title: 'Payment completed', body: 'Your bank has completed a payment. Open A2A Wallet to see it.' },
    ]);
    expect(events.some((event) => event.channel === 'paymentChanged' && event.payload.state === 'settled')).toBe(true);
    // Known now: nothing more is sent.
    seconds(3600);
    await core.wallet.tick();
    expect(posts()).toHaveLength(2);
  });

  it('tells the customer in their language, naming no person and no amount', async () => {
    await open('is');
    await lostAnswer(4321);
    seconds(15);
    await core.wallet.tick();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('Greiðslu lokið');
    const text = JSON.stringify(notices);
    for (const secret of ['4321', '4.321', 'Björn', '0507922189', '050792']) expect(text).not.toContain(secret);
  });

  it('names the payee and the amount once the customer allows it in Settings, and never a kennitala', async () => {
    await open('is');
    expect((await core.value('getSettings')).notificationDetails).toBe(false);
    expect((await core.value('updateSettings', { notificationDetails: true })).notificationDetails).toBe(true);
    await lostAnswer(4321);
    seconds(15);
    await core.wallet.tick();
    expect(notices).toEqual([
      { title: 'Greiðslu lokið', body: 'Greiðslu þinni, 4.321\u00a0kr. til Björn Sigurðsson, er lokið.' },
    ]);
    expect(JSON.stringify(notices)).not.toContain('050792');
  });

  it('with details allowed, still names no payee whose "name" is their kennitala, with or without its dash', async () => {
    await open();
    await core.value('updateSettings', { notificationDetails: true });
    for (const [payeeName, amount] of [
      ['050792-2189', 1500],
      ['0507922189', 1600],
    ] as const) {
      sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
      const { id } = await core.value('confirmPayment', {
        draft: draftFrom('anna', 'bjorn', amount, { payeeName }),
      });
      await core.value('submitPayment', { id });
      seconds(3600);
      await core.wallet.tick();
    }
    expect(notices.map((notice) => notice.body)).toEqual([
      'Your bank has completed a payment. Open A2A Wallet to see it.',
      'Your bank has completed a payment. Open A2A Wallet to see it.',
    ]);
  });

  it('asks again with growing waits while the bank keeps failing, always with the same request id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 25 }), async (steps) => {
        await open();
        sandbox.faults.add({ route: 'payments.create', kind: 'status500', count: 1_000 });
        const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
        expect((await core.value('submitPayment', { id })).state).toBe('unknown');
        const sentAt = [sandbox.clock.now()];
        for (const step of steps) {
          seconds(step);
          await core.wallet.tick();
          while (posts().length > sentAt.length) sentAt.push(sandbox.clock.now());
        }
        // Each question waited at least its wait after the one before, and the waits grew.
        for (let n = 1; n < sentAt.length; n += 1) {
          expect((sentAt[n] ?? 0) - (sentAt[n - 1] ?? 0)).toBeGreaterThanOrEqual(followUpWait(n - 1));
        }
        expect(new Set(posts().map((entry) => entry.requestId)).size).toBe(1);
        expect(sandbox.initiations()).toHaveLength(0);
        await core.close();
        sandbox.reset();
        sandbox.clock.set(NOON);
      }),
      { numRuns: 15 },
    );
    await open();
  });

  it('stops after the request id’s 24 hours, and never sends a payment the customer has not sent', async () => {
    await open();
    const lost = await lostAnswer();
    const { id: unsent, requestId } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 2500) });
    sandbox.faults.add({ route: 'payments.create', kind: 'status500', count: 1_000 });
    seconds(60);
    await core.wallet.tick();
    expect(posts()).toHaveLength(2);
    expect(posts().filter((entry) => entry.requestId === requestId)).toEqual([]);
    seconds(24 * 3600);
    await core.wallet.tick();
    expect(posts()).toHaveLength(2);
    expect(await stateOf(lost)).toBe('unknown');
    expect(await stateOf(unsent)).toBe('confirmed');
  });

  it('asks nothing while nobody is signed in, or while the app is locked', async () => {
    await open();
    await lostAnswer();
    await core.value('signOut');
    seconds(60);
    await core.wallet.tick();
    expect(posts()).toHaveLength(1);

    await core.value('signIn');
    await core.value('setPasscode', { next: '482916' });
    await core.value('lockNow');
    seconds(60);
    await core.wallet.tick();
    expect(posts()).toHaveLength(1);
    await core.value('unlock', { passcode: '482916' });
    await core.wallet.tick();
    expect(posts()).toHaveLength(2);
  });

  it('another customer signed in on the same profile: the first one’s payment is not asked about with their session', async () => {
    await open();
    const annas = await lostAnswer();
    await core.value('signOut');
    core.as('bjorn');
    await core.value('signIn');
    seconds(60);
    await core.wallet.tick();
    expect(posts()).toHaveLength(1);
    expect(notices).toEqual([]);
    // Anna back: her payment is followed up again, under her own session.
    await core.value('signOut');
    core.as('anna');
    await core.value('signIn');
    await core.wallet.tick();
    expect(posts()).toHaveLength(2);
    expect(await stateOf(annas)).toBe('settled');
  });

  it('two timers at once, and the customer’s own "check again" meanwhile: one question each, one initiation', async () => {
    await open();
    const id = await lostAnswer();
    seconds(15);
    const release = core.hold('checkAgain');
    const pressed = core.api.checkAgain({ id });
    await Promise.all([core.wallet.tick(), core.wallet.tick()]);
    release();
    await pressed;
    expect(posts().length).toBeLessThanOrEqual(3);
    expect(sandbox.initiations()).toHaveLength(1);
    expect(await stateOf(id)).toBe('settled');
    expect(notices.length).toBeLessThanOrEqual(1);
  });

  it('an accepted payment without a final status is asked about until it has one', async () => {
    await open();
    // The status query fails right after the send: accepted, its status unknown.
    sandbox.faults.add({ route: 'payments.get', kind: 'status500', count: 2 });
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect((await core.value('submitPayment', { id })).state).toBe('accepted');
    seconds(15);
    await core.wallet.tick();
    expect(await stateOf(id)).toBe('accepted');
    expect(notices).toEqual([]);
    seconds(30);
    await core.wallet.tick();
    expect(await stateOf(id)).toBe('settled');
    expect(notices.map((notice) => notice.title)).toEqual(['Payment completed']);
    expect(posts()).toHaveLength(1);
  });

  it('the waits are written down where the host can read them', () => {
    expect(FOLLOW_UP_WAITS_MS[0]).toBe(15_000);
    expect(followUpWait(100)).toBe(3_600_000);
  });
});
