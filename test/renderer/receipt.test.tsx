import { render, screen, waitFor, within } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { Receipt } from '../../renderer/src/components/Receipt.tsx';
import { draftFrom, type InProcessWallet } from '../support/in-process-wallet.ts';
import { receiptText } from '../support/receipt-text.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/** Issue 19: every payment the bank took has a receipt, in Icelandic or English, shared by screen, print and PDF. */
const NOON = '2026-11-22T12:00:00.000Z';
const wallets = walletsPerTest(NOON);
historyListShows(5);

/** Anna's payment to Björn as main keeps it, with a reference and a message. */
async function paid(core: InProcessWallet, state: 'settled' | 'rejected' = 'settled'): Promise<PaymentView> {
  const draft = draftFrom('anna', 'bjorn', 1500, { endToEndId: 'Leiga nóv', extendedReference: 'Takk fyrir' });
  // Anna's savings account has nothing in it: the bank refuses.
  if (state === 'rejected') Object.assign(draft, { debtorAccount: '0133-15-012346' });
  const { id } = await core.value('confirmPayment', { draft });
  const sent = await core.value('submitPayment', { id });
  expect(sent.state).toBe(state);
  return sent;
}

const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

/** The texts the receipt's tests find, in each language. */
const NAMES = {
  en: {
    history: 'History',
    receipt: 'Receipt',
    title: 'Payment receipt',
    save: 'Save as PDF',
    close: 'Close',
    details: 'Payment details',
    notSaved: 'The receipt was not saved.',
  },
  is: {
    history: 'Saga',
    receipt: 'Kvittun',
    title: 'Kvittun fyrir greiðslu',
    save: 'Vista sem PDF',
    close: 'Loka',
    details: 'Upplýsingar um greiðslu',
    notSaved: 'Kvittunin var ekki vistuð.',
  },
} as const;

/** A print that failed (issue 25): what failed, that nothing was saved, and what to do; no "restart the app". */
const PRINT_FAILED = {
  en: 'The PDF could not be made, so nothing was saved. Use Print instead, and choose to save as PDF there.',
  is: 'Ekki tókst að búa til PDF-skjalið, svo ekkert var vistað. Veldu Prenta í staðinn og vistaðu sem PDF þar.',
} as const;

describe('the receipt', () => {
  it.each(['en', 'is'] as const)('shows every field in %s, the payer’s kennitala masked', async (locale) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    const payment = await paid(core);
    render(
      <Receipt
        payment={payment}
        locale={locale}
        environment="local-sandbox"
        profileName="Local"
        payerName="Anna Jónsdóttir"
      />,
    );
    const receipt = text(screen.getByTestId('receipt'));
    const { shown, hidden } = receiptText(payment, locale);
    for (const part of shown) expect(receipt).toMatch(part);
    for (const part of hidden) expect(receipt).not.toContain(part);
    expect(receipt).toContain('Local (');
    expect(text(screen.getByText(locale === 'en' ? 'Payer' : 'Greiðandi').nextElementSibling as HTMLElement)).toBe(
      'Anna Jónsdóttir',
    );
  });

  it('keeps account numbers and kennitölur whole: each in a piece that does not wrap', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    render(<Receipt payment={await paid(core)} locale="en" environment="local-sandbox" profileName="Local" />);
    const receipt = screen.getByTestId('receipt');
    for (const number of ['0133-26-012345', '0133-26-020001', '050792-2189', '120385-****']) {
      expect(within(receipt).getByText(number).className).toBe('receipt-number');
    }
    // jsdom lays nothing out: the rule itself is read from the stylesheet the receipt imports.
    const css = readFileSync('renderer/src/components/receipt.css', 'utf8');
    expect(css).toMatch(/\.receipt-number\s*\{[^}]*white-space:\s*nowrap/);
  });

  it('says nothing of a test on a production profile’s receipt', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    render(<Receipt payment={await paid(core)} locale="en" environment="production" profileName="Bank" />);
    expect(screen.queryByTestId('receipt-test')).toBeNull();
    expect(text(screen.getByTestId('receipt'))).toContain('Bank (Production)');
  });

  it('is saved as a PDF from the result, the window printed once however often Save is clicked', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    const prints: string[] = [];
    let release = () => {};
    core.printPage = () => {
      // What is in the print root when the host prints: the receipt alone.
      prints.push(text(screen.getByTestId('print-root')));
      return new Promise((resolve) => {
        release = () => resolve(new TextEncoder().encode('%PDF-1.4 receipt'));
      });
    };
    const { user, container } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment receipt' });
    await expectAxeClean(container);
    const save = within(dialog).getByRole('button', { name: 'Save as PDF' });
    await user.click(save);
    // Save is off while the first press prints (aria-disabled: it keeps the focus); pressed twice more all the same,
    // the window prints once.
    await user.pressDisabled(save);
    await user.pressDisabled(save);
    release();
    const status = await within(dialog).findByText(/^Saved as receipt-2026-11-22-.*\.pdf in /);
    expect(prints).toHaveLength(1);
    expect(prints[0]).toContain('Payment receipt');
    expect(prints[0]).toContain('one thousand five hundred krónur');
    // The payer's name is the signed-in customer's, as main has it from the sign-in.
    expect(prints[0]).toContain('PayerAnna Jónsdóttir');
    expect(text(within(dialog).getByTestId('receipt'))).toContain('Anna Jónsdóttir');
    const saved = core.requests('saveReceipt');
    expect(saved).toHaveLength(1);
    const path = `${status.textContent?.replace(/^Saved as (.*) in (.*)\.$/, '$2/$1')}`;
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.4 receipt');
  });

  /** Anna's receipt opened from her history, in the app's language. */
  async function openReceipt(core: InProcessWallet, names: (typeof NAMES)['en' | 'is']) {
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: names.history }));
    await user.click((await screen.findAllByTestId('history-row'))[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: names.receipt }));
    const dialog = await screen.findByRole('dialog', { name: names.title });
    await user.click(within(dialog).getByRole('button', { name: names.save }));
    return { user, dialog };
  }

  it.each(['en', 'is'] as const)(
    'says the PDF could not be made, nothing saved, and to use Print, in %s; the receipt stays on screen',
    async (language) => {
      const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
      const payment = await paid(core);
      core.printPage = () => Promise.reject(new Error('printer on fire'));
      const { user, dialog } = await openReceipt(core, NAMES[language]);
      expect(text(await within(dialog).findByTestId('receipt-error'))).toBe(PRINT_FAILED[language]);
      expect(core.platform.savedDir).not.toSatisfy(existsSync);
      expect(text(within(dialog).getByTestId('receipt'))).toContain(payment.requestId);
      // Closing the receipt goes back to the payment's details.
      await user.click(within(dialog).getByRole('button', { name: NAMES[language].close }));
      await screen.findByRole('dialog', { name: NAMES[language].details });
    },
  );

  it.each(['en', 'is'] as const)('says a PDF that could not be saved was not saved, in %s', async (language) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    await paid(core);
    core.printPage = () => Promise.resolve(new TextEncoder().encode('%PDF-1.4 receipt'));
    // The PDF was made; the disk refused it.
    core.saveDialog = 'fail';
    const { dialog } = await openReceipt(core, NAMES[language]);
    const error = text(await within(dialog).findByTestId('receipt-error'));
    expect(error.startsWith(NAMES[language].notSaved)).toBe(true);
    expect(error).not.toContain(PRINT_FAILED[language]);
  });

  it('is offered for no payment the bank did not take', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    await paid(core, 'rejected');
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click((await screen.findAllByTestId('history-row'))[0] as HTMLElement);
    await screen.findByRole('dialog', { name: 'Payment details' });
    expect(screen.queryByRole('button', { name: 'Receipt' })).toBeNull();
  });
});

describe('saving a receipt, asked by a window that does not play by the rules', () => {
  it('is refused for a payment the bank refused, and for another customer’s payment', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    core.printPage = () => Promise.resolve(new Uint8Array([1]));
    const refused = await paid(core, 'rejected');
    expect(await core.call('saveReceipt', { id: refused.id })).toMatchObject({
      ok: false,
      error: { code: 'NO_RECEIPT' },
    });
    const annas = await paid(core);
    core.as('bjorn');
    await core.value('signIn');
    await waitFor(async () =>
      expect(await core.call('saveReceipt', { id: annas.id })).toMatchObject({
        ok: false,
        error: { code: 'PAYMENT_NOT_FOUND' },
      }),
    );
    expect(await core.call('saveReceipt', { id: 'x'.repeat(10_000) })).toMatchObject({ ok: false });
  });

  it('tells a print that failed from a save that failed, and a host that cannot print', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
    const { id } = await paid(core);
    core.printPage = () => Promise.reject(new Error('printer on fire'));
    // The host's words stay in main.
    expect(await core.call('saveReceipt', { id })).toEqual({
      ok: false,
      error: { code: 'PRINT_FAILED', message: 'The PDF could not be made' },
    });
    core.printPage = () => Promise.resolve(new Uint8Array([1]));
    core.saveDialog = 'fail';
    const failed = await core.call('saveReceipt', { id });
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error.code).not.toBe('PRINT_FAILED');
    // A host with no way to print at all.
    delete core.platform.printToPdf;
    expect(await core.call('saveReceipt', { id })).toMatchObject({ ok: false, error: { code: 'CANNOT_PRINT' } });
  });
});
