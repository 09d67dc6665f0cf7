import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../common/time.ts';
import { NOON } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

const wallets = walletsPerTest(NOON);
/**
 * The customer's time zone, set for the core and the window alike (both read the process's): "today" and "tomorrow"
 * are calendar days there, whatever the machine running the tests is set to. Reykjavík unless a test moves.
 */
const inZone = (zone: string) => vi.stubEnv('TZ', zone);
beforeEach(() => inZone('Atlantic/Reykjavik'));
afterEach(() => vi.unstubAllEnvs());
/** Signed in at NOON: the 90-day grant ends 90 days later, to the millisecond. */
const signedIn = () => wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
const days = (count: number) => wallets.sandbox().clock.advanceSeconds((count * DAY_MS) / 1000);
/** The customer comes back to the app: it reads the session again (as it also does every minute). */
const comeBack = () => act(() => void fireEvent.focus(window));

describe('the 90-day grant', () => {
  it('shows no banner while more than 14 days are left', async () => {
    const core = await signedIn();
    days(75);
    await renderApp(core);
    await screen.findByTestId('amount');
    expect(screen.queryByTestId('grant-banner')).toBeNull();
  });

  it('shows a banner from 14 days before the end, and renewing signs in again', async () => {
    const core = await signedIn();
    days(80);
    const { user, store } = await renderApp(core);
    expect(screen.getByTestId('grant-banner').textContent).toBe(
      'Your bank access ends on 20 February 2027, in 10 days. Renew now',
    );
    await user.click(screen.getByRole('button', { name: 'Renew now' }));
    // A new grant: 90 days from now, and nothing to remind of.
    await waitFor(() => expect(store.getState().session).toMatchObject({ signedIn: true, daysLeft: 90 }));
    expect(store.getState().session?.reminder).toBeUndefined();
    expect(screen.queryByTestId('grant-banner')).toBeNull();
    expect(screen.getByTestId('amount')).toBeTruthy();
    expect(core.requests('signIn')).toHaveLength(1);
  });

  it.each([
    ['en', /renew/gi, 'Your bank access ends on 20 February 2027, in 10 days. Renew now'],
    ['is', /endurnýj/gi, 'Aðgangur þinn að bankanum rennur út 20. febrúar 2027, eftir 10 daga. Endurnýja núna'],
  ] as const)('says renew once, in the banner and in the last day’s dialog (%s)', async (language, renew, banner) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    days(80);
    await renderApp(core);
    const shown = await screen.findByTestId('grant-banner');
    expect(shown.textContent).toBe(banner);
    expect(shown.textContent.match(renew)).toHaveLength(1);
    days(9.5);
    await act(() => core.wallet.tick());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent.match(renew)).toHaveLength(1);
  });

  it('opens a dialog on the last day, which traps focus and gives it back', async () => {
    const core = await signedIn();
    days(80);
    const { user } = await renderApp(core);
    // The customer is typing the amount (with nothing focused, Later lands on the banner: focus.test.tsx).
    const before = await screen.findByTestId('amount');
    act(() => before.focus());
    // The last day comes while the app is open; the host's timer checks the reminders.
    days(9.5);
    await act(() => core.wallet.tick());
    const dialog = await screen.findByRole('dialog', { name: 'Your bank access ends today at 12:00' });
    // The platform's modal <dialog> keeps Tab in it (test/e2e/browser/dialog-focus.spec.ts); jsdom has none.
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it('opens the dialog when the app opens on the last day, once', async () => {
    const core = await signedIn();
    days(89.5);
    // Main announces the reminder during the app's first status read, before the app knows the active profile.
    const { user } = await renderApp(core);
    const dialog = await screen.findByRole('dialog', { name: 'Your bank access ends today at 12:00' });
    expect(dialog.textContent).toContain('Renew now');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Coming back reads the session again, still on its last day: the dialog stays dismissed for this run.
    const reads = core.requests('sessionStatus').length;
    comeBack();
    await waitFor(() => expect(core.requests('sessionStatus').length).toBeGreaterThan(reads));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('grant-banner')).toBeTruthy();
  });

  it('opens the dialog on switching to a profile on its last day', async () => {
    const core = await signedIn();
    await core.value('switchProfile', { id: 'production' });
    days(89.5);
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'Profiles' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Switch to Local sandbox' }));
    expect(await screen.findByRole('dialog', { name: 'Your bank access ends today at 12:00' })).toBeTruthy();
    // The switch's answer said so: main announced nothing for it.
    expect(core.requests('sessionStatus')).toHaveLength(1);
  });

  it('blocks with a sign-in prompt after the end, and the draft survives the new sign-in', async () => {
    const core = await signedIn();
    const { user, store } = await renderApp(core);
    await user.type(await screen.findByTestId('amount'), '1500');
    days(90);
    comeBack();
    const prompt = await screen.findByRole('alertdialog', { name: 'Your bank access has ended' });
    // Said once (the prompt's panel used to add "Your 90-day access to the bank has ended" under the same words), and
    // the form behind names no one: "Account holder: ()" was all it had.
    expect(prompt.textContent).toBe(
      'Your bank access has endedThe 90 days you gave the app are over. Sign in with your bank again to keep paying; your draft and history are kept.Sign in againWhat does this mean?',
    );
    expect(screen.queryByTestId('owner')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBe(prompt);
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByTestId('amount') as HTMLInputElement).value).toBe('1,500');
    expect(store.getState().draft.amount).toBe('1,500');
  });

  it.each([
    [
      'en',
      'Your bank access ends on 20 February 2027, in 2 days. Renew now',
      'Your bank access ends tomorrow, 20 February 2027, at 12:00. Renew now',
      'Your bank access has ended',
    ],
    [
      'is',
      'Aðgangur þinn að bankanum rennur út 20. febrúar 2027, eftir 2 daga. Endurnýja núna',
      'Aðgangur þinn að bankanum rennur út á morgun, 20. febrúar 2027, kl. 12:00. Endurnýja núna',
      'Aðgangur þinn að bankanum er útrunninn',
    ],
  ] as const)(
    'moves the banner on with the clock, and blocks at the end, without a click (%s)',
    async (language, twoDays, tomorrow, ended) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      days(88.25);
      const { user } = await renderApp(core);
      expect((await screen.findByTestId('grant-banner')).textContent).toBe(twoDays);
      // A day later the core's tick finds one day left: the banner says so, without the app asking.
      days(1);
      await act(() => core.wallet.tick());
      await waitFor(() => expect(screen.getByTestId('grant-banner').textContent).toBe(tomorrow));
      // The last day's dialog opened with it; the customer puts it off.
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      // The grant's end passes: the banner goes and the blocking prompt comes, still without a click or a focus.
      days(1);
      const reads = core.requests('sessionStatus').length;
      await act(() => core.wallet.tick());
      expect(await screen.findByRole('alertdialog', { name: ended })).toBeTruthy();
      expect(screen.queryByTestId('grant-banner')).toBeNull();
      expect(core.requests('sessionStatus')).toHaveLength(reads);
    },
  );

  it.each([
    ['en', 'Sign in again', 'Your account', 'Saved payee', 'Review payment', 'Review the payment'],
    ['is', 'Skrá inn aftur', 'Reikningurinn þinn', 'Vistaður viðtakandi', 'Yfirfara greiðslu', 'Yfirfarðu greiðsluna'],
  ] as const)(
    'a new sign-in clears the pay form’s refusal and reads the own accounts and payees at once (%s)',
    async (language, signInAgain, yourAccount, savedPayee, review, reviewTitle) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
      // The app opens after the grant's end: the pay form is there, under the prompt, with nothing of the customer's.
      days(90);
      const { user } = await renderApp(core);
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: signInAgain }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      // Without leaving the screen: the own account and the saved payee are there, and no refusal from before.
      const account = (await screen.findByRole('combobox', { name: yourAccount })) as HTMLSelectElement;
      expect(account.selectedOptions[0]?.textContent).toBe('Main · 0133-26-012345');
      expect(screen.queryByRole('alert')).toBeNull();
      await user.selectOptions(screen.getByRole('combobox', { name: savedPayee }), 'Björn · 0133-26-020001');
      await user.type(screen.getByTestId('amount'), '1500');
      await user.click(screen.getByRole('button', { name: review }));
      expect(await screen.findByRole('heading', { name: reviewTitle })).toBeTruthy();
    },
  );

  it.each([
    [
      'en',
      'Your 90-day access to the bank has ended. Sign in again to pay.',
      'Sign in again',
      'Review payment',
      'Review the payment',
    ],
    [
      'is',
      '90 daga aðgangur þinn að bankanum er útrunninn. Skráðu þig inn aftur til að greiða.',
      'Skrá inn aftur',
      'Yfirfara greiðslu',
      'Yfirfarðu greiðsluna',
    ],
  ] as const)(
    'a refusal that came back after the end goes with the new sign-in, and the draft is checked again (%s)',
    async (language, refused, again, review, reviewTitle) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      const { user } = await renderApp(core);
      await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
      await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
      await user.type(screen.getByTestId('amount'), '150');
      // The check of the last keystroke is on its way when the grant ends: main answers it after the end.
      const release = core.hold('validatePayment');
      await user.type(screen.getByTestId('amount'), '0');
      days(90);
      await act(() => core.wallet.tick());
      const prompt = await screen.findByRole('alertdialog');
      release();
      expect((await screen.findByRole('alert')).textContent).toBe(refused);
      await user.click(within(prompt).getByRole('button', { name: again }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
      // The draft as it was, checked again for the new sign-in: Review opens it.
      await user.click(screen.getByRole('button', { name: review }));
      expect(await screen.findByRole('heading', { name: reviewTitle })).toBeTruthy();
    },
  );

  // Signed in at NOON (22 November 2026): the 90 days end on 20 February 2027 at 12:00 GMT (Reykjavík's clock too).
  const LAST_DAY = {
    en: {
      today: 'Your bank access ends today, 20 February 2027, at 12:00. Renew now',
      dialog: 'Your bank access ends today at 12:00',
      twelve: 'Your bank access ends on 20 February 2027, in 12 days. Renew now',
      auckland: 'Your bank access ends tomorrow, 21 February 2027, at 01:00. Renew now',
      aucklandDialog: 'Your bank access ends tomorrow at 01:00',
      settings: 'Settings',
      settingsToday: 'Your bank access ends today, 20 February 2027, at 12:00.',
    },
    is: {
      today: 'Aðgangur þinn að bankanum rennur út í dag, 20. febrúar 2027, kl. 12:00. Endurnýja núna',
      dialog: 'Aðgangur þinn að bankanum rennur út í dag kl. 12:00',
      twelve: 'Aðgangur þinn að bankanum rennur út 20. febrúar 2027, eftir 12 daga. Endurnýja núna',
      auckland: 'Aðgangur þinn að bankanum rennur út á morgun, 21. febrúar 2027, kl. 01:00. Endurnýja núna',
      aucklandDialog: 'Aðgangur þinn að bankanum rennur út á morgun kl. 01:00',
      settings: 'Stillingar',
      settingsToday: 'Aðgangur þinn að bankanum rennur út í dag, 20. febrúar 2027, kl. 12:00.',
    },
  } as const;

  it.each(['en', 'is'] as const)(
    'says "today" with the time on the last day, at 08:00 and 19 s before the end, never "tomorrow" (%s)',
    async (language) => {
      const words = LAST_DAY[language];
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      // 12 days and 3 hours before the end: 12 days, not 13.
      days(90 - 12 - 3 / 24);
      const { user } = await renderApp(core);
      expect((await screen.findByTestId('grant-banner')).textContent).toBe(words.twelve);
      // 08:00 on the last day: the banner, the dialog and Settings all say today, at 12:00.
      days(12 + 3 / 24 - 4 / 24);
      await act(() => core.wallet.tick());
      const dialog = await screen.findByRole('dialog', { name: words.dialog });
      expect(dialog.textContent).toContain('12:00');
      await waitFor(() => expect(screen.getByTestId('grant-banner').textContent).toBe(words.today));
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: words.settings }));
      expect((await screen.findByTestId('bank-access')).textContent).toContain(words.settingsToday);
      // 19 seconds before the end: still today.
      wallets.sandbox().clock.advanceSeconds(4 * 3600 - 19);
      comeBack();
      await act(() => core.wallet.tick());
      expect(screen.getByTestId('bank-access').textContent).toContain(words.settingsToday);
      expect(screen.getByTestId('grant-banner').textContent).toBe(words.today);
    },
  );

  it.each(['en', 'is'] as const)(
    'counts the days on the customer’s own calendar: in Auckland the same moment is the day before (%s)',
    async (language) => {
      const words = LAST_DAY[language];
      inZone('Pacific/Auckland');
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      // 00:30 GMT on 20 February is 13:30 in Auckland; the end, 12:00 GMT, is 01:00 on 21 February there.
      days(89.5 + 0.5 / 24);
      await renderApp(core);
      expect(await screen.findByRole('dialog', { name: words.aucklandDialog })).toBeTruthy();
      expect(screen.getByTestId('grant-banner').textContent).toBe(words.auckland);
    },
  );

  it('asks to sign in again when access was withdrawn at the bank', async () => {
    const core = await signedIn();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    // The customer withdraws the app's access in their online banking; the app finds out at its next call to the bank.
    wallets.sandbox().revoke('anna');
    await user.type(screen.getByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    // Withdrawn is not "the 90 days are over": the prompt says what happened, once.
    const prompt = await screen.findByRole('alertdialog', { name: 'Your bank access was withdrawn' });
    expect(prompt.textContent).toBe(
      'Your bank access was withdrawnAccess was withdrawn at the bank. Sign in again to continue.Sign in again',
    );
    expect(wallets.sandbox().initiations()).toHaveLength(0);
  });
});
