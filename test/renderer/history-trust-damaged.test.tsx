import { DatabaseSync } from 'node:sqlite';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageChoice } from '../../common/settings.ts';
import { NOON } from '../support/in-process-wallet.ts';
import { payThroughCore, storeFiles } from '../support/store-files.ts';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 38 in the window: a record of the history was changed on disk (moved to another day) and no longer opens.
 * Main flags the history (`damagedRows`) once its worker has read every record, and the banner on Pay says so in the
 * customer's language, with what it means for today's limit.
 */
const wallets = walletsPerTest(NOON);

const WORDS = {
  en: 'Some records in your payment history on this computer were changed or damaged and cannot be read. Until you have checked, each of them counts towards today’s limit.',
  is: 'Sumum færslum í greiðslusögunni þinni á þessari tölvu hefur verið breytt eða þær skemmst, svo ekki er hægt að lesa þær. Þar til þú hefur athugað telst hver þeirra með í hámarki dagsins.',
} as const;

describe('the banner of a history with a record that does not open', () => {
  it.each(['en', 'is'] as const)('says what happened (%s)', async (language: LanguageChoice & keyof typeof WORDS) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const paid = await payThroughCore(core, 4000);
    await core.wallet.close();
    const [store = ''] = storeFiles(core.dataDir);
    const db = new DatabaseSync(store);
    db.prepare("UPDATE payments SET day = '2026-10-01' WHERE id = ?").run(paid.id);
    db.close();
    await core.restart();
    // Every record read by the store's worker, as it does by itself within seconds of the start.
    await core.value('historyPage', { filter: { text: 'anything' } });
    expect(await core.value('historyIntegrity')).toEqual({ trusted: false, problem: 'damagedRows' });

    await renderApp(core);
    const banner = await screen.findByTestId('history-trust');
    expect(banner.textContent).toContain(WORDS[language]);
  });
});
