import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lateKeychain } from '../helpers/memory-keychain.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 39, item 1: the app started while the keychain is locked or not ready. The window says what happened, that
 * nothing was changed or lost, and what to do; Try again opens the app once the keychain is unlocked. Over the real
 * core, in both languages.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');

async function lateStart(language: 'en' | 'is') {
  const keychain = lateKeychain();
  const core = await wallets.open({
    signedInAs: 'anna',
    accounts: [ANNAS_ACCOUNT],
    language,
    keyProtector: keychain,
    platform: { sleep: () => Promise.resolve() },
  });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
  await core.value('submitPayment', { id });
  keychain.mode = 'temporary';
  await core.restart();
  return { core, keychain };
}

const WORDS = {
  en: {
    title: 'A2A Wallet cannot open your data yet',
    nothingLost: /Nothing has been changed or lost\./,
    retry: 'Try again',
    still: 'The keychain still does not open it. Unlock it, then try again.',
    afresh: 'Start without this data',
    keep: 'Keep trying',
  },
  is: {
    title: 'A2A Wallet getur ekki enn opnað gögnin þín',
    nothingLost: /Engu hefur verið breytt og ekkert hefur glatast\./,
    retry: 'Reyna aftur',
    still: 'Lyklakippan opnar hann ekki enn. Opnaðu hana og reyndu svo aftur.',
    afresh: 'Byrja án þessara gagna',
    keep: 'Reyna áfram',
  },
} as const;

describe('the keychain notice', () => {
  it.each(['en', 'is'] as const)(
    '%s: says what happened and what to do; Try again opens the app once the keychain is unlocked',
    async (language) => {
      const words = WORDS[language];
      const { core, keychain } = await lateStart(language);
      const { user, container } = await renderApp(core);
      expect(await screen.findByRole('heading', { name: words.title })).toBeTruthy();
      expect(screen.getByText(words.nothingLost)).toBeTruthy();
      expect(container.textContent).not.toMatch(/Anna|0133|120385/);
      expect(document.activeElement).toBe(screen.getByRole('button', { name: words.retry }));
      await expectAxeClean(container);

      // Still locked: it says so, and nothing else opens.
      await user.click(screen.getByRole('button', { name: words.retry }));
      expect(await screen.findByText(words.still)).toBeTruthy();

      keychain.mode = 'ready';
      await user.click(screen.getByRole('button', { name: words.retry }));
      expect(await screen.findByTestId('signed-in-as')).toBeTruthy();
    },
  );

  it('Start without this data asks first, with the safe choice focused', async () => {
    const words = WORDS.en;
    const { core } = await lateStart('en');
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: words.afresh }));
    const dialog = await screen.findByRole('dialog');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: words.keep }));
    await expectAxeClean(container);
    expect(dialog.textContent).toMatch(/Nothing is deleted/);
    await user.click(screen.getByRole('button', { name: words.keep }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: words.title })).toBeTruthy();
  });
});
