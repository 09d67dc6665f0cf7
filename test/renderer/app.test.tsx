import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App.tsx';
import { NOON } from '../support/in-process-wallet.ts';
import { person, walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest(NOON);

describe('App', () => {
  it('shows the name the main process reports, and the environment banner of a test profile', async () => {
    const core = await wallets.open();
    render(<App wallet={core.api} />);
    expect(await screen.findByRole('heading', { name: 'A2A Wallet' })).toBeTruthy();
    expect(screen.getByTestId('env-banner').textContent).toContain('LOCAL SANDBOX');
  });

  it('shows no banner in production, and BANK SANDBOX in the bank’s sandbox', async () => {
    const core = await wallets.open();
    await core.value('switchProfile', { id: 'production' });
    const { unmount } = render(<App wallet={core.api} />);
    await screen.findByRole('heading', { name: 'A2A Wallet' });
    expect(screen.queryByTestId('env-banner')).toBeNull();
    unmount();
    await core.value('switchProfile', { id: 'bank-sandbox' });
    render(<App wallet={core.api} />);
    expect((await screen.findByTestId('env-banner')).textContent).toContain('BANK SANDBOX');
  });

  // Issue 16: "STAÐBUNDIÐ PRÓFUNARUMHVERFI Prófunarumhverfi: …" said the same word twice in one line.
  it.each([
    ['en', 'local-sandbox', 'LOCAL SANDBOX A test environment: no real money moves.'],
    ['en', 'bank-sandbox', 'BANK SANDBOX A test environment: no real money moves.'],
    ['is', 'local-sandbox', 'STAÐBUNDIÐ PRÓFUNARUMHVERFI Engir raunverulegir peningar eru millifærðir.'],
    ['is', 'bank-sandbox', 'PRÓFUNARUMHVERFI BANKANS Engir raunverulegir peningar eru millifærðir.'],
  ] as const)('a test environment’s banner says each thing once (%s, %s)', async (language, profile, text) => {
    const core = await wallets.open({ language });
    await core.value('switchProfile', { id: profile });
    render(<App wallet={core.api} />);
    const banner = (await screen.findByTestId('env-banner')).textContent;
    expect(banner).toBe(text);
    const words: string[] = banner.toLocaleLowerCase(language).match(/\p{L}{4,}/gu) ?? [];
    expect(words.filter((word, index) => words.indexOf(word) !== index)).toEqual([]);
  });

  it('says so, and offers to try again, when the main process cannot be reached', async () => {
    const core = await wallets.open();
    // The bridge itself fails: no answer comes back at all.
    const api = { ...core.api, appInfo: () => Promise.reject(new Error('gone')) };
    render(<App wallet={api} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not reach');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Icelandic when the settings say so', async () => {
    const core = await wallets.open({ language: 'is' });
    render(<App wallet={core.api} />);
    expect(await screen.findByRole('button', { name: 'Greiða' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('is');
  });

  it('moves between screens with the navigation', async () => {
    const user = person();
    const core = await wallets.open();
    render(<App wallet={core.api} />);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });
});
