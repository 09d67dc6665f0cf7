import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../common/session.ts';
import { DAY_MS } from '../../../common/time.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * The grant moves on with the clock, and the renderer is told without asking: a day fewer left, a reminder falling
 * due, the grant's end. The real core over the sandbox bank; `tick()` after moving the sandbox's clock
 * stands for the core's tick.
 */
let core: InProcessWallet;
let events: WalletEvent[];

beforeEach(async () => {
  core = await inProcessWallet();
  core.as('anna');
  await core.value('signIn');
  await core.value('saveAccount', { accountNumber: '0133-26-012345', label: 'Main' });
  events = [];
  core.onEvent((event) => void events.push(event));
});
afterEach(() => core.close());

const days = (count: number) => core.sandbox.clock.advanceSeconds((count * DAY_MS) / 1000);
/** The core's tick, and what it queued for once its read is over. */
const tick = async () => {
  await core.wallet.tick();
  await Promise.resolve();
};
/** The sessions the renderer was told of since the last look, as the screen shows them. */
const told = () =>
  events.splice(0).flatMap((event) => {
    if (event.channel !== 'sessionChanged') return [];
    const { signedIn, daysLeft, reminder, signedOutReason } = event.payload as Session;
    return [{ signedIn, daysLeft, reminder, signedOutReason }];
  });

describe('the grant as the clock moves', () => {
  it('tells the renderer each new day count and reminder, once, and nothing while they stay', async () => {
    await tick();
    expect(told()).toEqual([]);
    // Hours pass within the same day count: nothing the screen shows has changed.
    core.sandbox.clock.advanceSeconds(3 * 3600);
    await tick();
    expect(told()).toEqual([]);

    days(1);
    await tick();
    await tick();
    expect(told()).toEqual([{ signedIn: true, daysLeft: 89, reminder: undefined, signedOutReason: undefined }]);

    // 14 days before the end: the banner's first day, with its reminder.
    days(75);
    await tick();
    expect(told()).toEqual([{ signedIn: true, daysLeft: 14, reminder: 14, signedOutReason: undefined }]);
    days(12);
    await tick();
    expect(told()).toEqual([{ signedIn: true, daysLeft: 2, reminder: 7, signedOutReason: undefined }]);
    days(1);
    await tick();
    expect(told()).toEqual([{ signedIn: true, daysLeft: 1, reminder: 1, signedOutReason: undefined }]);
  });

  it('tells the renderer once when the grant has ended, found by the tick', async () => {
    days(90);
    await tick();
    await tick();
    expect(told()).toEqual([
      { signedIn: false, daysLeft: undefined, reminder: undefined, signedOutReason: 'grant-ended' },
    ]);
  });

  it('tells the renderer once when the grant has ended, found by a payment, and the tick adds nothing', async () => {
    days(90);
    const check = await core.call('validatePayment', draftFrom('anna', 'bjorn', 1500));
    expect(check).toMatchObject({ ok: false, error: { code: 'GRANT_ENDED' } });
    await Promise.resolve();
    expect(told()).toEqual([
      { signedIn: false, daysLeft: undefined, reminder: undefined, signedOutReason: 'grant-ended' },
    ]);
    await tick();
    expect(told()).toEqual([]);
  });
});
