import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACKUP_PASSPHRASE_PROBLEMS } from '../../common/backup-passphrase.ts';
import { BACKUP_FILE_MAX_BYTES } from '../../common/backup.ts';
import { hasMessage } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { draftFrom, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, answering, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Settings' backup and moving to a new computer (issue 29) over the real core: the passphrase's rules said as it is
 * typed, a backup saved where the save dialog says, restored on a second computer (its own data folder, the same
 * sandbox bank) and read there by History, a second restore that adds nothing, and every refusal in words with what
 * to do. Both languages.
 */
const wallets = walletsPerTest(NOON);
const PASSPHRASE = 'kaffi með mjólk á morgnana';

const WORDS = {
  en: {
    nav: 'Settings',
    title: 'Backup and moving to a new computer',
    make: 'Make a backup',
    restore: 'Restore a backup',
    passphrase: 'Passphrase',
    again: 'Passphrase again',
    show: 'Show passphrase',
    save: 'Save backup',
    file: 'Backup file',
    restoreButton: 'Restore',
    history: 'History',
    count: '2 payments',
    saved: (folder: string, file: string) =>
      `Saved 2 payments, 1 account, 1 payee and 1 payment that comes due in ${folder} as ${file}.`,
    added: 'Added 2 payments, 1 account, 1 payee and 1 payment that comes due from the backup made 22 Nov 2026, 12:00.',
    nothing: 'Nothing new: everything in this backup made 22 Nov 2026, 12:00 is already here.',
    tooShort: 'Use 16 or more characters: for example four words you will remember.',
    onlyDigits: 'Use words, not only digits',
    kennitala: 'Leave out your kennitala and birth date',
    mismatch: 'The two passphrases are not the same: type the same one twice.',
    wrong:
      'The passphrase does not open this backup. Check it letter by letter, and that Caps Lock is off, then try again. Nothing on this computer was changed.',
    other:
      'This backup is of another person than the one signed in. Sign in as the person who made it, then restore it. Nothing on this computer was changed.',
  },
  is: {
    nav: 'Stillingar',
    title: 'Afrit og flutningur á nýja tölvu',
    make: 'Búa til afrit',
    restore: 'Endurheimta afrit',
    passphrase: 'Lykilsetning',
    again: 'Lykilsetning aftur',
    show: 'Sýna lykilsetningu',
    save: 'Vista afrit',
    file: 'Afritsskrá',
    restoreButton: 'Endurheimta',
    history: 'Saga',
    count: '2 greiðslur',
    saved: (folder: string, file: string) =>
      `Vistaði 2 greiðslur, 1 reikning, 1 viðtakanda og 1 greiðslu á gjalddaga í möppunni ${folder} sem ${file}.`,
    added:
      'Endurheimti 2 greiðslur, 1 reikning, 1 viðtakanda og 1 greiðslu á gjalddaga úr afritinu frá 22. nóv. 2026, 12:00.',
    nothing: 'Ekkert nýtt: allt í þessu afriti frá 22. nóv. 2026, 12:00 er þegar hér.',
    tooShort: 'Notaðu 16 stafi eða fleiri: til dæmis fjögur orð sem þú manst.',
    onlyDigits: 'Notaðu orð, ekki aðeins tölustafi',
    kennitala: 'Slepptu kennitölunni þinni og fæðingardeginum',
    mismatch: 'Lykilsetningarnar tvær eru ekki eins: sláðu sömu lykilsetninguna inn tvisvar.',
    wrong:
      'Lykilsetningin opnar ekki þetta afrit. Athugaðu hana staf fyrir staf og að hástafalás sé ekki á, og reyndu svo aftur. Engu var breytt á þessari tölvu.',
    other:
      'Þetta afrit er af öðrum einstaklingi en þeim sem er innskráður. Skráðu þig inn sem sá sem gerði afritið og endurheimtu það svo. Engu var breytt á þessari tölvu.',
  },
} as const;
type Language = keyof typeof WORDS;

/** Anna's computer: her account, two payments to Björn, Björn saved as a payee, and rent that comes due monthly. */
async function annasComputer(language: Language = 'en'): Promise<InProcessWallet> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
  for (const [amount, text] of [
    [1500, 'Kaffi'],
    [2500, 'Leiga'],
  ] as const) {
    const { id } = await core.value('confirmPayment', {
      draft: draftFrom('anna', 'bjorn', amount, { endToEndId: text }),
    });
    await core.value('submitPayment', { id });
  }
  await core.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
  await core.value('saveDue', {
    draft: draftFrom('anna', 'bjorn', 25_000),
    schedule: { kind: 'monthly', day: 1, start: '2026-12-01' },
  });
  return core;
}

/** A second computer: a new data folder at the same sandbox bank, signed in as `who`. */
const secondComputer = (who = 'anna', language: Language = 'en') => wallets.open({ signedInAs: who, language });

/** The app over the core, on Settings, with the backup section. */
async function openSettings(core: InProcessWallet, language: Language = 'en') {
  const view = await renderApp(core);
  await view.user.click(screen.getByRole('button', { name: WORDS[language].nav }));
  const section = () => screen.getByTestId('backup');
  await waitFor(() => expect(within(section()).getByRole('heading').textContent).toBe(WORDS[language].title));
  return { ...view, section };
}

/** A backup made through the core (as on another day in Settings): the saved file's bytes. */
async function backupOf(core: InProcessWallet): Promise<Buffer> {
  const saved = await core.value('exportBackup', { passphrase: PASSPHRASE });
  return readFileSync(join(core.dataDir, 'saved', saved.fileName ?? ''));
}

type View = Awaited<ReturnType<typeof openSettings>>;

/** Opens Restore, chooses the file, types the passphrase and presses Restore as `press` says (twice, or disabled as it is). */
async function restore(
  view: View,
  bytes: Uint8Array | File,
  passphrase: string,
  language: Language = 'en',
  press: 'click' | 'dblClick' | 'pressDisabled' = 'click',
) {
  const words = WORDS[language];
  await view.user.click(within(view.section()).getByRole('button', { name: words.restore }));
  const dialog = screen.getByRole('dialog', { name: words.restore });
  const file = bytes instanceof File ? bytes : new File([new Uint8Array(bytes)], 'a2a-wallet-local-sandbox.a2abackup');
  await view.user.upload(within(dialog).getByLabelText(words.file), file);
  await view.user.type(within(dialog).getByLabelText(words.passphrase), passphrase);
  const button = within(dialog).getByRole('button', { name: words.restoreButton });
  await view.user[press](button);
  return dialog;
}

describe('Settings: backup and moving to a new computer (issue 29)', () => {
  it('has words for every passphrase problem and every refusal, different in each language', () => {
    const keys = [
      ...BACKUP_PASSPHRASE_PROBLEMS.map((problem) => `backup.problem.${problem}`),
      ...[
        'WEAK_PASSPHRASE',
        'NOT_A_BACKUP',
        'NEWER_FORMAT',
        'WRONG_PASSPHRASE',
        'DAMAGED',
        'TOO_LARGE',
        'OTHER_CUSTOMER',
        'OTHER_BANK',
      ].map((code) => `error.BACKUP_${code}`),
    ];
    for (const key of keys) {
      expect(hasMessage(key), key).toBe(true);
      if (hasMessage(key)) expect(messages.is[key], key).not.toBe(messages.en[key]);
    }
  });

  it('asks to sign in first, with nothing to press', async () => {
    const core = await wallets.open();
    const { section } = await openSettings(core);
    expect(section().textContent).toContain('Sign in with your bank first to make or restore a backup.');
    expect(within(section()).queryAllByRole('button')).toEqual([]);
  });

  it('says what a backup holds and who can open it', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    const { section, container } = await openSettings(core);
    const text = section().textContent;
    expect(text).toContain(
      'your own accounts, saved payees, payment history, payments that come due and settings in this profile: never your sign-in, passcode or bank keys',
    );
    expect(text).toContain('without the passphrase nobody can open it, not even the app’s makers');
    expect(text).toContain('a payment that is already here is kept once, in the newer of its two states');
    expect(text).toContain('Only a backup of the person signed in, made with the same bank, can be restored.');
    await expectAxeClean(container);
  });

  it.each(['en', 'is'] as const)(
    'checks the passphrase as it is typed, and saves the backup once (%s)',
    async (language) => {
      const words = WORDS[language];
      const core = await annasComputer(language);
      const view = await openSettings(core, language);
      const { user, section } = view;
      await user.click(within(section()).getByRole('button', { name: words.make }));
      const dialog = screen.getByRole('dialog', { name: words.make });
      const first = within(dialog).getByLabelText(words.passphrase);
      const second = within(dialog).getByLabelText(words.again);
      const save = within(dialog).getByRole('button', { name: words.save });
      expect(document.activeElement).toBe(first);
      expect(save).toHaveProperty('disabled', true);

      // Each problem as it is typed, with what to do; Save stays off.
      await user.type(first, 'kaffi');
      expect(dialog.textContent).toContain(words.tooShort);
      expect(first.getAttribute('aria-invalid')).toBe('true');
      await user.clear(first);
      await user.type(first, '1234 5678 9012 3456 78');
      expect(dialog.textContent).toContain(words.onlyDigits);
      await user.clear(first);
      // Anna's kennitala is 120385-2089: the window knows her birth date from its masked form.
      await user.type(first, 'kaffi 12.03.1985 mjólk');
      expect(dialog.textContent).toContain(words.kennitala);
      await user.type(second, 'kaffi 12.03.1985 mjólk');
      expect(save).toHaveProperty('disabled', true);

      // A good one, and a second that differs.
      await user.clear(first);
      await user.type(first, PASSPHRASE);
      expect(first.getAttribute('aria-invalid')).toBeNull();
      await user.clear(second);
      await user.type(second, 'kaffi með rjóma');
      expect(dialog.textContent).toContain(words.mismatch);
      expect(save).toHaveProperty('disabled', true);
      // Shown, both are read as typed.
      await user.click(within(dialog).getByLabelText(words.show));
      expect(first.getAttribute('type')).toBe('text');
      expect(second.getAttribute('type')).toBe('text');
      await user.clear(second);
      await user.type(second, PASSPHRASE);
      expect(dialog.textContent).not.toContain(words.mismatch);
      expect(save).toHaveProperty('disabled', false);
      await expectAxeClean(dialog);

      // Held on its way (sealing takes about a second): busy, and a second click makes no second backup.
      const release = core.hold('exportBackup');
      await user.dblClick(save);
      expect(save.getAttribute('aria-busy')).toBe('true');
      // Off, but not disabled: a disabled button would drop the focus to the page (issue 42).
      expect(save.getAttribute('aria-disabled')).toBe('true');
      release();
      const outcome = await within(section()).findByText(/^(Saved|Vistaði) /);
      expect(core.requests('exportBackup')).toEqual([{ passphrase: PASSPHRASE }]);
      const answer = core.calls.find((call) => call.channel === 'exportBackup')?.answer;
      expect(answer).toMatchObject({ ok: true, value: { saved: true } });
      const { fileName = '', folder = '' } = (answer as { value: { fileName?: string; folder?: string } }).value;
      expect(fileName).toMatch(/^a2a-wallet-local-sandbox-2026-11-22\.a2abackup$/);
      expect(folder).toBe(join(core.dataDir, 'saved'));
      expect(outcome.textContent).toBe(words.saved(folder, fileName));
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('says nothing when the save dialog is cancelled, and keeps the dialog for another try', async () => {
    const core = await annasComputer();
    core.saveDialog = 'cancel';
    const { user, section } = await openSettings(core);
    await user.click(within(section()).getByRole('button', { name: 'Make a backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a backup' });
    await user.type(within(dialog).getByLabelText('Passphrase'), PASSPHRASE);
    await user.type(within(dialog).getByLabelText('Passphrase again'), PASSPHRASE);
    await user.click(within(dialog).getByRole('button', { name: 'Save backup' }));
    await waitFor(() => expect(core.calls.find((call) => call.channel === 'exportBackup')?.answer).toBeDefined());
    expect(screen.getByRole('dialog', { name: 'Make a backup' })).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('backup-outcome').textContent).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says main’s refusal of a weak passphrase in words', async () => {
    const core = await annasComputer();
    // Main knows the whole kennitala; the window only her birth date. Here main refuses what the window let through.
    const api = answering(core.api, 'exportBackup', () =>
      Promise.resolve({
        ok: false,
        error: { code: 'BACKUP_WEAK_PASSPHRASE', message: 'The passphrase is not strong enough (kennitala)' },
      }),
    );
    const view = await renderApp({ api });
    await view.user.click(screen.getByRole('button', { name: 'Settings' }));
    await view.user.click(screen.getByRole('button', { name: 'Make a backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a backup' });
    await view.user.type(within(dialog).getByLabelText('Passphrase'), PASSPHRASE);
    await view.user.type(within(dialog).getByLabelText('Passphrase again'), PASSPHRASE);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save backup' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That passphrase is not strong enough for a backup: use 16 or more characters, not only digits, with 8 or more different ones, and not your kennitala or birth date.',
    );
  });

  it.each(['en', 'is'] as const)(
    'restores a backup on a second computer, where History then shows it; a second restore adds nothing (%s)',
    async (language) => {
      const words = WORDS[language];
      const file = await backupOf(await annasComputer(language));
      const second = await secondComputer('anna', language);
      const view = await openSettings(second, language);

      const dialog = await restore(view, file, PASSPHRASE, language, 'dblClick');
      const outcome = await within(view.section()).findByText(words.added);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(dialog.isConnected).toBe(false);
      expect(outcome.closest('[role="status"]')).toBeTruthy();
      // One call for the double click.
      expect(second.requests('restoreBackup')).toHaveLength(1);
      expect(second.requests('restoreBackup')[0]).toEqual({ file: file.toString('base64'), passphrase: PASSPHRASE });

      // Nothing new the second time.
      await restore(view, file, PASSPHRASE, language);
      await within(view.section()).findByText(words.nothing);
      expect(second.requests('restoreBackup')).toHaveLength(2);

      // History reads what came.
      await view.user.click(screen.getByRole('button', { name: words.history }));
      expect((await screen.findByTestId('history-count')).textContent).toBe(words.count);
      expect((await second.value('listPayees')).map((payee) => payee.name)).toEqual(['Björn']);
    },
  );

  it.each(['en', 'is'] as const)(
    'says why a backup is refused, with what to do, and that nothing was changed (%s)',
    async (language) => {
      const words = WORDS[language];
      const file = await backupOf(await annasComputer(language));
      cleanup();

      // The wrong passphrase: said, and the dialog stays to try again.
      const anna = await secondComputer('anna', language);
      const view = await openSettings(anna, language);
      const dialog = await restore(view, file, 'kaffi með rjóma á morgnana', language);
      expect((await within(dialog).findByRole('alert')).textContent).toBe(words.wrong);
      expect((await anna.value('historyPage', {})).total).toBe(0);
      // Typing again clears it; the right one restores.
      const typed = within(dialog).getByLabelText(words.passphrase);
      await view.user.clear(typed);
      expect(within(dialog).queryByRole('alert')).toBeNull();
      await view.user.type(typed, PASSPHRASE);
      await view.user.click(within(dialog).getByRole('button', { name: words.restoreButton }));
      await within(view.section()).findByText(words.added);
      cleanup();

      // Björn signed in: another person's backup.
      const bjorn = await secondComputer('bjorn', language);
      const his = await openSettings(bjorn, language);
      const refused = await restore(his, file, PASSPHRASE, language);
      expect((await within(refused).findByRole('alert')).textContent).toBe(words.other);
      expect((await bjorn.value('historyPage', {})).total).toBe(0);
    },
  );

  it('refuses a file that is no backup, and one too large without sending it', async () => {
    const core = await secondComputer();
    const view = await openSettings(core);
    const dialog = await restore(view, new TextEncoder().encode('\x89PNG\r\n\x1a\n not a backup'), PASSPHRASE);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This file is not a backup of this app. Choose the file the app saved when you made the backup: its name ends in .a2abackup. Nothing on this computer was changed.',
    );
    expect(core.requests('restoreBackup')).toHaveLength(1);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const huge = new File(['x'], 'huge.a2abackup');
    Object.defineProperty(huge, 'size', { value: BACKUP_FILE_MAX_BYTES + 1 });
    // Restore is disabled for a file too large; pressed all the same, it sends nothing.
    const tooLarge = await restore(view, huge, PASSPHRASE, 'en', 'pressDisabled');
    expect(within(tooLarge).getByRole('alert').textContent).toBe(
      'This file is larger than any backup the app opens, so it is not one. Choose the file the app saved when you made the backup. Nothing on this computer was changed.',
    );
    expect(within(tooLarge).getByRole('button', { name: 'Restore' })).toHaveProperty('disabled', true);
    expect(within(tooLarge).getByLabelText('Backup file').getAttribute('aria-invalid')).toBe('true');
    expect(core.requests('restoreBackup')).toHaveLength(1);
  });

  it.each([
    ['en', 'Updated 1 payment to the newer state in the backup made 22 Nov 2026, 12:01.'],
    ['is', 'Uppfærði 1 greiðslu í nýrri stöðu úr afritinu frá 22. nóv. 2026, 12:01.'],
  ] as const)('says which payments a newer backup brought up to date (%s)', async (language, updated) => {
    // Anna's answer was lost: the payment's outcome is unknown in the first backup, and known a minute later.
    const first = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { id } = await first.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect((await first.value('submitPayment', { id })).state).toBe('unknown');
    const older = await backupOf(first);
    wallets.sandbox().clock.advanceSeconds(60);
    await first.value('checkAgain', { id });
    const newer = await backupOf(first);

    // The second computer has the older backup already: the newer one adds nothing, and updates the payment.
    const second = await secondComputer('anna', language);
    expect(
      await second.call('restoreBackup', { file: older.toString('base64'), passphrase: PASSPHRASE }),
    ).toMatchObject({ ok: true });
    const view = await openSettings(second, language);
    await restore(view, newer, PASSPHRASE, language);
    await within(view.section()).findByText(updated);
    expect((await second.value('getPayment', { id })).state).not.toBe('unknown');
  });

  it('reads the settings again after a restore: the backup’s language is the app’s', async () => {
    const file = await backupOf(await annasComputer('is'));
    const second = await secondComputer('anna', 'en');
    const view = await openSettings(second);
    await restore(view, file, PASSPHRASE);
    // Main took the backup's settings; the window follows, and says what came in that language.
    await waitFor(() => expect(view.store.getState().settings?.language).toBe('is'));
    await within(view.section()).findByText(WORDS.is.added);
    expect(screen.getByRole('heading', { name: WORDS.is.title })).toBeTruthy();
  });
});
