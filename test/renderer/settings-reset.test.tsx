import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftFrom } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 39, item 2: a settings file that did not parse is set aside and the app starts with fresh settings; the
 * customer is told what was reset, and that the payment history was kept. Over the real core, in both languages
 * (the language was reset too: the system's is used, as the test's platform gives it).
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');

const WORDS = {
  en: { title: 'Your settings were reset', kept: /Your payment history is kept\./, ok: 'OK' },
  is: { title: 'Stillingar þínar voru endurstilltar', kept: /Greiðslusagan þín er óbreytt\./, ok: 'Í lagi' },
} as const;

describe('a damaged settings file', () => {
  it.each(['en', 'is'] as const)('%s: the customer is told what was reset, once', async (language) => {
    const core = await wallets.open({
      signedInAs: 'anna',
      accounts: [ANNAS_ACCOUNT],
      platform: { preferredLanguages: [language] },
    });
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    await core.value('submitPayment', { id });
    await core.wallet.close();
    const settings = join(core.dataDir, 'settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').slice(0, 30));
    await core.restart();

    const words = WORDS[language];
    const { user, container } = await renderApp(core);
    const notice = await screen.findByTestId('settings-reset');
    expect(screen.getByRole('heading', { name: words.title })).toBeTruthy();
    expect(notice.textContent).toMatch(words.kept);
    await expectAxeClean(container);
    await user.click(screen.getByRole('button', { name: words.ok }));
    expect(screen.queryByTestId('settings-reset')).toBeNull();
  });

  it('says nothing when the settings file was whole', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await core.restart();
    await renderApp(core);
    expect(screen.queryByTestId('settings-reset')).toBeNull();
  });
});
