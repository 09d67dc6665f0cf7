import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App.tsx';
import { NOON } from '../support/in-process-wallet.ts';
import { walletsPerTest } from './render-app.tsx';

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
    const user = userEvent.setup();
    const core = await wallets.open();
    render(<App wallet={core.api} />);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });
});
