import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackupPayload } from '../../common/backup.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import { FAST_TEST_BACKUP_KDF, openBackup, sealBackup } from '../../main/backup/backup-file.ts';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { INITIATIONS_PATH } from '../../sandbox/index.ts';
import { CUSTOMERS, draftFrom, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 38, item 1, in the window: what a backup file brings in is shown, never sent. A payment from a file that is
 * not final (and has no initiation id of the bank's) is shown as "look in your online banking", with the customer's
 * word as the way forward and no way to send it; a state the file gave a payment (a "settled" one anybody could have
 * written) is marked as from a backup in History, and its receipt says it is not the bank's word.
 */
const wallets = walletsPerTest(NOON);
historyListShows(5);
type Language = 'en' | 'is';
const PASSPHRASE = 'kaffi með mjólk á morgnana';
const t = (language: Language, key: MessageKey, params?: Record<string, string | number>) =>
  translate(language, key, params);

/** A payment of Anna's to Björn as a file may hold it, in a state of the file's choosing, from an hour ago. */
function fromFile(state: PaymentIntent['state'], amount: number): PaymentIntent {
  const at = Date.parse(NOON) - 3_600_000;
  return {
    id: `file-${state}`,
    profileId: 'local-sandbox',
    order: {
      debtorKennitala: CUSTOMERS.anna.kennitala,
      debtorAccount: '013326012345',
      depositKennitala: CUSTOMERS.bjorn.kennitala,
      depositAccount: '013326020001',
      amount,
      endToEndId: '',
      extendedReference: '',
      payeeName: 'Björn',
    },
    requestId: `File${state}`.padEnd(32, '0').slice(0, 32),
    state,
    stateTimes: { confirmed: at, [state]: at },
    createdAt: at,
    updatedAt: at,
    firstSentAt: at,
    attempts: 1,
  };
}

/** Anna signed in, with one payment the bank settled here, and a backup restored that holds `payments`. */
async function withRestored(language: Language, payments: PaymentIntent[]): Promise<InProcessWallet> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 900) });
  expect((await core.value('submitPayment', { id })).state).toBe('settled');
  const saved = await core.value('exportBackup', { passphrase: PASSPHRASE });
  const opened = await openBackup(readFileSync(join(core.dataDir, 'saved', saved.fileName ?? '')), PASSPHRASE);
  if (!opened.ok) throw new Error(opened.error);
  const payload = JSON.parse(opened.plain) as BackupPayload;
  payload.payments = payments;
  const file = await sealBackup(JSON.stringify(payload), PASSPHRASE, {
    kdf: FAST_TEST_BACKUP_KDF,
    now: Date.parse(NOON),
  });
  await core.value('restoreBackup', { file: file.toString('base64'), passphrase: PASSPHRASE });
  return core;
}

/** The History row of the payment of this amount. */
async function rowOf(amount: RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByTestId('history-row').find((row) => amount.test(row.textContent ?? ''));
    expect(found).toBeDefined();
  });
  return found!;
}

const posts = () =>
  wallets
    .sandbox()
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

describe.each(['en', 'is'] as const)('a payment from a backup (%s)', (language) => {
  it('not final: look in your online banking, the customer’s word, nothing to send it with', async () => {
    const core = await withRestored(language, [fromFile('unknown', 4000)]);
    const before = posts().length;
    const { user, container } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: t(language, 'nav.history') }));
    const row = await rowOf(/4[.,]000/);
    expect(
      within(row).getByText(t(language, 'history.fromBackup', { state: t(language, 'history.state.unknown') })),
    ).toBeTruthy();
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: t(language, 'history.detail.title') });
    const status = within(dialog).getByTestId('payment-status');
    expect(status.dataset['shown']).toBe('unknownRestored');
    expect(within(status).getByRole('heading', { level: 3 }).textContent).toBe(
      t(language, 'status.unknownRestored.title'),
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual([
      t(language, 'status.action.declarePaid'),
      t(language, 'status.action.declareNotPaid'),
      // The customer's private note (issue 42): theirs to write on any payment, nothing to do with sending.
      t(language, 'history.note.save'),
      t(language, 'action.close'),
    ]);
    await expectAxeClean(container);
    // The customer looked: it went through. Their word, never a send.
    await user.click(within(dialog).getByRole('button', { name: t(language, 'status.action.declarePaid') }));
    await waitFor(() => expect(status.dataset['shown']).toBe('declaredPaid'));
    expect(posts()).toHaveLength(before);
  });

  it('settled by the file’s word: marked as from a backup, and its receipt says it is not the bank’s', async () => {
    const core = await withRestored(language, [fromFile('settled', 4000)]);
    const { user, container } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: t(language, 'nav.history') }));
    const paid = t(language, 'history.state.settled');
    const restored = await rowOf(/4[.,]000/);
    expect(within(restored).getByText(t(language, 'history.fromBackup', { state: paid }))).toBeTruthy();
    // The payment the bank settled here is the bank's word: no mark.
    const own = await rowOf(/900/);
    expect(within(own).getByText(paid)).toBeTruthy();

    await user.click(restored);
    let dialog = await screen.findByRole('dialog', { name: t(language, 'history.detail.title') });
    expect(within(dialog).getByText(t(language, 'history.fromBackup', { state: paid }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t(language, 'receipt.open') }));
    const receipt = within(await screen.findByTestId('receipt-panel')).getByTestId('receipt');
    expect(within(receipt).getByText(t(language, 'receipt.fromBackup'))).toBeTruthy();
    await expectAxeClean(container);
    await user.click(
      within(screen.getByTestId('receipt-panel')).getByRole('button', { name: t(language, 'action.close') }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t(language, 'action.close') }));

    await user.click(await rowOf(/900/));
    dialog = await screen.findByRole('dialog', { name: t(language, 'history.detail.title') });
    await user.click(within(dialog).getByRole('button', { name: t(language, 'receipt.open') }));
    const bankReceipt = within(await screen.findByTestId('receipt-panel')).getByTestId('receipt');
    expect(within(bankReceipt).queryByText(t(language, 'receipt.fromBackup'))).toBeNull();
  });
});
