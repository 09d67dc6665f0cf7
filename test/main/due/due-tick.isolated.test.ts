import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreHost } from '../../../main/payments/store/store-host.ts';
import type { Notice } from '../../../main/payments/outcome-notice.ts';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 40, item 3: the due book hears payment changes instead of asking the payment store each tick. Before, every
 * tick (every 5 s) of a customer with payments that come due asked the store's worker for each one's links, the
 * store's integrity and what is left of the limit, though nothing was under way. Now a tick with nothing under way
 * adds no question to the worker: the book reads the store again only after it heard a payment change (or while a
 * payment of one of its occurrences is under way). Named isolated: it spies on StoreHost's prototype.
 */
let fixture: InProcessWallet;
let notices: Notice[];
afterEach(async () => {
  vi.restoreAllMocks();
  await fixture.close();
});

const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });

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

const ticks = (count: number) => async () => {
  for (let tick = 0; tick < count; tick += 1) await fixture.wallet.tick();
};

async function open(): Promise<void> {
  notices = [];
  fixture = await inProcessWallet({ platform: { notify: (notice) => void notices.push(notice) } });
  await fixture.value('signIn');
  // The customer's store opened (and recovered) by a first tick: the ticks compared below are the ones after.
  await fixture.wallet.tick();
}

describe('the due book hears payment changes', () => {
  it('a tick with due payments and nothing under way asks the store nothing the follow-up would not', async () => {
    await open();
    // The follow-up's own questions, asked each tick whatever the customer has.
    const none = await asked(ticks(3));
    await fixture.value('saveDue', { draft: rent, schedule: { kind: 'weekly', weekday: 7, start: '2026-11-22' } });
    await fixture.value('saveDue', { draft: rent, schedule: { kind: 'monthly', day: 1, start: '2026-12-01' } });
    await fixture.wallet.tick();
    expect(notices.map((notice) => notice.title)).toEqual(['Payment due today']);
    expect(await asked(ticks(3))).toEqual(none);
  });

  it('a payment change heard: the next tick reads the store once more, then nothing again', async () => {
    await open();
    const none = await asked(ticks(1));
    await fixture.value('saveDue', { draft: rent, schedule: { kind: 'weekly', weekday: 1, start: '2026-11-23' } });
    await fixture.wallet.tick();
    expect(await asked(ticks(1))).toEqual(none);
    const other = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1_000) });
    await fixture.value('submitPayment', { id: other.id });
    expect(await asked(ticks(1))).toContain('dueLinks');
    expect(await asked(ticks(1))).toEqual(none);
    expect(notices).toEqual([]);
  });
});
