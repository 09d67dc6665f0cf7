import { DatabaseSync } from 'node:sqlite';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageChoice } from '../../common/settings.ts';
import type { InProcessWallet } from '../support/in-process-wallet.ts';
import { NOON } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';
import { payThroughCore, putBackOlderCopy, removeRecord, storeFiles } from '../support/store-files.ts';

/**
 * Issue 28 in the window: main found the customer's payment history older than it last wrote, or short of records.
 * Pay and History say so at their top (what happened, what it means, what to do), the review asks every payment to be
 * confirmed as new, and once the customer has checked their online banking and said so twice, it goes.
 */
const wallets = walletsPerTest(NOON);
const signedIn = (language: LanguageChoice = 'en') =>
  wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });

/** A payment made, an older copy of the store (without the 2 000 paid after it) put back, the core started again. */
async function olderCopy(language: LanguageChoice = 'en'): Promise<InProcessWallet> {
  const core = await signedIn(language);
  await payThroughCore(core, 1500);
  await putBackOlderCopy(core, () => payThroughCore(core, 2000));
  return core;
}

/** A payment made, then its record removed from the store while the app was closed. */
async function recordRemoved(language: LanguageChoice = 'en'): Promise<InProcessWallet> {
  const core = await signedIn(language);
  const paid = await payThroughCore(core, 1500);
  await removeRecord(core, paid.id);
  return core;
}

/** A payment made, then the store's sealed head overwritten while the app was closed: main cannot open it. */
async function headUnreadable(language: LanguageChoice = 'en'): Promise<InProcessWallet> {
  const core = await signedIn(language);
  await payThroughCore(core, 1500);
  await core.wallet.close();
  const [store = ''] = storeFiles(core.dataDir);
  const db = new DatabaseSync(store);
  db.prepare("UPDATE meta SET value = ? WHERE name = 'head'").run(Buffer.from('not a head'));
  db.close();
  await core.restart();
  expect(await core.value('historyIntegrity')).toEqual({ trusted: false, problem: 'unreadable' });
  return core;
}

const WORDS = {
  en: {
    title: 'Your payment history on this computer may be incomplete',
    older: 'An older copy of your payment history was put back on this computer.',
    gap: 'Records were removed from your payment history on this computer.',
    unreadable: 'Your payment history on this computer cannot be read.',
    meaning:
      'Payments you made may be missing here or out of date, so the app cannot tell whether a payment was already made. Until you have checked, every payment asks you to confirm that it is new.',
    todo: 'Check in your online banking which payments were made.',
    checked: 'I have checked my online banking',
    history: 'History',
    historyTitle: 'History',
  },
  is: {
    title: 'Greiðslusagan á þessari tölvu gæti verið ófullkomin',
    older: 'Eldra afrit af greiðslusögunni þinni var sett aftur á þessa tölvu.',
    gap: 'Færslur voru fjarlægðar úr greiðslusögunni þinni á þessari tölvu.',
    unreadable: 'Ekki er hægt að lesa greiðslusöguna þína á þessari tölvu.',
    meaning:
      'Hér gæti vantað greiðslur sem þú hefur gert, eða staða þeirra verið úrelt, svo forritið getur ekki séð hvort greiðsla hafi þegar verið gerð. Þar til þú hefur athugað þarftu að staðfesta við hverja greiðslu að hún sé ný.',
    todo: 'Athugaðu í netbankanum þínum hvaða greiðslur hafa verið gerðar.',
    checked: 'Ég hef athugað netbankann',
    history: 'Saga',
    historyTitle: 'Greiðslusaga',
  },
} as const;

describe('the banner of a history not to be trusted', () => {
  it.each([
    ['en', 'older', olderCopy],
    ['is', 'older', olderCopy],
    ['en', 'gap', recordRemoved],
    ['is', 'gap', recordRemoved],
    ['en', 'unreadable', headUnreadable],
    ['is', 'unreadable', headUnreadable],
  ] as const)(
    'says what happened, what it means and what to do, on Pay and History (%s, %s)',
    async (language, problem, make) => {
      const core = await make(language);
      const { user, container } = await renderApp(core);
      const words = WORDS[language];
      const expected = `${words.title}${words[problem]} ${words.meaning}${words.todo}${words.checked}`;

      const onPay = await screen.findByTestId('history-trust');
      expect(onPay.getAttribute('role')).toBe('alert');
      expect(onPay.textContent).toBe(expected);
      expect(within(onPay).getByRole('heading', { level: 3 }).textContent).toBe(words.title);
      // At the top of the screen: right under its heading and the limit, before the form.
      const pay = screen.getByRole('region', { name: language === 'en' ? 'Pay' : 'Greiða' });
      expect(pay.querySelector('[data-testid="history-trust"] ~ form')).not.toBeNull();
      await expectAxeClean(container);

      await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: words.history }));
      await screen.findByRole('heading', { level: 2, name: words.historyTitle });
      expect((await screen.findByTestId('history-trust')).textContent).toBe(expected);
      await expectAxeClean(container);
    },
  );

  it('shows nothing while the history is the one the app wrote', async () => {
    const core = await signedIn();
    await payThroughCore(core, 1500);
    await core.restart();
    const { user } = await renderApp(core);
    await screen.findByTestId('amount');
    await waitFor(() => expect(core.requests('historyIntegrity').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('history-trust')).toBeNull();
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'History' }));
    await screen.findByTestId('history-count');
    expect(screen.queryByTestId('history-trust')).toBeNull();
  });

  it('goes when the customer signs out, and comes back at the next sign-in', async () => {
    const core = await olderCopy();
    const { user } = await renderApp(core);
    await screen.findByTestId('history-trust');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    // History can be opened while signed out (the list stays readable): the banner is nobody's then.
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'History' }));
    await screen.findByRole('heading', { level: 2, name: 'History' });
    await screen.findByTestId(/^history-(count|empty|error)$/);
    expect(screen.queryByTestId('history-trust')).toBeNull();
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Pay' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('history-trust')).toBeTruthy();
  });
});

describe('a payment while the history is not trusted', () => {
  it.each([
    [
      'en',
      /^Pay ISK\s2,000$/,
      'Review payment',
      'The payment history on this computer may be incomplete or out of date, so the app cannot tell whether you already paid ISK 2,000 to this payee. Check your online banking first. Is this a new payment?',
      'Yes, this is a new payment',
    ],
    [
      'is',
      /^Greiða 2\.000\skr\.$/,
      'Yfirfara greiðslu',
      'Greiðslusagan á þessari tölvu gæti verið ófullkomin eða úrelt, svo forritið getur ekki séð hvort þú hafir þegar greitt 2.000 kr. til þessa viðtakanda. Athugaðu netbankann þinn fyrst. Er þetta ný greiðsla?',
      'Já, þetta er ný greiðsla',
    ],
  ] as const)('is confirmed as new before Pay is enabled (%s)', async (language, pay, review, warning, ack) => {
    const core = await olderCopy(language);
    const { user } = await renderApp(core);
    await screen.findByTestId('history-trust');
    // The 2 000 the older copy lost, again: main cannot tell it was paid, so it asks.
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '2000');
    await user.click(screen.getByRole('button', { name: review }));
    const shown = await screen.findByTestId('duplicate-warning');
    expect(shown.getAttribute('role')).toBe('alert');
    // Amounts are written with a no-break space between the figure and its currency.
    expect(shown.querySelector('p')?.textContent.replace(/\s/g, ' ')).toBe(warning);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: pay });
    expect(button.disabled).toBe(true);
    await user.click(within(shown).getByRole('checkbox', { name: ack }));
    expect(button.disabled).toBe(false);
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('pay-result').dataset['state']).toBe('settled'));
    expect(core.requests('confirmPayment').at(-1)?.acknowledgeDuplicate).toBe('history-not-trusted');
  });
});

describe('the customer has checked their online banking', () => {
  it('asks once more; Cancel keeps it, confirming takes the history and moves the focus to the heading', async () => {
    const core = await olderCopy();
    const { user } = await renderApp(core);
    const banner = await screen.findByTestId('history-trust');
    const checked = within(banner).getByRole('button', { name: 'I have checked my online banking' });
    // A payment typed before: main's check of it, made while the history was not trusted, asks whether it is new.
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '777');
    await waitFor(() => expect(core.calls.at(-1)?.channel).toBe('validatePayment'));

    // A stray click changes nothing: a dialog asks, with Cancel focused.
    await user.click(checked);
    let dialog = await screen.findByRole('dialog', { name: 'Have you checked your online banking?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(checked);
    expect(core.requests('acceptHistory')).toHaveLength(0);
    expect(screen.getByTestId('history-trust')).toBe(banner);

    await user.click(checked);
    dialog = await screen.findByRole('dialog', { name: 'Have you checked your online banking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I have checked' }));
    await waitFor(() => expect(screen.queryByTestId('history-trust')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(core.requests('acceptHistory')).toHaveLength(1);
    expect(await core.value('historyIntegrity')).toEqual({ trusted: true });
    // Not the page: the screen's heading, and a status says what changed.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Pay' })));
    expect(screen.getByTestId('history-trust-status').textContent).toBe(
      'The payment history on this computer is trusted again.',
    );

    // The form checks the same payment again: it no longer meets the warning of a history not trusted.
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByRole('heading', { name: 'Review the payment' });
    expect(screen.queryByTestId('duplicate-warning')).toBeNull();
    // Nor on History, where it is read again.
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'History' }));
    await screen.findByTestId('history-count');
    expect(screen.queryByTestId('history-trust')).toBeNull();
  });

  it('from History too: the focus goes to History’s heading', async () => {
    const core = await recordRemoved();
    const { user } = await renderApp(core);
    await screen.findByTestId('history-trust');
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'History' }));
    const banner = await screen.findByTestId('history-trust');
    await user.click(within(banner).getByRole('button', { name: 'I have checked my online banking' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, I have checked' }));
    await waitFor(() => expect(screen.queryByTestId('history-trust')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'History' })),
    );
  });
});
