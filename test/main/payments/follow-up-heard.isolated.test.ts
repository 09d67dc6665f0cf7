import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreHost } from '../../../main/payments/store/store-host.ts';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 40, item 3: a tick with nothing under way makes no worker round trip. The follow-up used to ask the store
 * for the last two days' payments in followed states, and its integrity, every tick (every 5 s); it now keeps the
 * payments it follows as the service writes them (awaiting-outcome.ts), and asks the integrity only while an unknown
 * payment is followed. Named isolated: it spies on StoreHost's prototype.
 */
let sandbox: Sandbox;
let fixture: InProcessWallet;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fixture.close();
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

/** The store's questions (their op names) asked of the worker while `run` runs. */
async function asked(run: () => Promise<void>): Promise<string[]> {
  await fixture.wallet.idle();
  const ask = vi.spyOn(StoreHost.prototype, 'ask');
  try {
    await run();
    return ask.mock.calls.map(([request]) => request.op);
  } finally {
    ask.mockRestore();
  }
}
const ticks =
  (count: number, seconds = 5) =>
  async () => {
    for (let tick = 0; tick < count; tick += 1) {
      sandbox.clock.advanceSeconds(seconds);
      await fixture.wallet.tick();
    }
  };
const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

async function open(): Promise<void> {
  fixture = await inProcessWallet({ sandbox });
  await fixture.value('signIn');
  await fixture.wallet.tick();
}

describe('the follow-up hears payment changes', () => {
  it('a tick with nothing under way asks the store nothing', async () => {
    await open();
    expect(await asked(ticks(3))).toEqual([]);
    const { id } = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1_000) });
    expect((await fixture.value('submitPayment', { id })).state).toBe('settled');
    expect(await asked(ticks(3))).toEqual([]);
  });

  it('a payment whose answer was lost is followed from what was written, and then nothing is asked', async () => {
    await open();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { id } = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1_500) });
    expect((await fixture.value('submitPayment', { id })).state).toBe('unknown');
    // Followed: before its wait is over, only the store's integrity is asked (an unknown one is not sent again from
    // a history that is not trusted); the payments themselves are not read again.
    const waiting = await asked(ticks(2));
    expect(waiting).not.toContain('inStatesOnDays');
    expect(posts()).toHaveLength(1);
    await ticks(1, 15)();
    expect((await fixture.value('getPayment', { id })).state).toBe('settled');
    expect(new Set(posts().map((entry) => entry.requestId)).size).toBe(1);
    expect(await asked(ticks(3))).toEqual([]);
  });
});
