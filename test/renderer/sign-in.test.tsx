import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../common/result.ts';
import type { Session } from '../../common/session.ts';
import { FakeWallet, profile } from './fake-wallet.ts';
import { renderApp } from './render-app.tsx';

describe('sign-in', () => {
  it('shows the active profile and opens the bank’s sign-in, then the pay form', async () => {
    const fake = new FakeWallet();
    const { user } = await renderApp(fake);
    expect(screen.getByText('Profile: Local sandbox')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    expect(await screen.findByTestId('amount')).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Anna Jónsdóttir (120385-****)');
  });

  it('says to finish in the browser while waiting, and can be cancelled', async () => {
    const fake = new FakeWallet();
    fake.signInMode = 'wait';
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    expect(await screen.findByText('Finish signing in in your browser')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sign-in was cancelled.');
    expect(screen.getByRole('button', { name: 'Log in with your bank' })).toBeTruthy();
  });

  it('finishes when the browser comes back', async () => {
    const fake = new FakeWallet();
    fake.signInMode = 'wait';
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    await screen.findByText('Finish signing in in your browser');
    await act(async () => fake.finishSignIn());
    expect(await screen.findByTestId('amount')).toBeTruthy();
  });

  it.each([
    ['SIGN_IN_TIMED_OUT', 'Sign-in took too long and was stopped. Try again.'],
    [
      'SIGN_IN_DENIED',
      'You refused the app access at the bank. Nothing was shared. Try again if you want to use the app.',
    ],
    ['BANK_UNREACHABLE', 'The bank could not be reached. Check your internet connection and try again.'],
    [
      'ID_TOKEN_INVALID',
      'The bank’s proof of who signed in did not check out, so the app did not sign you in. Try again; if it keeps happening, contact the vendor.',
    ],
    [
      'COMPANY_KENNITALA',
      'You signed in with a company’s kennitala. The app pays only from individuals’ own accounts.',
    ],
    ['SOMETHING_NEW', 'Sign-in did not complete. Try again.'],
  ])('explains %s', async (code, text) => {
    const fake = new FakeWallet();
    fake.signInMode = { fail: code };
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it.each([
    [
      'en' as const,
      'This profile’s bank addresses or app registration changed, so its sign-in was ended. Sign in again.',
    ],
    [
      'is' as const,
      'Vefföngum bankans eða skráningu forritsins í þessu sniði var breytt, svo innskráningunni var lokið. Skráðu þig inn aftur.',
    ],
  ])('says why when the profile’s bank settings changed and ended the sign-in (%s)', async (locale, expected) => {
    const fake = new FakeWallet();
    fake.settings = { ...fake.settings, language: locale, locale };
    // A reason common/session.ts gains with issue 13; written so as not to depend on its type.
    fake.session = { ...fake.session, signedOutReason: 'profile-changed' as Session['signedOutReason'] };
    await renderApp(fake);
    expect(screen.getByText(expected).className).toBe('notice');
    // Not the grant's blocking prompt: the sign-in screen itself, with its button.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      screen.getByRole('button', { name: locale === 'en' ? 'Log in with your bank' : 'Innskráning hjá bankanum' }),
    ).toBeTruthy();
  });

  it('says nothing it cannot explain about a reason it does not know', async () => {
    const fake = new FakeWallet();
    fake.session = { ...fake.session, signedOutReason: 'something-new' as Session['signedOutReason'] };
    const { container } = await renderApp(fake);
    expect(container.querySelector('.sign-in .notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in with your bank' })).toBeTruthy();
  });

  it('sends a tester to the profiles when the profile is incomplete', async () => {
    const fake = new FakeWallet();
    fake.profiles = [profile({ id: 'bank-sandbox', environment: 'bank-sandbox', complete: false })];
    const { user } = await renderApp(fake);
    expect(screen.getByRole('alert').textContent).toContain('This profile is not ready');
    await user.click(screen.getByRole('button', { name: 'Open profiles' }));
    expect(screen.getByRole('button', { name: 'Profiles' }).getAttribute('aria-current')).toBe('page');
  });

  it('warns when sign-ins are kept in memory only', async () => {
    const fake = new FakeWallet();
    fake.settings = { ...fake.settings, protection: 'basic_text', tokensPersist: false };
    await renderApp(fake);
    expect(screen.getByText(/sign in again each time you open the app/)).toBeTruthy();
  });

  it('signs out', async () => {
    const fake = new FakeWallet().signedInAsAnna();
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Log in with your bank' })).toBeTruthy();
  });

  it('stays usable when a failed sign-in result comes from the main process', async () => {
    const fake = new FakeWallet();
    fake.signInMode = 'wait';
    const { user } = await renderApp(fake);
    await user.click(screen.getByRole('button', { name: 'Log in with your bank' }));
    await act(async () => fake.finishSignIn(fail('SIGN_IN_FAILED', 'x')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank ended the sign-in without letting the app in. Try again.',
    );
  });
});
