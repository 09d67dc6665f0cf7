import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import type { LanguageChoice, Protection } from '../../common/settings.ts';
import { App } from '../../renderer/src/App.tsx';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest(NOON);
const VERSION = packageJson.version;

/**
 * A core whose keychain protects as `protection` says (the OS keychain, Linux's basic_text fallback, or none), with
 * the customer's earlier choices made through it.
 */
async function wallet(
  options: { language?: LanguageChoice; protection?: Protection; allowWeakTokenStorage?: boolean } = {},
): Promise<InProcessWallet> {
  const { protection = 'secure', language, allowWeakTokenStorage } = options;
  const core = await wallets.open({
    keyProtector: memoryKeychain(protection === 'secure' ? { secure: true } : { secure: false, reason: protection }),
    ...(language ? { language } : {}),
  });
  if (allowWeakTokenStorage) await core.value('updateSettings', { allowWeakTokenStorage });
  return core;
}

/** The whole app over the core, on the Settings screen (the navigation in the language in use). */
async function openSettings(core?: InProcessWallet, navName = 'Settings') {
  const opened = core ?? (await wallet());
  const user = userEvent.setup();
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
    await core.value('setPasscode', { next: '482916' });
    const { user, container } = await openSettings(core);
    expect(tokenSection().textContent).toContain('your passcode encrypts your sign-ins instead');
    expect(tokenSection().textContent).not.toContain('This computer has no keyring, so sign-ins are kept in memory');
    await user.click(screen.getByRole('button', { name: 'Remove passcode' }));
    await user.type(screen.getByTestId('passcode-remove-current'), '482916');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/To remove it, first choose “Keep me signed in anyway”/)).toBeTruthy();
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: true });
    await expectAccessible(container);
  });

  it('with no keyring, after a restart: forgetting the passcode warns that what is kept here cannot be opened again', async () => {
    const core = await wallet({ protection: 'basic_text' });
    await core.value('setPasscode', { next: '482916' });
    await core.restart();
    const user = userEvent.setup();
    render(<App wallet={core.api} />);
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget the passcode?' });
    expect(dialog.textContent).toContain('without it they cannot be opened again');
    // Once unlocked, the app holds the key: forgetting after it locks again keeps everything.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.type(screen.getByLabelText('Passcode'), '482916{Enter}');
    await screen.findByTestId('app-name');
    await core.value('lockNow');
    await user.click(await screen.findByRole('button', { name: 'Forgot your passcode?' }));
    expect(screen.getByRole('dialog').textContent).toContain('Your payment history is kept.');
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
