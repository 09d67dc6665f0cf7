import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACKUP_PASSPHRASE_CODES } from '../../common/backup-passphrase.ts';
import { PASSCODE_PROBLEM_CODES } from '../../common/passcode-rules.ts';
import { GUESSABLE_REASONS, loadPassphraseEstimator } from '../../common/passphrase-strength.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 38, item 6, as the customer meets it: a passphrase the strength estimator finds guessable is refused as it
 * is typed, saying why and suggesting four random words, in both languages, before anything is sent to main; and
 * main's own refusal (a window that let one through) has the same words.
 */
const wallets = walletsPerTest(NOON);

const WORDS = {
  en: {
    nav: 'Settings',
    make: 'Make a backup',
    passphrase: 'Passphrase',
    again: 'Passphrase again',
    save: 'Save backup',
    newPasscode: 'New passcode',
    passcodeAgain: 'Passcode again',
    set: 'Set passcode',
    nameOrDate: 'That is built on a name, a place or a date (like reykjavik2026): among the first guessed.',
    commonPassword: 'That is a common password, or built on one (like password1234): among the first guessed.',
    ownDetails: 'That holds your name, kennitala or birth date, which others know and try first.',
    fourWords: 'four random words',
  },
  is: {
    nav: 'Stillingar',
    make: 'Búa til afrit',
    passphrase: 'Lykilsetning',
    again: 'Lykilsetning aftur',
    save: 'Vista afrit',
    newPasscode: 'Nýr aðgangskóði',
    passcodeAgain: 'Aðgangskóði aftur',
    set: 'Velja aðgangskóða',
    nameOrDate: 'Þetta er byggt á nafni, stað eða dagsetningu (eins og akureyri1985)',
    commonPassword: 'Þetta er algengt lykilorð eða byggt á slíku (eins og lykilord1234)',
    ownDetails: 'Þetta inniheldur nafnið þitt, kennitöluna eða fæðingardaginn',
    fourWords: 'fjögur orð valin af handahófi',
  },
} as const;
type Language = keyof typeof WORDS;

async function settings(core: InProcessWallet, language: Language) {
  const view = await renderApp(core);
  await view.user.click(screen.getByRole('button', { name: WORDS[language].nav }));
  return view;
}

describe('a backup’s passphrase, as it is typed', () => {
  it.each(['en', 'is'] as const)('%s: says why a guessable one is refused, and Save stays off', async (language) => {
    const words = WORDS[language];
    const core = await wallets.open({ signedInAs: 'anna', language });
    const { user } = await settings(core, language);
    // Backup loads when Settings first shows it (issue 41): wait for it, as a person does.
    await user.click(within(await screen.findByTestId('backup')).getByRole('button', { name: words.make }));
    const dialog = screen.getByRole('dialog', { name: words.make });
    const first = within(dialog).getByLabelText(words.passphrase);
    const second = within(dialog).getByLabelText(words.again);
    const save = within(dialog).getByRole('button', { name: words.save });

    for (const [passphrase, expected] of [
      ['reykjavik2026!!!', words.nameOrDate],
      ['Password1234567!', words.commonPassword],
      // Her name, which the window knows from her sign-in.
      ['AnnaJónsdóttir!!!', words.ownDetails],
    ] as const) {
      await user.clear(first);
      await user.type(first, passphrase);
      await user.clear(second);
      await user.type(second, passphrase);
      // Once the estimator has loaded (on the dialog's first use).
      await waitFor(() => expect(dialog.textContent).toContain(expected));
      expect(dialog.textContent).toContain(words.fourWords);
      expect(first.getAttribute('aria-invalid')).toBe('true');
      expect(save).toHaveProperty('disabled', true);
    }
    expect(core.requests('exportBackup')).toEqual([]);

    await user.clear(first);
    await user.type(first, 'hestur kaffi gluggi sumar');
    await user.clear(second);
    await user.type(second, 'hestur kaffi gluggi sumar');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(save).toHaveProperty('disabled', false);
  });
});

describe('a passcode where no keychain guards the data key', () => {
  it.each(['en', 'is'] as const)(
    '%s: a guessable passphrase is refused with its reason, nothing sent',
    async (language) => {
      const words = WORDS[language];
      const core = await wallets.open({
        keyProtector: memoryKeychain({ secure: false, reason: 'basic_text' }),
        signedInAs: 'anna',
        language,
      });
      const { user } = await settings(core, language);
      const form = within(screen.getByTestId('passcode-settings'));
      // The form has begun loading the estimator; once it has (the same load), the refusal is said here and nothing
      // goes to main.
      await loadPassphraseEstimator();
      await user.type(form.getByLabelText(words.newPasscode), 'password12345678');
      await user.type(form.getByLabelText(words.passcodeAgain), 'password12345678');
      await user.click(form.getByRole('button', { name: words.set }));
      expect(screen.getByTestId('passcode-settings').textContent).toContain(words.commonPassword);
      expect(screen.getByTestId('passcode-settings').textContent).toContain(words.fourWords);
      expect(core.requests('setPasscode')).toEqual([]);
      expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false });
    },
  );
});

describe('main’s refusal, where a window let one through', () => {
  it('has its words for every reason in both languages, each suggesting four random words', () => {
    for (const reason of GUESSABLE_REASONS) {
      const code = PASSCODE_PROBLEM_CODES[reason];
      expect(BACKUP_PASSPHRASE_CODES[reason]).toBe(code);
      for (const language of ['en', 'is'] as const) {
        const texts = messages[language] as Record<string, string>;
        for (const key of [`error.${code}`, `lock.problem.${reason}`, `backup.problem.${reason}`]) {
          expect(texts[key], `${language} ${key}`).toContain(WORDS[language].fourWords);
        }
      }
    }
  });
});
