import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvokeChannel } from '../../common/bridge-contract.ts';
import type { InProcessWallet } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, answeredResult, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * The round trips of paying and seeing it in History (issue 41, item 3), counted on the bridge of the real core: from
 * pressing Review on a filled form, through Pay and the outcome, to History showing the new row. At most 5 calls to
 * main (3: the result knows a saved payee by the form's lists, History's first page brings the integrity and the
 * spending), and none asked twice for the same answer. The same journey in Chromium, counted on the browser
 * harness's bridge: test/e2e/browser/journey-calls.spec.ts.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
historyListShows(10);

/** Every call answered, and main idle (the follow-up and the events it sends are done). */
async function settled(core: InProcessWallet) {
  await core.wallet.idle();
  await waitFor(() => expect(core.calls.filter((call) => call.answer === undefined)).toEqual([]));
}

describe('paying and seeing the payment in History', () => {
  it('makes 3 calls to main, none for the same answer twice', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await settled(core);
    const before = core.calls.length;

    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    expect((await answeredResult()).dataset['state']).toBe('settled');
    await settled(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    const row = await screen.findByTestId('history-row');
    expect(within(row).getByText('0133-26-020001')).toBeTruthy();
    expect(row.querySelector('.state-settled')).not.toBeNull();
    await settled(core);

    const journey = core.calls.slice(before);
    const channels: InvokeChannel[] = journey.map((call) => call.channel);
    expect(channels.length, channels.join(', ')).toBeLessThanOrEqual(5);
    expect(channels).toEqual(['confirmPayment', 'submitPayment', 'historyPage']);
    // Nothing asked twice for the same answer: no channel asked twice with the same request.
    const asked = journey.map((call) => `${call.channel} ${JSON.stringify(call.request)}`);
    expect(asked.filter((each, at) => asked.indexOf(each) !== at)).toEqual([]);
  });
});
