import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { NOON } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 42, item 2, over the real core: the passcode asked for before a payment keeps the focus while it is open. The
 * status heading behind it refocused itself when the payment's state changed (to "waiting for the passcode"), after
 * the prompt's own focus, so the digits typed went nowhere.
 */
const wallets = walletsPerTest(NOON);
const PASSCODE = '482916';
const t = (language: 'en' | 'is', key: MessageKey) => translate(language, key);

describe.each(['en', 'is'] as const)('the passcode prompt before a payment (%s)', (language) => {
  it('has the focus as it opens, and what is typed goes into it', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    await core.value('setPasscode', { next: PASSCODE });
    // Entered more than a minute ago: the payment asks for it again.
    wallets.sandbox().clock.advanceSeconds(61);
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: t(language, 'pay.review') }));
    await user.click(await screen.findByRole('button', { name: language === 'en' ? /^Pay ISK/ : /^Greiða \d/ }));

    const prompt = await screen.findByRole('dialog', { name: t(language, 'lock.presenceTitle') });
    const input = within(prompt).getByLabelText(t(language, 'lock.passcode'));
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset['shown']).toBe('awaitingPasscode'));
    expect(document.activeElement).toBe(input);
    // Typed without a click: the keys reach the prompt, and Enter sends the payment.
    await user.keyboard(PASSCODE);
    expect((input as HTMLInputElement).value).toBe(PASSCODE);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset['shown']).toMatch(/^(accepted|settled)$/));
  });
});
