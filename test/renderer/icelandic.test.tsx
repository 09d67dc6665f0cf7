import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shippedProfiles } from '../../main/profiles/builtin-profiles.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 27, "Icelandic that reads right", on screen: the receipt names the built-in profile in the customer's language
 * and the reference as a customer would; Settings says when a payment asks for the passcode again, from the value main
 * keeps, not "every payment".
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const PASSCODE = '482916';
historyListShows(5);
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

describe('the receipt, in Icelandic', () => {
  it('names the Local sandbox profile in Icelandic, once, and the reference without "end-to-end"', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language: 'is' });
    const draft = draftFrom('anna', 'bjorn', 1500, { endToEndId: 'Leiga nóv' });
    const { id } = await core.value('confirmPayment', { draft });
    await core.value('submitPayment', { id });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'Saga' }));
    await user.click((await screen.findAllByTestId('history-row'))[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Kvittun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kvittun fyrir greiðslu' });
    const receipt = text(within(dialog).getByTestId('receipt'));
    expect(receipt).not.toMatch(/Local sandbox|end-to-end|enda til enda/i);
    expect(receipt).toContain('UmhverfiStaðbundið prófunarumhverfi');
    expect(receipt).not.toContain('Staðbundið prófunarumhverfi (');
    expect(receipt).toContain('Tilvísun (sést hjá viðtakanda)Leiga nóv');
  });
});

describe('Settings, on when a payment asks for the passcode', () => {
  async function summary(language: 'en' | 'is', presenceSeconds?: number) {
    const { profiles, allowEdit } = shippedProfiles();
    const core = await wallets.open({
      signedInAs: 'anna',
      accounts: [ANNAS_ACCOUNT],
      language,
      platform: { shipped: { profiles, allowEdit, ...(presenceSeconds === undefined ? {} : { presenceSeconds }) } },
    });
    await core.value('setPasscode', { next: PASSCODE });
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Settings' : 'Stillingar' }));
    return text(await screen.findByTestId('lock-summary'));
  }

  it.each([
    [
      'en',
      undefined,
      'The app asks for your passcode when it starts, after 5 minutes without use, and when your computer locks. Before a payment it asks again if more than 60 seconds have passed since you last entered it.',
    ],
    [
      'is',
      undefined,
      'Forritið biður um aðgangskóðann þegar það ræsist, eftir 5 mínútur án notkunar og þegar tölvan læsist. Fyrir greiðslu biður það aftur um hann ef meira en 60 sekúndur eru liðnar frá því að þú slóst hann síðast inn.',
    ],
    ['is', 21, 'ef meira en 21 sekúnda er liðin frá því að þú slóst hann síðast inn.'],
    ['en', 0, 'Before a payment it asks again, unless you entered it just before (to unlock the app, say)'],
    ['is', 0, 'Fyrir greiðslu biður það aftur um hann, nema þú hafir slegið hann inn rétt áður'],
  ] as const)('in %s, with a window of %s s', async (language, seconds, says) => {
    const shown = await summary(language, seconds);
    expect(shown).toContain(says);
    expect(shown).not.toMatch(/before each payment|fyrir hverja greiðslu\./);
  });
});
