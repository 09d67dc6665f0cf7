import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import packageJson from '../../package.json';
import type { LanguageChoice, Protection } from '../../common/settings.ts';
import { DAY_MS } from '../../common/time.ts';
import { App } from '../../renderer/src/App.tsx';
import { PASSCODE_PROBLEM_CODES } from '../../common/passcode-rules.ts';
import { FAST_TEST_KDF } from '../../main/lock/passcode.ts';
import { hasMessage } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { dataKeyWith, leftByEarlierVersion, readSettings } from '../helpers/passcode-on-disk.ts';
import { intlWithout } from './intl-without.ts';
import { NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { type Person, person, walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest(NOON);
const VERSION = packageJson.version;
/** Where there is no keychain the passcode is the key, and must be a strong passphrase (issue 26). */
const PASSPHRASE = 'hestur á túni í dag';

/**
 * A core whose keychain protects as `protection` says (the OS keychain, Linux's basic_text fallback, or none), with
 * the customer's earlier choices made through it.
 */
async function wallet(
  options: {
    language?: LanguageChoice;
    protection?: Protection;
    allowWeakTokenStorage?: boolean;
    signedInAs?: string;
  } = {},
): Promise<InProcessWallet> {
  const { protection = 'secure', language, allowWeakTokenStorage, signedInAs } = options;
  const core = await wallets.open({
    keyProtector: memoryKeychain(protection === 'secure' ? { secure: true } : { secure: false, reason: protection }),
    ...(language ? { language } : {}),
    ...(signedInAs ? { signedInAs } : {}),
  });
  if (allowWeakTokenStorage) await core.value('updateSettings', { allowWeakTokenStorage });
  return core;
}

/** The whole app over the core, on the Settings screen (the navigation in the language in use). */
async function openSettings(core?: InProcessWallet, navName = 'Settings') {
  const opened = core ?? (await wallet());
  const user = person();
  const view = render(<App wallet={opened.api} />);
  await user.click(await screen.findByRole('button', { name: navName }));
  return { user, core: opened, ...view };
}

const updates = (core: InProcessWallet) => core.requests('updateSettings');
/** What main keeps: asked afresh. */
const saved = async (core: InProcessWallet) => core.value('getSettings');

const tokenSection = () => screen.getByTestId('token-storage');

/** axe-core over what is on screen: no serious or critical violation. */
async function expectAccessible(container: HTMLElement) {
  const results = await axe.run(container, {
    // jsdom does no layout or painting, so contrast cannot be computed here (the browser tests cover it).
    rules: { 'color-contrast': { enabled: false } },
  });
  const bad = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
}

describe('Settings: language', () => {
  it('shows the choice in use, each language named in itself', async () => {
    await openSettings();
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('radio', { name: 'System default' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', false);
    expect(within(group).getByText('Íslenska').getAttribute('lang')).toBe('is');
  });

  it('switches the whole app to Icelandic at once, and back', async () => {
    const { user, core } = await openSettings();
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Íslenska' }));

    expect(updates(core)).toEqual([{ language: 'is' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Stillingar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Greiða' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', true);
    expect(screen.getByText(/Forritið fylgir stillingu kerfisins/)).toBeTruthy();
    expect(document.documentElement.lang).toBe('is');

    await user.click(screen.getByRole('radio', { name: 'Sjálfgefið í kerfinu' }));
    expect(updates(core)).toEqual([{ language: 'is' }, { language: 'system' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
  });

  it('works from the keyboard: arrows move through the choices', async () => {
    const { user, core } = await openSettings(await wallet({ language: 'en' }));
    screen.getByRole('radio', { name: 'English' }).focus();
    await user.keyboard('{ArrowUp}');
    expect(updates(core)).toEqual([{ language: 'is' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Stillingar' })).toBeTruthy();
  });

  it('explains a change that failed, and keeps the language', async () => {
    const core = await wallet();
    // The disk refuses to write the settings.
    core.refuseWrites = true;
    const { user } = await openSettings(core);
    await user.click(screen.getByRole('radio', { name: 'Íslenska' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong in the app');
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'System default' })).toHaveProperty('checked', true);
  });

  it('shows the choice at once, while the main process has not answered yet', async () => {
    const { core } = await openSettings();
    const release = core.hold('updateSettings');
    const icelandic = screen.getByRole('radio', { name: 'Íslenska' });

    // As Playwright's check(): a click, then the state read straight away, before any answer can have come.
    fireEvent.click(icelandic);
    expect(icelandic).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Sjálfgefið í kerfinu' })).toHaveProperty('checked', false);
    expect(updates(core)).toEqual([{ language: 'is' }]);
    // A language of its own is the language in use at once: the whole app follows the click.
    expect(screen.getByRole('heading', { level: 2, name: 'Stillingar' })).toBeTruthy();

    release();
    expect(await screen.findByRole('button', { name: 'Greiða' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back, with a message, when the main process refuses the change', async () => {
    const { core, container } = await openSettings();
    const release = core.hold('updateSettings');
    fireEvent.click(screen.getByRole('radio', { name: 'Íslenska' }));
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', true);

    // By the time main writes the change, the disk refuses it.
    core.refuseWrites = true;
    release();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your change was not saved, so the setting is back as it was.');
    expect(alert.textContent).toContain('Something went wrong in the app');
    expect(screen.getByRole('radio', { name: 'System default' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', false);
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await expectAccessible(container);
  });

  it('says so in Icelandic when a change away from Icelandic is refused', async () => {
    const core = await wallet({ language: 'is' });
    await openSettings(core, 'Stillingar');
    const release = core.hold('updateSettings');
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    core.refuseWrites = true;
    release();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Breytingin var ekki vistuð, svo stillingin er aftur eins og hún var.',
    );
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { level: 2, name: 'Stillingar' })).toBeTruthy();
  });

  it('takes a second choice while the first is still on its way, and keeps the last', async () => {
    const { core } = await openSettings();
    const release = core.hold('updateSettings');
    fireEvent.click(screen.getByRole('radio', { name: 'Íslenska' }));
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    // One at a time, in order: the second goes once the first has its answer.
    expect(updates(core)).toEqual([{ language: 'is' }]);
    release();
    await waitFor(() => expect(updates(core)).toEqual([{ language: 'is' }, { language: 'en' }]));
    await waitFor(async () => expect((await saved(core)).language).toBe('en'));
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens in Icelandic when that is the setting', async () => {
    await openSettings(await wallet({ language: 'is' }), 'Stillingar');
    expect(screen.getByRole('group', { name: 'Tungumál' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Íslenska' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('app-version').textContent).toBe(`A2A Wallet · Útgáfa ${VERSION}`);
  });
});

describe('Settings: light and dark, version', () => {
  it('says light and dark follow the system, and shows the app version', async () => {
    await openSettings();
    expect(screen.getByText(/follows your system’s light or dark setting/)).toBeTruthy();
    expect(screen.getByTestId('app-version').textContent).toBe(`A2A Wallet · Version ${VERSION}`);
  });
});

describe('Settings: the bank access and when it ends (issue 29)', () => {
  // The customer's time zone, for the core and the window alike: "today" is a calendar day there (issue 42).
  beforeEach(() => {
    vi.stubEnv('TZ', 'Atlantic/Reykjavik');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  /** Moves the sandbox's clock, which is the app's clock too. */
  const days = (count: number) => wallets.sandbox().clock.advanceSeconds((count * DAY_MS) / 1000);
  /** The customer comes back to the app: it reads the session again (as it also does every minute). */
  const comeBack = () => act(() => void fireEvent.focus(window));
  const bankAccess = () => screen.getByTestId('bank-access');

  // Signed in at NOON (22 November 2026): the 90 days end on 20 February 2027, at noon GMT.
  const WORDS = {
    en: {
      nav: 'Settings',
      title: 'Bank access',
      ends: (days: string) => `Your bank access ends on 20 February 2027, in ${days}.`,
      today: 'Your bank access ends today, 20 February 2027, at 12:00.',
      withdraw:
        'The app can make payments for you until then. To withdraw the access sooner, use your bank’s online banking.',
      none: 'There is no bank access on this computer now. When you sign in with your bank, the app can make payments for you for 90 days.',
      ended:
        'Your bank access has ended: the 90 days are over, and the app can no longer make payments for you. Sign in with your bank again to give it another 90 days.',
      signOut: 'Sign out',
    },
    is: {
      nav: 'Stillingar',
      title: 'Aðgangur að bankanum',
      ends: (days: string) => `Aðgangur þinn að bankanum rennur út 20. febrúar 2027, eftir ${days}.`,
      today: 'Aðgangur þinn að bankanum rennur út í dag, 20. febrúar 2027, kl. 12:00.',
      withdraw:
        'Fram að því getur forritið greitt fyrir þig. Þú getur afturkallað aðganginn fyrr í netbanka bankans þíns.',
      none: 'Enginn aðgangur að bankanum er á þessari tölvu núna. Þegar þú skráir þig inn hjá bankanum getur forritið greitt fyrir þig í 90 daga.',
      ended:
        'Aðgangur þinn að bankanum er útrunninn: 90 dagarnir eru liðnir og forritið getur ekki lengur greitt fyrir þig. Skráðu þig aftur inn hjá bankanum til að veita því aðra 90 daga.',
      signOut: 'Skrá út',
    },
  } as const;
  const DAYS = {
    en: { 90: '90 days', 10: '10 days' },
    is: { 90: '90 daga', 10: '10 daga' },
  } as const;

  it.each(['en', 'is'] as const)(
    'says the day the access ends and the days left, and where to withdraw it; 80 days on, 10 days left (%s)',
    async (language) => {
      const words = WORDS[language];
      const { container } = await openSettings(await wallet({ signedInAs: 'anna', language }), words.nav);
      expect(within(bankAccess()).getByRole('heading', { level: 3, name: words.title })).toBeTruthy();
      expect(bankAccess().textContent).toBe(words.title + words.ends(DAYS[language][90]) + words.withdraw);
      await expectAccessible(container);

      days(80);
      comeBack();
      await waitFor(() =>
        expect(bankAccess().textContent).toBe(words.title + words.ends(DAYS[language][10]) + words.withdraw),
      );

      // Its last day, from midnight: today, with the time (not "in 1 day"); then the end passes, and the section says so.
      days(9.5);
      comeBack();
      await waitFor(() => expect(bankAccess().textContent).toBe(words.title + words.today + words.withdraw));
      days(1);
      comeBack();
      await waitFor(() => expect(bankAccess().textContent).toBe(words.title + words.ended));
    },
  );

  it.each(['en', 'is'] as const)('says there is no bank access when nobody is signed in (%s)', async (language) => {
    const words = WORDS[language];
    await openSettings(await wallet({ language }), words.nav);
    expect(bankAccess().textContent).toBe(words.title + words.none);
  });

  it.each(['en', 'is'] as const)('says there is no bank access once the customer signs out (%s)', async (language) => {
    const words = WORDS[language];
    const { user, core } = await openSettings(await wallet({ signedInAs: 'anna', language }), words.nav);
    expect(bankAccess().textContent).toContain(words.ends(DAYS[language][90]));
    await user.click(screen.getByRole('button', { name: words.signOut }));
    // Signing out shows the sign-in panel; Settings, opened again, says there is no access.
    await user.click(await screen.findByRole('button', { name: words.nav }));
    await waitFor(() => expect(bankAccess().textContent).toBe(words.title + words.none));
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'signed-out' });
  });

  it('writes the Icelandic month on an engine without Icelandic locale data', async () => {
    vi.stubGlobal('Intl', intlWithout('is'));
    await openSettings(await wallet({ signedInAs: 'anna', language: 'is' }), 'Stillingar');
    expect(bankAccess().textContent).toBe(WORDS.is.title + WORDS.is.ends(DAYS.is[90]) + WORDS.is.withdraw);
  });
});

describe('Settings: how sign-ins are kept', () => {
  it('with a keychain: encrypted, nothing to choose', async () => {
    const { container } = await openSettings(await wallet({ protection: 'secure' }));
    expect(tokenSection().textContent).toContain('kept encrypted with your system’s keychain');
    expect(within(tokenSection()).queryByRole('checkbox')).toBeNull();
    await expectAccessible(container);
  });

  it('with no way to protect them: memory only, nothing to choose', async () => {
    const { container } = await openSettings(await wallet({ protection: 'unavailable' }));
    expect(tokenSection().textContent).toContain('kept in memory only');
    expect(tokenSection().textContent).not.toContain('keychain');
    expect(within(tokenSection()).queryByRole('checkbox')).toBeNull();
    await expectAccessible(container);
  });

  it('with no keyring: a warning and an unticked choice to stay signed in anyway', async () => {
    const { container } = await openSettings(await wallet({ protection: 'basic_text' }));
    expect(tokenSection().textContent).toContain('This computer has no keyring');
    expect(tokenSection().textContent).toContain('you sign in again each time you restart the app');
    const box = screen.getByRole('checkbox', {
      name: 'Keep me signed in anyway (less secure: tokens stored with a fixed key)',
    });
    expect(box).toHaveProperty('checked', false);
    expect(tokenSection().textContent).toContain('Now: you sign in again after each restart.');
    await expectAccessible(container);
  });

  it('asks before keeping sign-ins with a fixed key; Cancel changes nothing', async () => {
    const { user, core } = await openSettings(await wallet({ protection: 'basic_text' }));
    const box = screen.getByRole('checkbox', { name: /Keep me signed in anyway/ });
    await user.click(box);

    const dialog = screen.getByRole('dialog', { name: 'Keep sign-ins with a fixed key?' });
    expect(dialog.textContent).toContain('Anyone who can read your files');
    expect(box).toHaveProperty('checked', false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates(core)).toEqual([]);
    expect(box).toHaveProperty('checked', false);
    expect(document.activeElement).toBe(box);
  });

  it('keeps sign-ins with a fixed key once confirmed, and says they now survive a restart', async () => {
    const { user, core, container } = await openSettings(await wallet({ protection: 'basic_text' }));
    const box = screen.getByRole('checkbox', { name: /Keep me signed in anyway/ });
    await user.click(box);
    await expectAccessible(container);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep me signed in' }));

    expect(updates(core)).toEqual([{ allowWeakTokenStorage: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Now: you stay signed in after a restart.')).toBeTruthy();
    expect(box).toHaveProperty('checked', true);
  });

  it('with no keyring and a passcode: says the passcode encrypts sign-ins, and explains why it cannot simply be removed', async () => {
    const core = await wallet({ protection: 'basic_text' });
    await core.value('setPasscode', { next: PASSPHRASE });
    const { user, container } = await openSettings(core);
    expect(tokenSection().textContent).toContain('your passcode encrypts your sign-ins instead');
    expect(tokenSection().textContent).not.toContain('This computer has no keyring, so sign-ins are kept in memory');
    await user.click(screen.getByRole('button', { name: 'Remove passcode' }));
    await user.type(screen.getByTestId('passcode-remove-current'), PASSPHRASE);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/To remove it, first choose “Keep me signed in anyway”/)).toBeTruthy();
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: true });
    await expectAccessible(container);
  });

  it('with no keyring, after a restart: forgetting the passcode warns that what is kept here cannot be opened again', async () => {
    const core = await wallet({ protection: 'basic_text' });
    await core.value('setPasscode', { next: PASSPHRASE });
    await core.restart();
    const user = person();
    render(<App wallet={core.api} />);
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget the passcode?' });
    expect(dialog.textContent).toContain('without it they cannot be opened again');
    // Once unlocked, the app holds the key: forgetting after it locks again keeps everything.
    await user.click(within(dialog).getByRole('button', { name: 'Keep trying' }));
    await user.type(screen.getByLabelText('Passcode'), `${PASSPHRASE}{Enter}`);
    await screen.findByTestId('app-name');
    await core.value('lockNow');
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    // (The lock screen's own words are the lock's tests'; here only that no loss is announced.)
    expect(screen.getByRole('dialog').textContent).not.toContain('without it they cannot be opened again');
  });

  it('closes the question on Escape without a change', async () => {
    const { user, core } = await openSettings(await wallet({ protection: 'basic_text' }));
    await user.click(screen.getByRole('checkbox', { name: /Keep me signed in anyway/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates(core)).toEqual([]);
  });

  it('goes back to memory only at once when unticked (the safe way needs no question)', async () => {
    const { user, core } = await openSettings(await wallet({ protection: 'basic_text', allowWeakTokenStorage: true }));
    const box = screen.getByRole('checkbox', { name: /Keep me signed in anyway/ });
    expect(box).toHaveProperty('checked', true);
    await user.click(box);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates(core)).toEqual([{ allowWeakTokenStorage: false }]);
    expect(await screen.findByText('Now: you sign in again after each restart.')).toBeTruthy();
    expect(box).toHaveProperty('checked', false);
  });

  it('shows the box ticked at once once confirmed, and unticks it with a message if the main process refuses', async () => {
    const { user, core } = await openSettings(await wallet({ protection: 'basic_text' }));
    const box = screen.getByRole('checkbox', { name: /Keep me signed in anyway/ });
    await user.click(box);
    const release = core.hold('updateSettings');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep me signed in' }));

    expect(box).toHaveProperty('checked', true);
    expect(updates(core)).toEqual([{ allowWeakTokenStorage: true }]);
    // What is true now is the main process's to say: until it answers, sign-ins are still kept in memory.
    expect(tokenSection().textContent).toContain('Now: you sign in again after each restart.');

    core.refuseWrites = true;
    release();
    expect((await screen.findByRole('alert')).textContent).toContain('Your change was not saved');
    expect(box).toHaveProperty('checked', false);
    expect(tokenSection().textContent).toContain('Now: you sign in again after each restart.');
  });

  it('shows the box unticked at once, and ticks it again with a message if the main process refuses', async () => {
    const { core } = await openSettings(await wallet({ protection: 'basic_text', allowWeakTokenStorage: true }));
    const box = screen.getByRole('checkbox', { name: /Keep me signed in anyway/ });
    const release = core.hold('updateSettings');
    fireEvent.click(box);
    expect(box).toHaveProperty('checked', false);
    core.refuseWrites = true;
    release();
    expect((await screen.findByRole('alert')).textContent).toContain('Your change was not saved');
    expect(box).toHaveProperty('checked', true);
    expect(tokenSection().textContent).toContain('Now: you stay signed in after a restart.');
  });

  it('says what each way of keeping means for payment history, own accounts and payees', async () => {
    const dataText = () => screen.getByTestId('data-at-rest').textContent;
    const first = await openSettings(await wallet({ protection: 'secure' }));
    expect(dataText()).toBe('Your payment history, own accounts and payees are encrypted the same way.');
    first.unmount();

    const second = await openSettings(await wallet({ protection: 'unavailable' }));
    expect(dataText()).toContain('encrypted under the same key as sign-ins');
    expect(dataText()).toContain('what this run adds is lost when you quit the app');
    await expectAccessible(second.container);
    second.unmount();

    const third = await openSettings(await wallet({ protection: 'basic_text' }));
    expect(dataText()).toContain('what this run adds is lost when you quit the app');
    third.unmount();

    await openSettings(await wallet({ protection: 'basic_text', allowWeakTokenStorage: true }));
    expect(dataText()).toContain('they are kept, but protected only by a key stored on this computer');
    expect(dataText()).not.toContain('lost');
  });

  it('asks about history too before keeping it with a fixed key, and says it once the main process agrees', async () => {
    const { user, core } = await openSettings(await wallet({ protection: 'basic_text' }));
    await user.click(screen.getByRole('checkbox', { name: /Keep me signed in anyway/ }));
    const dialog = screen.getByRole('dialog', { name: 'Keep sign-ins with a fixed key?' });
    expect(dialog.textContent).toContain('Your payment history, own accounts and payees will be kept the same way.');
    const release = core.hold('updateSettings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep me signed in' }));
    // Until the main process answers, history is still kept in memory only, and the screen says so.
    expect(screen.getByTestId('data-at-rest').textContent).toContain('lost when you quit the app');
    release();
    await waitFor(() =>
      expect(screen.getByTestId('data-at-rest').textContent).toContain(
        'protected only by a key stored on this computer',
      ),
    );
  });

  it('says it in Icelandic', async () => {
    await openSettings(await wallet({ language: 'is', protection: 'unavailable' }), 'Stillingar');
    expect(screen.getByTestId('data-at-rest').textContent).toBe(
      'Greiðslusagan, reikningarnir þínir og viðtakendur eru dulkóðuð með sama lykli og innskráningar, svo það sem bætist við í þessari keyrslu glatast þegar þú lokar forritinu.',
    );
  });

  it('tells each state in Icelandic too', async () => {
    await openSettings(await wallet({ language: 'is', protection: 'basic_text' }), 'Stillingar');
    expect(tokenSection().textContent).toContain('Þessi tölva hefur enga lyklakippu');
    expect(screen.getByRole('checkbox', { name: /Halda innskráningu samt/ })).toBeTruthy();
  });
});

describe('Settings: notifications (issue 19)', () => {
  it('name no payee or amount until the customer allows it, and the choice is main’s to keep', async () => {
    const { user, core } = await openSettings();
    const box = await screen.findByRole('checkbox', { name: 'Show the payee’s name and the amount in notifications' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await waitFor(() => expect(updates(core).at(-1)).toEqual({ notificationDetails: true }));
    expect((await core.value('getSettings')).notificationDetails).toBe(true);
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe('Settings: what the passcode protects, and the codes it refuses (issue 26)', () => {
  it('has words for every refusal, as the form says it and as main answers it, in both languages', () => {
    for (const [problem, code] of Object.entries(PASSCODE_PROBLEM_CODES)) {
      for (const key of [`lock.problem.${problem}`, `error.${code}`]) {
        expect(hasMessage(key), key).toBe(true);
        if (hasMessage(key)) expect(messages.is[key]).not.toBe(messages.en[key]);
      }
    }
  });

  const passcodeSection = () => screen.getByTestId('passcode-settings');
  const protects = () => screen.getByTestId('passcode-protects').textContent;
  const LABELS = {
    en: { new: 'New passcode', again: 'Passcode again', set: 'Set passcode', change: 'Change passcode' },
    is: { new: 'Nýr aðgangskóði', again: 'Aðgangskóði aftur', set: 'Velja aðgangskóða', change: 'Breyta aðgangskóða' },
  };

  /** Types a new passcode twice in Settings and presses the form's button. */
  async function typeNew(user: Person, next: string, language: 'en' | 'is' = 'en') {
    const labels = LABELS[language];
    const form = within(passcodeSection());
    await user.clear(form.getByLabelText(labels.new));
    await user.type(form.getByLabelText(labels.new), next);
    await user.clear(form.getByLabelText(labels.again));
    await user.type(form.getByLabelText(labels.again), next);
    await user.click(form.getByRole('button', { name: labels.set }));
  }

  it('with a keychain: the passcode guards the keyboard, not a copied disk; trivial codes and her birth date are refused as typed', async () => {
    const core = await wallet({ protection: 'secure', signedInAs: 'anna' });
    const { user, container } = await openSettings(core);
    expect(protects()).toContain('A passcode protects you from someone at this computer');
    expect(protects()).toContain('It is not what protects a copy of your data folder (a stolen disk, a backup)');
    expect(passcodeSection().textContent).toContain('Not a pattern like 123456, nor your birth date.');

    await typeNew(user, '123456');
    expect(passcodeSection().textContent).toContain('That is too easy to guess (like 123456, 111111 or 121212)');
    // Anna's kennitala is 120385-2089: the window knows the date from its masked form.
    await typeNew(user, '12031985');
    expect(passcodeSection().textContent).toContain('That is your birth date or kennitala');
    expect(core.requests('setPasscode')).toEqual([]);
    await expectAccessible(container);

    await typeNew(user, '482916');
    await waitFor(async () => expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: true }));
    expect(core.requests('setPasscode')).toEqual([{ next: '482916' }]);
  });

  it('says it in Icelandic', async () => {
    const core = await wallet({ protection: 'secure', signedInAs: 'anna', language: 'is' });
    const { user } = await openSettings(core, 'Stillingar');
    expect(protects()).toContain('Aðgangskóði verndar þig gegn þeim sem situr við þessa tölvu');
    expect(protects()).toContain('Hann er ekki það sem verndar afrit af gagnamöppunni þinni');
    await typeNew(user, '654321', 'is');
    expect(passcodeSection().textContent).toContain('Það er of auðvelt að giska á þetta');
    await typeNew(user, '120385', 'is');
    expect(passcodeSection().textContent).toContain('Þetta er fæðingardagurinn þinn eða kennitalan');
    expect(core.requests('setPasscode')).toEqual([]);
  });

  it('shows main’s reason where the window could not know it: the birth date of a customer no longer signed in', async () => {
    const core = await wallet({ protection: 'secure', signedInAs: 'anna' });
    // Her grant ended: she is still known to main (her history stays hers), but the window shows no kennitala.
    wallets.sandbox().clock.advanceSeconds(91 * 24 * 3600);
    const { user } = await openSettings(core);
    await typeNew(user, '12031985');
    expect((await within(passcodeSection()).findByRole('alert')).textContent).toBe(
      'That passcode is your birth date or kennitala, which others can know. Choose something else.',
    );
    expect(core.requests('setPasscode')).toEqual([{ next: '12031985' }]);
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false });
  });

  it('without a keychain: says the passcode is what protects a copied disk, and asks for a passphrase, saying why', async () => {
    const core = await wallet({ protection: 'basic_text', signedInAs: 'anna' });
    const { user, container } = await openSettings(core);
    expect(protects()).toContain('This computer has no keychain, so the passcode is also what encrypts your sign-in');
    expect(protects()).toContain('every 6-digit code in a few hours');
    expect(protects()).toContain('that is what protects a copied disk');
    expect(passcodeSection().textContent).toContain('A passphrase of 16 or more characters, not only digits');

    await typeNew(user, '482916');
    expect(passcodeSection().textContent).toContain(
      'On this computer the passcode is what encrypts your sign-in, and a number could be guessed from a copy of your data folder in hours.',
    );
    await typeNew(user, 'hestur á túni');
    expect(passcodeSection().textContent).toContain('so it needs 16 or more characters');
    expect(core.requests('setPasscode')).toEqual([]);
    await expectAccessible(container);

    await typeNew(user, PASSPHRASE);
    await waitFor(() => expect(tokenSection().textContent).toContain('your passcode encrypts your sign-ins instead'));
    expect(await core.value('sessionStatus')).toMatchObject({ persistent: true });
  });

  it('without a keychain, in Icelandic', async () => {
    const core = await wallet({ protection: 'unavailable', language: 'is' });
    const { user } = await openSettings(core, 'Stillingar');
    expect(protects()).toContain('Þessi tölva hefur enga lyklakippu, svo aðgangskóðinn er líka það sem dulkóðar');
    expect(passcodeSection().textContent).toContain('Lykilsetning með 16 stöfum eða fleiri');
    await typeNew(user, '48291637', 'is');
    expect(passcodeSection().textContent).toContain('Á þessari tölvu er aðgangskóðinn það sem dulkóðar innskráninguna');
    expect(core.requests('setPasscode')).toEqual([]);
  });

  /** No keychain, and the 6-digit passcode an earlier version let Anna set: unlocked, on the Settings screen. */
  async function withEarlierShortCode(language?: LanguageChoice) {
    const core = await wallet({ protection: 'basic_text', signedInAs: 'anna', ...(language ? { language } : {}) });
    await core.value('setPasscode', { next: PASSPHRASE });
    await core.wallet.close();
    const dataKey = dataKeyWith(readSettings(core.dataDir), PASSPHRASE) ?? Buffer.alloc(32);
    leftByEarlierVersion(core.dataDir, '482916', dataKey, core.platform.passcodeKdf ?? FAST_TEST_KDF);
    await core.restart();
    const user = person();
    const view = render(<App wallet={core.api} />);
    await user.type(await screen.findByLabelText(language === 'is' ? 'Aðgangskóði' : 'Passcode'), '482916{Enter}');
    await user.click(await screen.findByRole('button', { name: language === 'is' ? 'Stillingar' : 'Settings' }));
    return { core, user, ...view };
  }

  it('a short code from an earlier version: asks for a passphrase, saying why, and the sign-in is kept again once set', async () => {
    const { core, user, container } = await withEarlierShortCode();
    const warning = screen.getByTestId('passcode-too-weak');
    expect(warning.textContent).toContain('Choose a stronger passphrase');
    expect(warning.textContent).toContain('short enough to be guessed from a copy of your data folder in hours');
    expect(warning.textContent).toContain('you sign in again each time the app starts');
    expect(tokenSection().textContent).toContain('Your passcode is too short to protect your sign-in');
    expect(tokenSection().textContent).toContain('Now: you sign in again after each restart.');
    await expectAccessible(container);

    await user.click(within(warning).getByRole('button', { name: 'Choose a passphrase' }));
    const form = within(passcodeSection());
    await user.type(form.getByLabelText('Current passcode'), '482916');
    await user.type(form.getByLabelText('New passcode'), PASSPHRASE);
    await user.type(form.getByLabelText('Passcode again'), PASSPHRASE);
    // The form's own button (the one that opened it has the same words).
    const submit = form
      .getAllByRole('button', { name: 'Change passcode' })
      .find((button) => button.matches('[type=submit]'));
    await user.click(submit ?? document.body);

    await waitFor(() => expect(screen.queryByTestId('passcode-too-weak')).toBeNull());
    expect(tokenSection().textContent).toContain('your passcode encrypts your sign-ins instead');
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
  });

  it('asks for it in Icelandic too', async () => {
    await withEarlierShortCode('is');
    const warning = screen.getByTestId('passcode-too-weak');
    expect(warning.textContent).toContain('Veldu sterkari lykilsetningu');
    expect(warning.textContent).toContain('nógu stuttur til að giska mætti á hann út frá afriti af gagnamöppunni');
    expect(within(warning).getByRole('button', { name: 'Velja lykilsetningu' })).toBeTruthy();
    expect(tokenSection().textContent).toContain('Aðgangskóðinn þinn er of stuttur til að vernda innskráninguna');
  });
});
