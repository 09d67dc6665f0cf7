import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../common/result.ts';
import { SIGN_IN_TIMEOUT_MS } from '../../main/auth/loopback-listener.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { NOON, sandboxProfile } from '../support/in-process-wallet.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { answering, renderApp, walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest(NOON);
const logIn = () => screen.getByRole('button', { name: 'Sign in' });

describe('sign-in', () => {
  it('shows the active profile and opens the bank’s sign-in, then the pay form', async () => {
    const core = await wallets.open();
    const { user } = await renderApp(core);
    expect(screen.getByText('Profile: Local sandbox')).toBeTruthy();
    await user.click(logIn());
    expect(await screen.findByTestId('amount')).toBeTruthy();
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Signed in as Anna Jónsdóttir (120385-****)');
    expect(core.browser().opened).toHaveLength(1);
  });

  // Issue 16: one verb for one act ("Sign in with your bank" above a "Log in with your bank" button was two), and the
  // built-in profile's name in the customer's language.
  it.each([
    ['en', 'Sign in with your bank', 'Sign in', 'Profile: Local sandbox', /log ?in/i],
    [
      'is',
      'Skráðu þig inn hjá bankanum',
      'Skrá inn',
      'Tenging: Staðbundið prófunarumhverfi',
      /innskráning hjá|local sandbox/i,
    ],
  ] as const)(
    'says sign in, and nothing else, for signing in (%s)',
    async (language, heading, button, profile, other) => {
      await renderApp(await wallets.open({ language }));
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(heading);
      expect(screen.getByRole('button', { name: button })).toBeTruthy();
      expect(screen.getByText(profile)).toBeTruthy();
      expect(document.body.textContent).not.toMatch(other);
    },
  );

  it('says sign in and sign out everywhere in English, never log in or log out', () => {
    const loggedIn = Object.entries(messages.en).filter(([, text]) => /\blog(?:ged)? ?(?:in|out)\b/i.test(text));
    expect(loggedIn).toEqual([]);
  });

  it('says to finish in the browser while waiting, and can be cancelled', async () => {
    const core = await wallets.open();
    core.as('anna', { held: true });
    const { user } = await renderApp(core);
    await user.click(logIn());
    expect(await screen.findByText('Finish signing in in your browser')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sign-in was cancelled.');
    expect(logIn()).toBeTruthy();
  });

  it('finishes when the browser comes back', async () => {
    const core = await wallets.open();
    core.as('anna', { held: true });
    const { user } = await renderApp(core);
    await user.click(logIn());
    await screen.findByText('Finish signing in in your browser');
    await act(() => core.finishSignIn());
    expect(await screen.findByTestId('amount')).toBeTruthy();
  });

  it('explains a sign-in the customer refused at the bank', async () => {
    const core = await wallets.open();
    core.as('anna', { decision: 'deny' });
    const { user } = await renderApp(core);
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You refused the app access at the bank. Nothing was shared. Try again if you want to use the app.',
    );
  });

  it('explains a bank that could not be reached for the tokens', async () => {
    const core = await wallets.open();
    wallets.sandbox().faults.add({ route: 'token', kind: 'dropBeforeProcessing' });
    const { user } = await renderApp(core);
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank could not be reached. Check your internet connection and try again.',
    );
  });

  it('explains an id_token that does not check out (the issuer is not the one the profile names)', async () => {
    const core = await wallets.open();
    const sandbox = wallets.sandbox();
    await core.value(
      'saveProfile',
      sandboxProfile(sandbox, { jwksUrl: `${sandbox.url}/pf/JWKS`, issuer: 'https://auth.elsewhere.example' }),
    );
    await core.value('switchProfile', { id: 'my-sandbox' });
    const { user } = await renderApp(core);
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank’s proof of who signed in did not check out, so the app did not sign you in. Try again; if it keeps happening, contact the vendor.',
    );
  });

  it('explains a sign-in that took too long', async () => {
    const core = await wallets.open();
    core.as('anna', { held: true });
    await renderApp(core);
    // The sign-in's own timer runs on the host's clock: faked from the press, and moved past its limit.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(logIn());
      await core.waitingInBrowser();
      await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_TIMEOUT_MS));
    } finally {
      vi.useRealTimers();
    }
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in took too long and was stopped. Try again.');
  });

  it.each([
    // No sandbox user signs in with a company's kennitala, and no version of main sends SOMETHING_NEW.
    [
      'COMPANY_KENNITALA',
      'You signed in with a company’s kennitala. The app pays only from individuals’ own accounts.',
    ],
    ['SOMETHING_NEW', 'Sign-in did not complete. Try again.'],
  ])('explains %s, a refusal main cannot be brought to send here', async (code, text) => {
    const core = await wallets.open();
    const api = answering(core.api, 'signIn', () => Promise.resolve(fail(code, 'refused')));
    const { user } = await renderApp({ api });
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it.each([
    [
      'en' as const,
      'This profile’s bank addresses or app registration changed, so its sign-in was ended. Sign in again.',
    ],
    [
      'is' as const,
      'Vefföngum bankans eða skráningu forritsins í þessari tengingu var breytt, svo innskráningunni var lokið. Skráðu þig inn aftur.',
    ],
  ])('says why when the profile’s bank settings changed and ended the sign-in (%s)', async (language, expected) => {
    const core = await wallets.open({ language });
    const sandbox = wallets.sandbox();
    await core.value('saveProfile', sandboxProfile(sandbox));
    await core.value('switchProfile', { id: 'my-sandbox' });
    await core.value('signIn');
    // The tester points the profile at another app registration: its tokens are not sent under it.
    await core.value('saveProfile', sandboxProfile(sandbox, { clientId: 'another-app', clientSecret: '' }));
    await renderApp(core);
    expect(screen.getByText(expected).className).toBe('notice');
    // Not the grant's blocking prompt: the sign-in screen itself, with its button.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Skrá inn' })).toBeTruthy();
  });

  it('says nothing it cannot explain about a reason it does not know (from a newer main)', async () => {
    const core = await wallets.open();
    const api = answering(core.api, 'sessionStatus', async (real) => {
      const result = await real();
      return result.ok ? ok({ ...result.value, signedOutReason: 'something-new' as 'never' }) : result;
    });
    const { container } = await renderApp({ api });
    expect(container.querySelector('.sign-in .notice')).toBeNull();
    expect(logIn()).toBeTruthy();
  });

  it('sends a tester to the profiles when the profile is incomplete', async () => {
    const core = await wallets.open();
    await core.value('switchProfile', { id: 'bank-sandbox' });
    const { user } = await renderApp(core);
    expect(screen.getByRole('alert').textContent).toContain('This profile is not ready');
    await user.click(screen.getByRole('button', { name: 'Open profiles' }));
    expect(screen.getByRole('button', { name: 'Profiles' }).getAttribute('aria-current')).toBe('page');
  });

  it('warns when sign-ins are kept in memory only', async () => {
    const core = await wallets.open({ keyProtector: memoryKeychain({ secure: false, reason: 'basic_text' }) });
    await renderApp(core);
    expect(screen.getByText(/sign in again each time you open the app/)).toBeTruthy();
  });

  it('signs out', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'signed-out' });
  });

  it('stays usable when the bank ends the sign-in without letting the app in (a scope it does not know)', async () => {
    const core = await wallets.open();
    await core.value('saveProfile', sandboxProfile(wallets.sandbox(), { scopes: ['openid', 'telepathy'] }));
    await core.value('switchProfile', { id: 'my-sandbox' });
    core.as('anna', { follow: true });
    const { user } = await renderApp(core);
    await user.click(logIn());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank ended the sign-in without letting the app in. Try again.',
    );
    expect(logIn()).toBeTruthy();
  });
});
