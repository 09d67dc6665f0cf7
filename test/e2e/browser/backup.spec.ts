import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { startHarness, type Harness } from '../../harness/server.ts';
import { draftFrom } from '../../support/in-process-wallet.ts';
import { WalletPage } from '../pages/wallet-page.ts';
import { atEachSize, SIZES } from '../pages/window-sizes.ts';
import { expect, NOON, test } from './fixtures.ts';

/**
 * Backup and moving to a new computer (issue 29) in Chromium: a backup made in Settings on Anna's computer (saved by
 * the harness's save dialog into its data folder), and restored on a second computer (a second harness: its own data
 * folder and sandbox, which is the same bank, as any local sandbox is) with the file chosen in the file input; History
 * there then holds her payments. Both dialogs (with a problem said as it is typed, and a wrong passphrase) and the
 * result, in English and Icelandic, at the default window and at 200 % zoom.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const PASSPHRASE = 'kaffi með mjólk á morgnana';

const WORDS = {
  en: {
    settings: 'Settings',
    history: 'History',
    make: 'Make a backup',
    restore: 'Restore a backup',
    passphrase: 'Passphrase',
    again: 'Passphrase again',
    save: 'Save backup',
    file: 'Backup file',
    restoreButton: 'Restore',
    saved:
      /^Saved 2 payments, 1 account, 1 payee and 1 payment that comes due in .+ as a2a-wallet-local-sandbox-2026-11-22( \(\d+\))?\.a2abackup\.$/,
    added: 'Added 2 payments, 1 account, 1 payee and 1 payment that comes due from the backup made 22 Nov 2026, 12:00.',
    count: '2 payments',
    tooShort: 'Use 16 or more characters: for example four words you will remember.',
    wrong:
      'The passphrase does not open this backup. Check it letter by letter, and that Caps Lock is off, then try again. Nothing on this computer was changed.',
  },
  is: {
    settings: 'Stillingar',
    history: 'Saga',
    make: 'Búa til afrit',
    restore: 'Endurheimta afrit',
    passphrase: 'Lykilsetning',
    again: 'Lykilsetning aftur',
    save: 'Vista afrit',
    file: 'Afritsskrá',
    restoreButton: 'Endurheimta',
    saved:
      /^Vistaði 2 greiðslur, 1 reikning, 1 viðtakanda og 1 greiðslu á gjalddaga í möppunni .+ sem a2a-wallet-local-sandbox-2026-11-22( \(\d+\))?\.a2abackup\.$/,
    added:
      'Endurheimti 2 greiðslur, 1 reikning, 1 viðtakanda og 1 greiðslu á gjalddaga úr afritinu frá 22. nóv. 2026, 12:00.',
    count: '2 greiðslur',
    tooShort: 'Notaðu 16 stafi eða fleiri: til dæmis fjögur orð sem þú manst.',
    wrong:
      'Lykilsetningin opnar ekki þetta afrit. Athugaðu hana staf fyrir staf og að hástafalás sé ekki á, og reyndu svo aftur. Engu var breytt á þessari tölvu.',
  },
} as const;
type Language = keyof typeof WORDS;

/** The app in `language` (main's setting, read again by a reload), on Settings. */
async function settingsIn(wallet: WalletPage, harness: Harness, language: Language) {
  await harness.core.value('updateSettings', { language });
  await wallet.page.reload();
  await wallet.page.getByRole('navigation').getByRole('button', { name: WORDS[language].settings }).click();
}

/**
 * A second computer: its own harness, and its own browser context (window size and zoom as `use` says), where Anna
 * signs in. The context is closed before the harness stops, so no connection of it keeps the harness's bank open.
 */
async function secondComputer(browser: Browser, use: BrowserContextOptions) {
  const harness = await startHarness({ root, now: NOON, retryDelaysMs: [], printBrowser: browser });
  const context = await browser.newContext(use);
  const page = await context.newPage();
  const wallet = new WalletPage(page);
  await wallet.open(harness.url);
  await wallet.signIn(context, 'anna');
  await wallet.expectSignedIn('Anna');
  return { harness, context, wallet };
}

test.describe('Backup and moving to a new computer', () => {
  test('a backup made, and restored on a second computer, in English and Icelandic, at 1024x760 and 200 %', async ({
    wallet,
    harness,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = wallet.page;
    await wallet.signInWithAccount(context, 'anna');
    const core = harness.core;
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
      draft: draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' }),
      schedule: { kind: 'monthly', day: 1, start: '2026-12-01' },
    });

    // Made on Anna's computer, in each language: the dialog, then what was saved where. A backup carries its
    // language setting, which a restore takes: each language's restore below takes a backup made in it.
    const saved = join(harness.dataDir, 'saved');
    const files: Partial<Record<Language, string>> = {};
    for (const language of ['en', 'is'] as const) {
      const words = WORDS[language];
      await page.setViewportSize(SIZES[0][1]);
      await settingsIn(wallet, harness, language);
      await page.getByRole('button', { name: words.make }).click();
      const dialog = page.getByRole('dialog', { name: words.make });
      const save = dialog.getByRole('button', { name: words.save });
      // A passphrase too short, said as it is typed, with what to do; Save waits.
      await dialog.getByLabel(words.passphrase, { exact: true }).fill('kaffi');
      await expect(dialog.getByText(words.tooShort)).toBeVisible();
      await expect(save).toBeDisabled();
      await atEachSize(wallet, `backup-problem-${language}`);
      await dialog.getByLabel(words.passphrase, { exact: true }).fill(PASSPHRASE);
      await dialog.getByLabel(words.again, { exact: true }).fill(PASSPHRASE);
      await expect(save).toBeEnabled();
      await atEachSize(wallet, `backup-make-${language}`, { shown: save });
      await save.click();
      await expect(page.getByTestId('backup-outcome').locator('p').first()).toHaveText(words.saved);
      await expect(dialog).toBeHidden();
      await atEachSize(wallet, `backup-saved-${language}`, { window: true, shown: page.getByTestId('backup') });
      const made = readdirSync(saved).find((name) => !Object.values(files).includes(join(saved, name)));
      files[language] = join(saved, made ?? '');
    }

    // Restored on a second computer, one for each language: the dialog at both sizes, the summary, and History.
    for (const language of ['en', 'is'] as const) {
      const words = WORDS[language];
      const second = await secondComputer(browser, { viewport: SIZES[0][1] });
      try {
        const there = second.wallet.page;
        await settingsIn(second.wallet, second.harness, language);
        await there.getByRole('button', { name: words.restore }).click();
        const dialog = there.getByRole('dialog', { name: words.restore });
        await dialog.getByLabel(words.file).setInputFiles(files[language] ?? '');
        // The wrong passphrase first: said, with what to do, and nothing changed.
        await dialog.getByLabel(words.passphrase, { exact: true }).fill('kaffi með rjóma á morgnana');
        await dialog.getByRole('button', { name: words.restoreButton, exact: true }).click();
        await expect(dialog.getByRole('alert')).toHaveText(words.wrong);
        await atEachSize(second.wallet, `backup-wrong-${language}`);
        await dialog.getByLabel(words.passphrase, { exact: true }).fill(PASSPHRASE);
        await expect(dialog.getByTestId('backup-file-name')).toHaveText(/^a2a-wallet-local-sandbox-.*\.a2abackup$/);
        const restore = dialog.getByRole('button', { name: words.restoreButton, exact: true });
        await atEachSize(second.wallet, `backup-restore-${language}`, { shown: restore });
        await restore.click();
        await expect(there.getByTestId('backup-outcome').locator('p').first()).toHaveText(words.added);
        await expect(dialog).toBeHidden();
        await atEachSize(second.wallet, `backup-result-${language}`, {
          window: true,
          shown: there.getByTestId('backup'),
        });

        await there.getByRole('navigation').getByRole('button', { name: words.history }).click();
        await expect(there.getByTestId('history-count')).toHaveText(words.count);
      } finally {
        await second.context.close();
        await second.harness.stop();
      }
    }
  });
});
