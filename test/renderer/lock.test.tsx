import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shippedProfiles } from '../../main/profiles/builtin-profiles.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
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
    // The third wrong passcode at 12:00:00 by main's clock: the next try at 12:00:30, to the second.
    expect(await screen.findByText('You can try again at 12:00:30.')).toBeTruthy();
    expect(screen.getByText('7 tries left before every sign-in ends.')).toBeTruthy();
    await unlockWith(user, PASSCODE);
    expect(await screen.findByText('Too many wrong passcodes. Wait a moment, then try again.')).toBeTruthy();
    expect(screen.getByText('You can try again at 12:00:30.')).toBeTruthy();
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
    await core.wallet.tick();
    expect(await screen.findByText('The app locked itself: it was not used for 5 min.')).toBeTruthy();
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

  it.each([
    ['en', 'New passcode', 'Set passcode', 'a number could be guessed'],
    ['is', 'Nýr aðgangskóði', 'Velja aðgangskóða', 'tölu mætti giska'],
  ] as const)(
    'in such a build without a keychain, the first passcode must be a passphrase, said as it is typed (%s)',
    async (language, label, button, reason) => {
      const { profiles, allowEdit } = shippedProfiles();
      const core = await wallets.open({
        keyProtector: memoryKeychain({ secure: false, reason: 'basic_text' }),
        // The system's language: Settings cannot be changed before the first passcode.
        platform: { preferredLanguages: [language], shipped: { profiles, allowEdit, requirePasscode: true } },
      });
      expect((await core.value('lockStatus')).passphraseRequired).toBe(true);
      const { user } = await renderApp(core);
      await user.type(await screen.findByLabelText(label), PASSCODE);
      await user.click(screen.getByRole('button', { name: button }));
      // Refused in the window as it is typed (main's refusal words it otherwise): the copied disk, and 16 characters.
      expect((await screen.findByText(new RegExp(reason))).textContent).toMatch(/16/);
      expect((await core.value('lockStatus')).passcodeSet).toBe(false);
    },
  );
});

/** What the lock screen says, in both languages (issue 26). */
const LOCK_WORDS = {
  en: {
    passcode: 'Passcode',
    banner: 'LOCAL SANDBOX A test environment: no real money moves.',
    triesLeft: (count: number) =>
      count === 1 ? '1 try left before every sign-in ends.' : `${count} tries left before every sign-in ends.`,
    wait: (time: string) => `You can try again at ${time}.`,
    wrong: 'The passcode is wrong.',
    wiped: /^Too many wrong passcodes, so your sign-ins have ended\./,
    waitsGrow: 'Wrong passcodes still count: the wait before the next try grows with each one.',
    forgot: 'Forgot your passcode?',
    forgotTitle: 'Forget the passcode?',
    forgotText: /hidden until you sign in with your bank again: then they show again/,
    keep: 'Keep trying',
    forget: 'Forget passcode and sign out',
    signIn: 'Sign in',
    forgotten:
      'The app’s passcode was forgotten, so every sign-in was ended and your payment history, accounts and payees are hidden: whoever opened the app may not be you. Sign in with your bank again; once the bank has confirmed it is you, everything of yours shows again.',
    history: 'History',
    historyTitle: 'History',
    historyEmpty: 'No payments yet. The payments you make appear here.',
    pay: 'Pay',
  },
  is: {
    passcode: 'Aðgangskóði',
    banner: 'STAÐBUNDIÐ PRÓFUNARUMHVERFI Engir raunverulegir peningar eru millifærðir.',
    triesLeft: (count: number) =>
      count === 1
        ? '1 tilraun eftir áður en öllum innskráningum lýkur.'
        : `${count} tilraunir eftir áður en öllum innskráningum lýkur.`,
    wait: (time: string) => `Þú getur reynt aftur kl. ${time}.`,
    wrong: 'Aðgangskóðinn er rangur.',
    wiped: /^Of margir rangir aðgangskóðar, svo innskráningum þínum er lokið\./,
    waitsGrow: 'Rangir aðgangskóðar telja áfram: biðin fyrir næstu tilraun lengist með hverjum þeirra.',
    forgot: 'Gleymdirðu aðgangskóðanum?',
    forgotTitle: 'Gleyma aðgangskóðanum?',
    forgotText: /falin þar til þú skráir þig aftur inn hjá bankanum: þá birtast þau aftur/,
    keep: 'Reyna áfram',
    forget: 'Gleyma aðgangskóða og skrá út',
    signIn: 'Skrá inn',
    forgotten:
      'Aðgangskóði forritsins gleymdist, svo öllum innskráningum var lokið og greiðslusagan, reikningarnir og viðtakendurnir eru falin: sá sem opnaði forritið er ekki endilega þú. Skráðu þig aftur inn hjá bankanum; þegar bankinn hefur staðfest að þetta sért þú birtist allt þitt aftur.',
    history: 'Saga',
    historyTitle: 'Greiðslusaga',
    historyEmpty: 'Engar greiðslur enn. Greiðslurnar sem þú gerir birtast hér.',
    pay: 'Greiða',
  },
} as const;
type Language = keyof typeof LOCK_WORDS;

/** Wrong passcodes sent as the lock screen would, each once its wait is over (main's clock moved, no sleeping). */
async function wrongTries(core: Awaited<ReturnType<typeof signedIn>>, count: number) {
  for (let n = 0; n < count; n += 1) {
    const { waitUntil } = await core.value('lockStatus');
    if (waitUntil !== undefined) wallets.sandbox().clock.set(waitUntil);
    await core.call('unlock', { passcode: '000000' });
  }
}

/** A time of main's clock as the lock screen writes it: 12:00:30 (the tests' machines keep GMT). */
const clockTime = (instant: number) => new Date(instant).toISOString().slice(11, 19);

describe('what the lock screen says of the tries left and the next try (issue 26, finding 5)', () => {
  it.each(['en', 'is'] as const)(
    'says how many tries are left whenever some were wrong, not only after an error, after a restart too (%s)',
    async (language: Language) => {
      const words = LOCK_WORDS[language];
      const core = await signedIn({ language });
      await core.value('setPasscode', { next: PASSCODE });
      await core.value('lockNow');
      await wrongTries(core, 2);
      await core.restart();
      const { user } = await renderApp(core);
      const tries = await screen.findByTestId('lock-tries');
      expect(tries.textContent).toBe(words.triesLeft(8));
      expect(screen.queryByText(words.wrong)).toBeNull();
      // The third: a wait, told to the second, with what is left.
      await unlockWith(user, '000000', words.passcode);
      expect(await screen.findByText(words.wrong)).toBeTruthy();
      await waitFor(() => expect(tries.textContent).toBe(words.triesLeft(7) + words.wait('12:00:30')));
      await expectAxeClean(document.body);
    },
  );

  it.each(['en', 'is'] as const)('says “1 try left” before the last one (%s)', async (language: Language) => {
    const words = LOCK_WORDS[language];
    const core = await signedIn({ language });
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    await wrongTries(core, 9);
    const { waitUntil = 0 } = await core.value('lockStatus');
    await renderApp(core);
    expect((await screen.findByTestId('lock-tries')).textContent).toBe(
      words.triesLeft(1) + words.wait(clockTime(waitUntil)),
    );
  });

  it.each([
    ['en', 'You can try again on 23 November 2026 at 00:00:20.'],
    ['is', 'Þú getur reynt aftur 23. nóvember 2026 kl. 00:00:20.'],
  ] as const)('names the day when the next try is on another day than main’s clock (%s)', async (language, wait) => {
    const core = await signedIn({ language });
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    wallets.sandbox().clock.set('2026-11-22T23:59:50.000Z');
    // The third wrong one, at 23:59:50, waits 30 s: into the next day.
    await wrongTries(core, 3);
    await renderApp(core);
    expect((await screen.findByTestId('lock-wait')).textContent).toBe(wait);
  });

  it.each(['en', 'is'] as const)(
    'after the wipe: the sign-ins have ended, the waits keep growing, and when the next try is allowed (%s)',
    async (language: Language) => {
      const words = LOCK_WORDS[language];
      const core = await signedIn({ language });
      await core.value('setPasscode', { next: PASSCODE });
      await core.value('lockNow');
      await wrongTries(core, 10);
      const { waitUntil = 0, signInsWiped } = await core.value('lockStatus');
      expect(signInsWiped).toBe(true);
      await renderApp(core);
      expect(screen.getByText(words.wiped)).toBeTruthy();
      const tries = screen.getByTestId('lock-tries');
      expect(tries.textContent).toBe(words.waitsGrow + words.wait(clockTime(waitUntil)));
      expect(tries.textContent).not.toMatch(/\d+ (tries|try|tilraun)/);
    },
  );
});

describe('a test profile’s banner on the lock screen (issue 26, finding 7)', () => {
  it.each(['en', 'is'] as const)(
    'shows on the lock screen, at start as when the app locks, and not for production (%s)',
    async (language: Language) => {
      const words = LOCK_WORDS[language];
      const core = await signedIn({ language });
      await core.value('setPasscode', { next: PASSCODE });
      const { user } = await renderApp(core);
      expect(screen.getByTestId('env-banner').textContent).toBe(words.banner);
      await user.click(screen.getByTestId('lock-now'));
      const lockScreen = await screen.findByTestId('lock-screen');
      expect(within(lockScreen).getByTestId('env-banner').textContent).toBe(words.banner);
      await expectAxeClean(document.body);
      cleanup();

      // At start, locked: the first thing the window reads is the lock's status, and the banner is in it.
      await core.restart();
      await renderApp(core);
      expect(within(await screen.findByTestId('lock-screen')).getByTestId('env-banner').textContent).toBe(words.banner);
      cleanup();

      // Production says nothing.
      await core.value('unlock', { passcode: PASSCODE });
      await core.value('switchProfile', { id: 'production' });
      await core.value('lockNow');
      await renderApp(core);
      await screen.findByTestId('lock-title');
      expect(screen.queryByTestId('env-banner')).toBeNull();
    },
  );
});

describe('“Forgot your passcode?” (issue 26, finding 1)', () => {
  it.each(['en', 'is'] as const)(
    'focuses the safe choice; forgetting hides the customer’s history until the bank identifies her again (%s)',
    async (language: Language) => {
      const words = LOCK_WORDS[language];
      const core = await signedIn({ language });
      const { id } = await core.value('confirmPayment', {
        draft: { ...draftFrom('anna', 'bjorn', 1500), extendedReference: 'Anna private note' },
      });
      await core.value('submitPayment', { id });
      await core.value('setPasscode', { next: PASSCODE });
      const { user, container } = await renderApp(core);
      // Half a payment typed in the pay form when the app locks: it is the customer's too.
      await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
      await user.click(screen.getByTestId('lock-now'));

      await user.click(await screen.findByRole('button', { name: words.forgot }));
      const dialog = await screen.findByRole('dialog', { name: words.forgotTitle });
      expect(dialog.textContent).toMatch(words.forgotText);
      // The safe choice has the focus: Enter at once forgets nothing.
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: words.keep }));
      await expectAxeClean(document.body);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await core.value('lockStatus')).toMatchObject({ locked: true, passcodeSet: true });
      expect(screen.getByTestId('lock-title')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: words.forgot }));
      const again = await screen.findByRole('dialog', { name: words.forgotTitle });
      await user.click(within(again).getByRole('button', { name: words.forget }));
      // Signed out, and told why and what brings everything back.
      expect(await screen.findByText(words.forgotten)).toBeTruthy();
      expect(await core.value('sessionStatus')).toMatchObject({ signedOutReason: 'passcode-forgotten' });
      await user.click(screen.getByRole('button', { name: words.history }));
      await screen.findByRole('heading', { name: words.historyTitle });
      expect(await screen.findByText(words.historyEmpty)).toBeTruthy();
      expect(container.textContent).not.toMatch(/Anna|Björn|050792|120385|private note/);

      // Björn signs in with the bank: the pay form is empty, nothing of Anna's anywhere.
      core.as('bjorn');
      await user.click(screen.getByRole('button', { name: words.pay }));
      await user.click(await screen.findByRole('button', { name: words.signIn }));
      expect(await screen.findByTestId('signed-in-as')).toBeTruthy();
      expect((await screen.findByTestId('deposit-kennitala')).getAttribute('value')).toBe('');
      expect(container.textContent).not.toMatch(/Anna|050792-2189|120385|private note/);
      await user.click(screen.getByRole('button', { name: words.history }));
      expect(await screen.findByText(words.historyEmpty)).toBeTruthy();
      expect(container.textContent).not.toMatch(/Anna|120385|private note/);
    },
  );

  it('brings everything back once the same customer signs in again', async () => {
    const core = await signedIn();
    const { id } = await core.value('confirmPayment', {
      draft: { ...draftFrom('anna', 'bjorn', 1500), extendedReference: 'Anna private note' },
    });
    await core.value('submitPayment', { id });
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    const { user } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    await user.click(await screen.findByRole('button', { name: 'Forget passcode and sign out' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('signed-in-as')).textContent).toContain('Anna');
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect((await screen.findByTestId('history-count')).textContent).toBe('1 payment');
    expect((await core.value('historyPage', {})).items[0]?.order.extendedReference).toBe('Anna private note');
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
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with the app’s passcode' });
    expect(dialog.textContent).toMatch(/Enter the passcode set for the app on this computer to send ISK\s1,500\./);
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
      prompt: 'Confirm with the app’s passcode',
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
      prompt: 'Staðfestu með aðgangskóða forritsins',
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

describe('a second customer on the same computer (issue 42)', () => {
  /** The passcode is the app's on this computer, whoever is signed in: the prompts say so, not "your passcode". */
  const WORDS = {
    en: {
      start: 'Enter the passcode set for the app on this computer to open it.',
      passcode: 'Passcode',
      prompt: 'Confirm with the app’s passcode',
      text: /Enter the passcode set for the app on this computer to send ISK\s1,500\./,
      notYours: /your passcode/i,
    },
    is: {
      start: 'Sláðu inn aðgangskóða forritsins á þessari tölvu til að opna það.',
      passcode: 'Aðgangskóði',
      prompt: 'Staðfestu með aðgangskóða forritsins',
      text: /Sláðu inn aðgangskóða forritsins á þessari tölvu til að senda 1\.500\s?kr\./,
      notYours: /aðgangskóð\w* (þinn|þínum)/i,
    },
  } as const;

  it.each(['en', 'is'] as const)(
    'is asked for the passcode of this computer’s app, not “yours” (%s)',
    async (language) => {
      const words = WORDS[language];
      // Anna set the passcode; Björn signs in on the same computer after her.
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      await core.value('setPasscode', { next: PASSCODE });
      await core.value('signOut');
      core.as('bjorn');
      await core.value('signIn');
      await core.value('saveAccount', { accountNumber: '0133-26-020001', label: 'Main' });
      await core.restart();
      const { user, container } = await renderApp(core);
      const lock = await screen.findByTestId('lock-title');
      // The reason the lock screen gives ("Forgot your passcode?" under it is for whoever set it: issue 26).
      expect(container.contains(lock)).toBe(true);
      expect(screen.getByText(words.start).textContent).not.toMatch(words.notYours);
      await unlockWith(user, PASSCODE, words.passcode);
      expect(await screen.findByTestId('signed-in-as')).toBeTruthy();

      // Before his payment, over a minute later: the prompt names whose passcode it asks for.
      wallets.sandbox().clock.advanceSeconds(61);
      await user.type(await screen.findByTestId('deposit-kennitala'), '120385-2089');
      await user.type(screen.getByTestId('deposit-account'), '0133-26-012345');
      await user.type(screen.getByTestId('amount'), '1500');
      await user.click(
        screen.getByRole('button', { name: language === 'en' ? 'Review payment' : 'Yfirfara greiðslu' }),
      );
      await user.click(
        await screen.findByRole('button', { name: language === 'en' ? /^Pay ISK\s1,500$/ : /^Greiða 1\.500\s?kr\.$/ }),
      );
      const dialog = await screen.findByRole('dialog', { name: words.prompt });
      expect(dialog.textContent).toMatch(words.text);
      expect(dialog.textContent).not.toMatch(words.notYours);
    },
  );
});
