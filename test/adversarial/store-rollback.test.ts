import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { UNTRUSTED_HISTORY } from '../../common/payment-status.ts';
import { payThroughCore, storeFiles } from '../support/store-files.ts';
import {
  draftFrom,
  inProcessWallet as walletFixture,
  type InProcessWallet as WalletFixture,
} from '../support/in-process-wallet.ts';

/**
 * Issue 28: someone with the data folder puts back an older copy of a customer's payment store, or removes a
 * payment's record, while the app is closed. Before the database, the app took the older copy as current and paid
 * the same payment again with no warning. Now the store is found behind the mark kept outside it, or short of what
 * its sealed head counts: the customer is told, every payment meets the duplicate warning until they have checked
 * at their bank, and nothing is sent again by the app on its own.
 */
let fixture: WalletFixture;
afterEach(() => fixture.close());

function copyStore(dataDir: string, suffix: string): void {
  for (const file of storeFiles(dataDir)) if (existsSync(file)) copyFileSync(file, `${file}${suffix}`);
}

function putBack(dataDir: string, suffix: string): void {
  for (const file of storeFiles(dataDir)) {
    rmSync(file, { force: true });
    if (existsSync(`${file}${suffix}`)) copyFileSync(`${file}${suffix}`, file);
  }
}

const pay = (amount: number) => payThroughCore(fixture, amount);

const creates = () =>
  fixture.sandbox.requests().filter((entry) => entry.method === 'POST' && /CreditTransfers$/.test(entry.path));

describe('a payment store put back or cut short', () => {
  it('an older copy put back: the customer is told, and the payment it lost meets the duplicate warning', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    await pay(1500);
    await fixture.wallet.close();
    copyStore(fixture.dataDir, '.older');
    await fixture.restart();
    const lost = await pay(2000);
    expect(lost.state).toBe('settled');
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: true });
    await fixture.wallet.close();
    putBack(fixture.dataDir, '.older');
    await fixture.restart();

    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
    // The 2 000 the copy does not hold: paying it again is not quietly allowed.
    const again = await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 2000));
    expect(again.duplicate).toMatchObject({ intentId: UNTRUSTED_HISTORY, kind: 'untrusted', amount: 2000 });
    const unacknowledged = await fixture.call('confirmPayment', { draft: draftFrom('anna', 'bjorn', 2000) });
    expect(unacknowledged).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NOT_ACKNOWLEDGED' } });
    // Any payment, not only that one: the app cannot know what else the copy lost.
    expect((await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 7))).duplicate?.kind).toBe('untrusted');
    const acknowledged = await fixture.value('confirmPayment', {
      draft: draftFrom('anna', 'bjorn', 2000),
      acknowledgeDuplicate: UNTRUSTED_HISTORY,
    });
    expect(acknowledged.acknowledgedDuplicateOf).toBe(UNTRUSTED_HISTORY);

    // Checked at the bank: trusted from here on, across a restart; what the copy lost stays lost.
    expect(await fixture.value('acceptHistory')).toEqual({ trusted: true });
    expect((await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 7))).duplicate).toBeUndefined();
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: true });
    const ids = (await fixture.value('historyPage', {})).items.map((item) => item.id);
    expect(ids).not.toContain(lost.id);
  });

  it("a payment's record removed: the store is found short, and the same payment meets the duplicate warning", async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const paid = await pay(1500);
    await fixture.wallet.close();
    const [store = ''] = storeFiles(fixture.dataDir);
    const db = new DatabaseSync(store);
    db.prepare('DELETE FROM payments WHERE id = ?').run(paid.id);
    db.close();
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'gap' });
    expect((await fixture.value('historyPage', {})).total).toBe(0);
    const again = await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 1500));
    expect(again.duplicate).toMatchObject({ kind: 'untrusted', intentId: UNTRUSTED_HISTORY });
  });

  it('the whole store removed, or its mark removed from the settings, is noticed too', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    await pay(1500);
    await fixture.wallet.close();
    for (const file of storeFiles(fixture.dataDir)) rmSync(file, { force: true });
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
    // Not by itself at the next start either: a payment made meanwhile moves no mark onto the new store.
    await pay(200);
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
    expect(await fixture.value('acceptHistory')).toEqual({ trusted: true });
    await pay(300);
    await fixture.wallet.close();
    fixture.platform.store.delete('payments.storeMarks');
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
  });

  it('a payment whose outcome is not known is not sent again by the app on its own while the store is not trusted', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const other = await pay(100);
    fixture.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const lost = await pay(1500);
    expect(lost.state).toBe('unknown');
    await fixture.wallet.close();
    const [store = ''] = storeFiles(fixture.dataDir);
    const db = new DatabaseSync(store);
    db.prepare('DELETE FROM payments WHERE id = ?').run(other.id);
    db.close();
    await fixture.restart();
    const before = creates().length;
    // Long past the follow-up's first wait: a trusted store's payment would be asked about (sent again) now.
    fixture.sandbox.clock.advanceSeconds(10 * 60);
    await fixture.wallet.tick();
    await fixture.wallet.idle();
    expect(creates()).toHaveLength(before);
    expect((await fixture.value('getPayment', { id: lost.id })).state).toBe('unknown');
    // Once the customer has checked, the app follows it up again.
    await fixture.value('acceptHistory');
    await fixture.wallet.tick();
    await fixture.wallet.idle();
    expect(creates().length).toBeGreaterThan(before);
    expect(fixture.sandbox.initiations().filter((initiation) => initiation.requestId === lost.requestId)).toHaveLength(
      1,
    );
  });
});
