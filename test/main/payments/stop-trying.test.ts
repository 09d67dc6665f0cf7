import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 38, item 2: "Stop trying". A payment whose outcome is unknown is sent again by the app itself, with the same
 * request id, until its 24 hours end; once the customer stops it, nothing sends it again: not the follow-up, not a
 * press of Send or Check again from any window, not a restart, whatever the bank and the clock do. Its outcome is
 * then the customer's word, and until then it counts against the limit as uncertain. Through the real core against
 * the sandbox.
 */
let sandbox: Sandbox;
const opened: InProcessWallet[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  for (const each of opened.splice(0)) await each.close();
  sandbox.faults.release();
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

async function signedIn(): Promise<InProcessWallet> {
  const core = await inProcessWallet({ sandbox });
  opened.push(core);
  await core.value('signIn');
  return core;
}

/** A payment whose request never reached the bank: unknown in the app, nothing at the bank. */
async function neverArrived(core: InProcessWallet, amount = 4000): Promise<string> {
  sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1 });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
  expect((await core.value('submitPayment', { id })).state).toBe('unknown');
  return id;
}

describe('Stop trying', () => {
  it('ends the app’s own re-sends, and the outcome becomes the customer’s word', async () => {
    const core = await signedIn();
    const id = await neverArrived(core);
    const stopped = await core.value('stopTrying', { id });
    expect(stopped).toMatchObject({ state: 'unknown', sendsStopped: { by: 'customer' } });
    expect(stopped.nextCheckAt).toBeUndefined();
    const before = posts().length;
    for (const seconds of [16, 60, 600, 3600, 6 * 3600]) {
      sandbox.clock.advanceSeconds(seconds);
      await core.wallet.tick();
    }
    expect(posts()).toHaveLength(before);
    // It still counts as uncertain, until the customer's word.
    expect((await core.value('dailyLimit')).uncertain).toBe(4000);
    expect(await core.value('declareOutcome', { id, outcome: 'notPaid' })).toMatchObject({ state: 'declaredNotPaid' });
    expect((await core.value('dailyLimit')).uncertain).toBe(0);
  });

  it('a press of Send or Check again from any window is refused, and sends nothing', async () => {
    const core = await signedIn();
    const id = await neverArrived(core);
    await core.value('stopTrying', { id });
    const before = posts().length;
    for (const channel of ['submitPayment', 'checkAgain'] as const) {
      expect(await core.call(channel, { id })).toMatchObject({ ok: false, error: { code: 'SENDING_STOPPED' } });
    }
    expect(posts()).toHaveLength(before);
  });

  it('pressed twice, or while the follow-up is sending it, ends with no further POST', async () => {
    const core = await signedIn();
    const id = await neverArrived(core);
    // The follow-up's re-send is held at the bank; Stop is pressed twice meanwhile.
    sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000, count: 1 });
    sandbox.clock.advanceSeconds(16);
    const round = core.wallet.tick();
    while (sandbox.faults.delaying === 0) await new Promise((resolve) => setImmediate(resolve));
    const stops = [core.value('stopTrying', { id }), core.value('stopTrying', { id })];
    const held = posts().length;
    sandbox.faults.drop();
    await round;
    const [first, second] = await Promise.all(stops);
    expect(first).toMatchObject({ state: 'unknown', sendsStopped: { by: 'customer' } });
    expect(second?.version).toBe(first?.version);
    sandbox.clock.advanceSeconds(3600);
    await core.wallet.tick();
    expect(posts()).toHaveLength(held);
  });

  it('answers a payment whose outcome became known as it is', async () => {
    const core = await signedIn();
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    const settled = await core.value('submitPayment', { id });
    expect(await core.value('stopTrying', { id })).toMatchObject({ state: settled.state, version: settled.version });
  });

  it('another customer’s payment is not theirs to stop', async () => {
    const core = await signedIn();
    const id = await neverArrived(core);
    await core.value('signOut');
    core.as('bjorn');
    await core.value('signIn');
    expect(await core.call('stopTrying', { id })).toMatchObject({ ok: false });
    expect(await core.call('stopTrying', { id: 'no-such-payment' })).toMatchObject({ ok: false });
  });

  it('after Stop, any sequence of clock moves, restarts, faults and presses makes no POST', async () => {
    const core = await signedIn();
    const step = fc.oneof(
      fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 1, max: 30 * 3600 }) }),
      fc.record({ kind: fc.constant('tick' as const) }),
      fc.record({ kind: fc.constant('restart' as const) }),
      fc.record({
        kind: fc.constant('fault' as const),
        fault: fc.constantFrom('status500', 'dropBeforeProcessing', 'dropAfterProcessing') as fc.Arbitrary<
          'status500' | 'dropBeforeProcessing' | 'dropAfterProcessing'
        >,
      }),
      fc.record({ kind: fc.constantFrom('submitPayment' as const, 'checkAgain' as const, 'stopTrying' as const) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        sandbox.faults.clear();
        sandbox.clock.set(NOON);
        // Another amount each run: the earlier runs' payments would raise the duplicate warning.
        run += 1;
        const id = await neverArrived(core, 100 + run);
        await core.value('stopTrying', { id });
        const before = posts().length;
        for (const each of steps) {
          if (each.kind === 'clock') sandbox.clock.advanceSeconds(each.seconds);
          else if (each.kind === 'tick') await core.wallet.tick();
          else if (each.kind === 'restart') await core.restart();
          else if (each.kind === 'fault') sandbox.faults.add({ route: 'payments.create', kind: each.fault, count: 1 });
          else await core.call(each.kind, { id });
        }
        await core.wallet.tick();
        expect(posts()).toHaveLength(before);
        expect((await core.value('getPayment', { id })).state).toBe('unknown');
      }),
      { numRuns: 15 },
    );
  });
});
