import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../common/time.ts';
import { draftFrom, NOON } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 42, item 14: help where it is needed. The states that raise a question link a short page on it ("What does
 * this mean?"), in both languages: here the end of the bank access, from the last day's dialog and from the prompt
 * after the end. Named isolated: it sets the process's time zone.
 */
const wallets = walletsPerTest(NOON);
historyListShows(10);
beforeEach(() => vi.stubEnv('TZ', 'Atlantic/Reykjavik'));
afterEach(() => vi.unstubAllEnvs());
const days = (count: number) => wallets.sandbox().clock.advanceSeconds((count * DAY_MS) / 1000);

const WORDS = {
  en: {
    open: 'What does this mean?',
    title: 'When your bank access ends',
    first: 'When you sign in with your bank, you give this app access to make payments from your account for 90 days.',
    close: 'Close',
  },
  is: {
    open: 'Hvað þýðir þetta?',
    title: 'Þegar aðgangur þinn að bankanum rennur út',
    first:
      'Þegar þú skráir þig inn hjá bankanum veitir þú forritinu aðgang til að greiða af reikningnum þínum í 90 daga.',
    close: 'Loka',
  },
} as const;

describe('help on the end of the bank access', () => {
  it.each(['en', 'is'] as const)('opens from the last day’s dialog, and closes back to it (%s)', async (language) => {
    const words = WORDS[language];
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    days(89.5);
    const { user } = await renderApp(core);
    const dialog = await screen.findByRole('dialog');
    // The way forward keeps the first focus; the help comes after it.
    expect(document.activeElement?.textContent).not.toBe(words.open);
    const open = within(dialog).getByRole('link', { name: words.open });
    await user.click(open);
    const help = screen.getByRole('dialog', { name: words.title });
    expect(help.textContent).toContain(words.first);
    await expectAxeClean(help);
    await user.click(within(help).getByRole('button', { name: words.close }));
    expect(screen.queryByRole('dialog', { name: words.title })).toBeNull();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(document.activeElement).toBe(open);
  });

  it.each(['en', 'is'] as const)('opens from the prompt after the end (%s)', async (language) => {
    const words = WORDS[language];
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    days(91);
    const { user } = await renderApp(core);
    const prompt = await screen.findByRole('alertdialog');
    await user.click(within(prompt).getByRole('link', { name: words.open }));
    expect(screen.getByRole('dialog', { name: words.title }).textContent).toContain(words.first);
    await act(() => user.keyboard('{Escape}'));
    expect(screen.queryByRole('dialog', { name: words.title })).toBeNull();
    expect(screen.getByRole('alertdialog')).toBe(prompt);
  });
});

describe('help on an unknown outcome', () => {
  it.each([
    ['en', 'What does this mean?', 'When the outcome is not known', 'at most once, so asking again never pays twice'],
    ['is', 'Hvað þýðir þetta?', 'Þegar niðurstaðan er ekki þekkt', 'í mesta lagi einu sinni'],
  ] as const)('opens from a payment whose answer was lost (%s)', async (language, open, title, words) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    core.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect((await core.value('submitPayment', { id })).state).toBe('unknown');
    const { user, store } = await renderApp(core);
    act(() => store.setState({ screen: 'history' }));
    await user.click(await screen.findByTestId('history-row'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(within(dialog).getByTestId('payment-status')).getByRole('link', { name: open }));
    const help = screen.getByRole('dialog', { name: title });
    expect(help.textContent).toContain(words);
    // Sends nothing: a page to read.
    expect(
      core.sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path.includes('Credit')),
    ).toHaveLength(1);
  });
});
