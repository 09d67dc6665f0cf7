import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shippedProfiles } from '../../main/profiles/builtin-profiles.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest, type OpenOptions } from './render-app.tsx';

/** The app lock as the customer meets it, over the real core: main decides, the screens follow. */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const PASSCODE = '482916';
const signedIn = (options: OpenOptions = {}) =>
  wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], ...options });
type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function setPasscodeInSettings(user: User, passcode = PASSCODE) {
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  const section = await screen.findByTestId('passcode-settings');
  await user.type(within(section).getByLabelText('New passcode'), passcode);
  await user.type(within(section).getByLabelText('Passcode again'), passcode);
  await user.click(within(section).getByRole('button', { name: 'Set passcode' }));
  await within(section).findByRole('button', { name: 'Change passcode' });
}

/** Björn, 1 500 kr., reviewed and Pay pressed: what happens next is the test's. */
async function payBjorn1500(user: User) {
  await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
  await user.type(screen.getByTestId('amount'), '1500');
  await user.click(screen.getByRole('button', { name: 'Review payment' }));
  await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
}

async function unlockWith(user: User, passcode: string, label = 'Passcode') {
  await user.type(screen.getByLabelText(label), passcode);
  await user.keyboard('{Enter}');
}

describe('the lock screen', () => {
  it('is all the window shows once locked: no name, no account, no payment; the right passcode opens the app again', async () => {
    const core = await signedIn();
    const { user, container } = await renderApp(core);
    expect(screen.getByTestId('signed-in-as').textContent).toContain('Anna');
    await setPasscodeInSettings(user);
    await user.click(screen.getByTestId('lock-now'));
    expect(await screen.findByTestId('lock-title')).toHaveProperty('textContent', 'A2A Wallet is locked');
    expect(screen.getByText('You locked the app.')).toBeTruthy();
    expect(container.textContent).not.toMatch(/Anna|0133|120385/);
    expect(screen.queryByRole('navigation')).toBeNull();
    // The passcode field has the focus: type and press Enter.
    expect(document.activeElement).toBe(screen.getByLabelText('Passcode'));
    await expectAxeClean(container);

    await unlockWith(user, '000000');
    expect(await screen.findByText('The passcode is wrong.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).toBe('');
    await unlockWith(user, PASSCODE);
    expect(await screen.findByTestId('signed-in-as')).toBeTruthy();
  });

  it('says when the next try may be made after too many wrong ones, and lets it through once the time has come', async () => {
    const core = await signedIn();
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    const { user } = await renderApp(core);
    for (let n = 0; n < 3; n += 1) await unlockWith(user, '000000');
    expect(await screen.findByText(/Too many wrong passcodes\. You can try again at 22 Nov 2026, 12:00/)).toBeTruthy();
    await unlockWith(user, PASSCODE);
    expect(await screen.findByText(/Too many wrong passcodes\. You can try again at/)).toBeTruthy();
    wallets.sandbox().clock.advanceSeconds(30);
    await unlockWith(user, PASSCODE);
    expect(await screen.findByTestId('signed-in-as')).toBeTruthy();
  });

  it('comes when main locks the app (idle minutes, the computer’s lock), wherever the customer was', async () => {
    const core = await signedIn();
    await core.value('setPasscode', { next: PASSCODE });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('heading', { name: 'History' });
    wallets.sandbox().clock.advanceSeconds(5 * 60);
    await core.wallet.checkReminders();
    expect(await screen.findByText('The app locked itself after 5 minutes without use.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });

  it('speaks Icelandic', async () => {
    const core = await signedIn({ language: 'is' });
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    const { user, container } = await renderApp(core);
    expect((await screen.findByTestId('lock-title')).textContent).toBe('A2A Wallet er læst');
    await unlockWith(user, '000000', 'Aðgangskóði');
    expect(await screen.findByText('Aðgangskóðinn er rangur.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gleymdirðu aðgangskóðanum?' })).toBeTruthy();
    await expectAxeClean(container);
  });

  it('forgetting the passcode ends the sign-in, after saying so; the app opens signed out', async () => {
    const core = await signedIn();
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    const { user } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget the passcode?' });
    expect(dialog.textContent).toContain('Your payment history is kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Forget passcode and sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'passcode' });
  });

  it('in a build that requires a passcode, asks for one first and checks it as it is typed', async () => {
    const { profiles, allowEdit } = shippedProfiles();
    const core = await wallets.open({ platform: { shipped: { profiles, allowEdit, requirePasscode: true } } });
    const { user, container } = await renderApp(core);
    expect(await screen.findByRole('heading', { name: 'Set a passcode for A2A Wallet' })).toBeTruthy();
    await expectAxeClean(container);
    await user.type(screen.getByLabelText('New passcode'), '1234');
    await user.click(screen.getByRole('button', { name: 'Set passcode' }));
    expect(await screen.findByText('Use 6 or more digits.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New passcode'));
    await user.type(screen.getByLabelText('New passcode'), PASSCODE);
    await user.type(screen.getByLabelText('Passcode again'), '482917');
    await user.click(screen.getByRole('button', { name: 'Set passcode' }));
    expect(await screen.findByText('The two passcodes are not the same.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Passcode again'));
    await user.type(screen.getByLabelText('Passcode again'), PASSCODE);
    await user.click(screen.getByRole('button', { name: 'Set passcode' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // Settings say it is required, and offer no way to remove it.
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const section = await screen.findByTestId('passcode-settings');
    expect(section.textContent).toContain('This app requires a passcode.');
    expect(within(section).queryByRole('button', { name: 'Remove passcode' })).toBeNull();
  });
});

describe('the offer of a passcode', () => {
  it('shows once signed in without one, goes to Settings to set it, and is gone once set or put off', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    const offer = await screen.findByTestId('passcode-offer');
    expect(offer.textContent).toContain('Protect your payments with a passcode');
    await user.click(within(offer).getByRole('button', { name: 'Set passcode' }));
    expect(await screen.findByTestId('passcode-settings')).toBeTruthy();
    await setPasscodeInSettings(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByTestId('amount');
    expect(screen.queryByTestId('passcode-offer')).toBeNull();
  });

  it('is put off for this run with “Not now”', async () => {
    const { user } = await renderApp(await signedIn());
    await user.click(within(await screen.findByTestId('passcode-offer')).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('passcode-offer')).toBeNull();
  });
});

describe('the passcode before a payment', () => {
  it('is asked for when it was entered more than a minute ago; a wrong one is said, the right one sends', async () => {
    const core = await signedIn();
    await core.value('setPasscode', { next: PASSCODE });
    const { user, container } = await renderApp(core);
    wallets.sandbox().clock.advanceSeconds(61);
    await payBjorn1500(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    expect(dialog.textContent).toMatch(/Enter your passcode to send ISK\s1,500\./);
    await expectAxeClean(container);
    await user.type(within(dialog).getByLabelText('Passcode'), '000000');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('The passcode is wrong.')).toBeTruthy();
    expect(wallets.sandbox().initiations()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Passcode'), PASSCODE);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });
});

describe('a payment left unsent at the passcode prompt', () => {
  it('says it was not sent; Check again asks for the passcode, then sends that same payment once', async () => {
    const core = await signedIn();
    await core.value('setPasscode', { next: PASSCODE });
    const { user } = await renderApp(core);
    wallets.sandbox().clock.advanceSeconds(61);
    await payBjorn1500(user);
    const first = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    const result = await screen.findByTestId('pay-result');
    expect(result.textContent).toContain('The payment was not sent: it needs your passcode first.');
    await user.click(within(result).getByRole('button', { name: 'Check again' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm with your passcode' });
    await user.type(within(again).getByLabelText('Passcode'), PASSCODE);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });
});
