import type { Harness, HarnessCall } from '../../harness/server.ts';
import { BJORN } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * The round trips of paying and seeing it in History (issue 41, item 3), as a customer makes them in Chromium and
 * counted on the browser harness's bridge: from pressing Review on a filled form, through Pay and the outcome, to
 * History showing the new row, the window makes at most 5 calls to main (today 3), none for the same answer twice.
 * The same journey over the in-process bridge: test/renderer/journey-calls.test.tsx.
 */

/** Every call the window made so far is answered, and none has come for a while: the window is done asking. */
async function quiet(harness: Harness): Promise<void> {
  let last = -1;
  await expect
    .poll(
      () => {
        const busy = harness.calls.some((call) => !call.answered);
        const seen = harness.calls.at(-1)?.seq ?? 0;
        const still = !busy && seen === last;
        last = seen;
        return still;
      },
      { intervals: [300], timeout: 10_000 },
    )
    .toBe(true);
}

const since = (harness: Harness, seq: number): HarnessCall[] => harness.calls.filter((call) => call.seq > seq);

test('paying Björn and seeing it in History makes at most 5 calls to main, none twice', async ({
  wallet,
  harness,
  context,
}) => {
  await wallet.signInWithAccount(context, 'anna');
  await wallet.fillPayment({ ...BJORN, amount: '1500' });
  await expect(wallet.page.getByTestId('amount')).toHaveValue('1,500');
  await quiet(harness);
  const start = harness.calls.at(-1)?.seq ?? 0;

  await wallet.review();
  await wallet.pay();
  await wallet.expectResult(/accepted|settled/);
  await wallet.go('History');
  const row = wallet.page.getByTestId('history-row').filter({ hasText: '0133-26-020001' });
  await expect(row).toHaveCount(1);
  await quiet(harness);

  const journey = since(harness, start);
  const channels = journey.map((call) => call.channel);
  expect(channels.length, channels.join(', ')).toBeLessThanOrEqual(5);
  expect(channels).toEqual(['confirmPayment', 'submitPayment', 'historyPage']);
  // Nothing asked twice for the same answer: no channel asked twice with the same request.
  const asked = journey.map((call) => `${call.channel} ${JSON.stringify(call.request)}`);
  expect(asked.filter((each, at) => asked.indexOf(each) !== at)).toEqual([]);
});
