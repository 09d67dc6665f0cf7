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

describe('a payment left unsent at the passcode prompt (issue 25)', () => {
  const WORDS = {
    en: {
      review: 'Review payment',
      pay: /^Pay ISK\s1,500$/,
      prompt: 'Confirm with your passcode',
      cancel: 'Cancel',
      passcode: 'Passcode',
      title: 'Confirmed, not sent',
      unknown: 'We do not know yet',
      send: 'Send it',
      dontSend: 'Don’t send',
      dropped: 'Not sent: you dropped it',
      held: 'ISK\u00a01,500 of it is held by a payment not sent yet.',
      left: 'ISK\u00a0200,000 of ISK\u00a0200,000 left today',
    },
    is: {
      review: 'Yfirfara greiðslu',
      pay: /^Greiða 1\.500\s?kr\.$/,
      prompt: 'Staðfestu með aðgangskóða',
      cancel: 'Hætta við',
      passcode: 'Aðgangskóði',
      title: 'Staðfest en ekki send',
      unknown: 'Ekki er enn vitað',
      send: 'Senda hana',
      dontSend: 'Ekki senda',
      dropped: 'Ekki send: þú hættir við hana',
      held: 'Þar af eru 1.500\u00a0kr. fráteknar fyrir greiðslu sem er ekki send enn.',
      left: '200.000\u00a0kr. af 200.000\u00a0kr. eftir í dag',
    },
  } as const;

  /** Signed in with a passcode entered over a minute ago; Pay pressed, and the passcode prompt cancelled. */
  async function cancelledAtThePrompt(language: 'en' | 'is') {
    const words = WORDS[language];
    const core = await signedIn({ language });
    await core.value('setPasscode', { next: PASSCODE });
    const { user } = await renderApp(core);
    wallets.sandbox().clock.advanceSeconds(61);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: words.review }));
    await user.click(await screen.findByRole('button', { name: words.pay }));
    const prompt = await screen.findByRole('dialog', { name: words.prompt });
    // While the prompt is open, the screen behind it says it waits for the passcode: nothing was sent.
    expect(screen.getByTestId('payment-status').dataset['shown']).toBe('awaitingPasscode');
    await user.click(within(prompt).getByRole('button', { name: words.cancel }));
    const result = await screen.findByTestId('pay-result');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return { core, user, result, words };
  }

  it.each(['en', 'is'] as const)(
    'says only that it was not sent, holds its share of the limit, and Send it sends that same payment once (%s)',
    async (language) => {
      const { core, user, result, words } = await cancelledAtThePrompt(language);
      expect(within(result).getByRole('heading', { level: 3 }).textContent).toBe(words.title);
      // Not "unknown" and "not sent" at once: only what the app knows.
      expect(result.textContent).not.toContain(words.unknown);
      expect(screen.getByTestId('limit-held').textContent).toBe(words.held);
      const [confirmed] = (await core.value('historyPage', {})).items;
      expect(confirmed).toMatchObject({ state: 'confirmed', attempts: 0 });

      await user.click(within(result).getByRole('button', { name: words.send }));
      const again = await screen.findByRole('dialog', { name: words.prompt });
      await user.type(within(again).getByLabelText(words.passcode), PASSCODE);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
      expect(
        wallets
          .sandbox()
          .initiations()
          .map((initiation) => initiation.requestId),
      ).toEqual([confirmed?.requestId]);
      expect(screen.queryByTestId('limit-held')).toBeNull();
    },
  );

  it.each(['en', 'is'] as const)(
    'Don’t send drops it for good and frees its share of the limit at once (%s)',
    async (language) => {
      const { core, user, result, words } = await cancelledAtThePrompt(language);
      // A double press drops it once.
      const dontSend = within(result).getByRole('button', { name: words.dontSend });
      await user.dblClick(dontSend);
      await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('dropped'));
      expect(within(result).getByRole('heading', { level: 3 }).textContent).toBe(words.dropped);
      expect(core.requests('dropPayment')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByTestId('limit-held')).toBeNull());
      expect(screen.getByTestId('limit-meter').textContent).toContain(words.left);
      expect(within(result).queryByRole('button', { name: words.send })).toBeNull();
      expect(wallets.sandbox().initiations()).toHaveLength(0);
      // History says the same.
      const [dropped] = (await core.value('historyPage', {})).items;
      expect(dropped?.state).toBe('dropped');
    },
  );
});
