import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../common/time.ts';
import { FakeWallet } from './fake-wallet.ts';
import { renderApp } from './render-app.tsx';

describe('the 90-day grant', () => {
  it('shows no banner while more than 14 days are left', async () => {
    await renderApp(new FakeWallet().signedInAsAnna());
    expect(screen.queryByTestId('grant-banner')).toBeNull();
  });

  it('shows a banner from 14 days before the end, and renewing signs in again', async () => {
    const fake = new FakeWallet().signedInAsAnna({ daysLeft: 10, reminder: 14 });
    const { user } = await renderApp(fake);
    expect(screen.getByTestId('grant-banner').textContent).toContain('Your bank access ends in 10 days: renew');
    await user.click(screen.getByRole('button', { name: 'Renew now' }));
    expect(fake.calls.some((call) => call.method === 'signIn')).toBe(true);
    expect(await screen.findByTestId('amount')).toBeTruthy();
    expect(screen.queryByTestId('grant-banner')).toBeNull();
  });

  it('opens a dialog on the last day, which traps focus and gives it back', async () => {
    const fake = new FakeWallet().signedInAsAnna({ daysLeft: 1, reminder: 1, grantEnd: fake0() });
    const { user } = await renderApp(fake);
    const before = document.activeElement;
    act(() => fake.emit('grantReminder', { profileId: 'local-sandbox', reminder: 1, daysLeft: 1, grantEnd: fake0() }));
    const dialog = await screen.findByRole('dialog', { name: 'Your bank access ends tomorrow' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('blocks with a sign-in prompt after the end, and the draft survives the new sign-in', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { user, store } = await renderApp(fake);
    await user.type(await screen.findByTestId('amount'), '1500');
    act(() => {
      fake.session = {
        profileId: 'local-sandbox',
        signedIn: false,
        signingIn: false,
        signedOutReason: 'grant-ended',
        persistent: true,
      };
      fake.emit('sessionChanged', fake.session);
    });
    const prompt = await screen.findByRole('alertdialog', { name: 'Your bank access has ended' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBe(prompt);
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
    expect(store.getState().draft.amount).toBe('1,500');
  });

  it('asks to sign in again when access was withdrawn at the bank', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    await renderApp(fake);
    await screen.findByTestId('amount');
    act(() =>
      fake.emit('sessionChanged', {
        profileId: 'local-sandbox',
        signedIn: false,
        signingIn: false,
        signedOutReason: 'revoked',
        persistent: true,
      }),
    );
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Access was withdrawn at the bank.');
  });
});

function fake0(): number {
  return Date.parse('2026-11-23T20:48:00.000Z') + DAY_MS * 0;
}
