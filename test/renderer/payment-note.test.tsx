import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App.tsx';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { expectAxeClean, person, walletsPerTest } from './render-app.tsx';

/**
 * Issue 42, item 13: the customer writes a private note on a payment in its details; saving says so with the focus
 * on the words, the row shows it, and History's text search finds the payment by it. Both languages.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
historyListShows(10);

const WORDS = {
  en: {
    history: 'History',
    save: 'Save note',
    saved: 'Note saved.',
    label: 'A note for yourself',
    text: 'Text',
    withNotes: 'With my notes',
  },
  is: {
    history: 'Greiðslusaga',
    save: 'Vista athugasemd',
    saved: 'Athugasemdin er vistuð.',
    label: 'Athugasemd fyrir sjálfa(n) þig',
    text: 'Texti',
    withNotes: 'Með athugasemdum mínum',
  },
} as const;

describe('a private note on a payment', () => {
  it.each(['en', 'is'] as const)(
    'is written in the details, shown in the row and found by search (%s)',
    async (language) => {
      const words = WORDS[language];
      const core = await wallets.open({ signedInAs: 'anna', language });
      for (const amount of [1_500, 2_500]) {
        const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
        await core.value('submitPayment', { id });
      }
      const user = person();
      const store = createAppStore(core.api, language);
      store.setState({ screen: 'history' });
      render(<App wallet={core.api} store={store} />);
      await screen.findByRole('heading', { name: words.history });
      await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(2));
      await user.click(screen.getAllByTestId('history-row')[0]!);
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText(words.label), 'Fyrir hjólið hans');
      await user.click(within(dialog).getByRole('button', { name: words.save }));
      const said = await within(dialog).findByText(words.saved);
      expect(document.activeElement).toBe(said);
      await expectAxeClean(dialog);
      // The bank heard nothing of it: the note is main's, and the window's row shows it once the change is told.
      await waitFor(() => expect(screen.getAllByTestId('history-row')[0]?.textContent).toContain('Fyrir hjólið hans'));
      await user.keyboard('{Escape}');
      await user.type(screen.getByLabelText(words.text, { exact: true }), 'hjólið');
      await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));
      expect(core.sandbox.requests().some((entry) => JSON.stringify(entry).includes('hjólið'))).toBe(false);
      // The export carries the notes only when the customer ticks it.
      await user.click(screen.getByTestId('export-button'));
      await screen.findByTestId('export-status');
      await user.click(screen.getByLabelText(words.withNotes));
      await user.click(screen.getByTestId('export-button'));
      await waitFor(() => expect(core.requests('exportHistory')).toHaveLength(2));
      expect(core.requests('exportHistory').map((request) => request.includeNotes)).toEqual([undefined, true]);
    },
  );
});
