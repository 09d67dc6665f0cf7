import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App.tsx';
import { FakeWallet, profile } from './fake-wallet.ts';

describe('App', () => {
  it('shows the name the main process reports, and the environment banner of a test profile', async () => {
    const fake = new FakeWallet();
    render(<App wallet={fake.api()} />);
    expect(await screen.findByRole('heading', { name: 'A2A Wallet' })).toBeTruthy();
    expect(screen.getByTestId('env-banner').textContent).toContain('LOCAL SANDBOX');
  });

  it('shows no banner in production, and BANK SANDBOX in the bank’s sandbox', async () => {
    const fake = new FakeWallet();
    fake.profiles = [profile({ id: 'production', environment: 'production', name: 'Production' })];
    const { unmount } = render(<App wallet={fake.api()} />);
    await screen.findByRole('heading', { name: 'A2A Wallet' });
    expect(screen.queryByTestId('env-banner')).toBeNull();
    unmount();
    fake.profiles = [profile({ id: 'bank-sandbox', environment: 'bank-sandbox', name: 'Bank sandbox' })];
    render(<App wallet={fake.api()} />);
    expect((await screen.findByTestId('env-banner')).textContent).toContain('BANK SANDBOX');
  });

  it('says so, and offers to try again, when the main process cannot be reached', async () => {
    const fake = new FakeWallet();
    const api = { ...fake.api(), appInfo: () => Promise.reject(new Error('gone')) };
    render(<App wallet={api} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not reach');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Icelandic when the settings say so', async () => {
    const fake = new FakeWallet();
    fake.settings = { ...fake.settings, language: 'is', locale: 'is' };
    render(<App wallet={fake.api()} />);
    expect(await screen.findByRole('button', { name: 'Greiða' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('is');
  });

  it('moves between screens with the navigation', async () => {
    const user = userEvent.setup();
    render(<App wallet={new FakeWallet().api()} />);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });
});
