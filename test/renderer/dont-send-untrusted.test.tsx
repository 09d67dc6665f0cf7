import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { draftFrom, NOON } from '../support/in-process-wallet.ts';
import { putBackOlderCopy } from '../support/store-files.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 38 (item 3's way to pay twice, in the window): an older copy of the store put back shows a payment that was
 * sent since as confirmed and never sent. "Don't send" is then refused by main (HISTORY_NOT_TRUSTED), and the window
 * says why and what to do, in the customer's language: look in the online banking before dropping it or paying again.
 */
const wallets = walletsPerTest(NOON);
historyListShows(5);
type Language = 'en' | 'is';
const t = (language: Language, key: MessageKey) => translate(language, key);

describe.each(['en', 'is'] as const)('Don’t send while the history is not trusted (%s)', (language) => {
  it('is refused, and the window says the payment may have been sent since', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    // Sent after the copy was made; the copy, put back, says it was never sent.
    await putBackOlderCopy(core, () => core.value('submitPayment', { id }));
    expect((await core.value('getPayment', { id })).state).toBe('confirmed');

    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: t(language, 'nav.history') }));
    await user.click((await screen.findAllByTestId('history-row'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: t(language, 'history.detail.title') });
    await user.click(within(dialog).getByRole('button', { name: t(language, 'status.action.dontSend') }));
    const refused = await within(dialog).findByTestId('payment-refused');
    expect(refused.textContent).toContain(t(language, 'error.HISTORY_NOT_TRUSTED'));
    expect(refused.getAttribute('role') ?? within(refused).queryByRole('alert')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('payment-status').dataset['shown']).toBe('notSent'));
    expect((await core.value('getPayment', { id })).state).toBe('confirmed');
  });
});
