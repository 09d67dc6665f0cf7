import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WalletApi } from '../../common/bridge-contract.ts';
import { App } from '../../renderer/src/App.tsx';

const fakeWallet = (appInfo: WalletApi['appInfo']): WalletApi => ({ appInfo });

describe('App', () => {
  it('shows the name and version the main process reports', async () => {
    render(
      <App wallet={fakeWallet(() => Promise.resolve({ ok: true, value: { name: 'A2A Wallet', version: '2.0.0' } }))} />,
    );
    expect(await screen.findByRole('heading', { name: 'A2A Wallet' })).toBeTruthy();
    expect(screen.getByText('Version 2.0.0')).toBeTruthy();
  });

  it('shows an error the main process returned', async () => {
    render(
      <App wallet={fakeWallet(() => Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'Broken' } }))} />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Broken');
  });

  it('says so when the main process cannot be reached', async () => {
    render(<App wallet={fakeWallet(() => Promise.reject(new Error('gone')))} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not reach');
  });
});
