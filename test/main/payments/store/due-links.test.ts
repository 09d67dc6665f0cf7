import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { StoreHost } from '../../../../main/payments/store/store-host.ts';
import { testFolder } from '../../../support/temp-folder.ts';
import { testStore, type TestStore } from '../../../support/payment-store.ts';
import { confirmedPayment } from '../../../support/seed-payments.ts';

/**
 * Issue 38, item 5: the payment store links each occurrence of a payment that comes due to the payment confirmed for
 * it (due-links.ts), beside the payments and counted by the store's head, so the link outlives a due record put back
 * older, and a link removed, put back or edited is noticed as any row is.
 */
const ANNA = '1203852089';
const NOON = Date.parse('2026-11-22T12:00:00Z');
const payment = confirmedPayment;

async function edited(disk: TestStore, sql: string) {
  await disk.store.close();
  const db = new DatabaseSync(disk.options.location);
  db.exec(sql);
  db.close();
  return disk.reopen();
}

async function linked(disk: TestStore) {
  const paid = payment(1);
  await disk.store.save(paid);
  await disk.store.linkDue({ dueId: 'due-1', date: '2026-11-22', intentId: paid.id });
  await disk.store.save({ ...paid, state: 'settled', firstSentAt: NOON, initiationId: 'i1' });
  return paid;
}

describe('the links of due occurrences to payments', () => {
  it('are kept, synced and under the mark, with the payment state now; an occurrence keeps its first link', async () => {
    const disk = await testStore(ANNA);
    const paid = await linked(disk);
    const mark = disk.mark()?.seq ?? 0;
    await disk.store.linkDue({ dueId: 'due-1', date: '2026-11-22', intentId: 'another' });
    expect(disk.mark()?.seq).toBe(mark);
    const store = await disk.reopen();
    expect(await store.dueLinks('due-1')).toEqual([
      { dueId: 'due-1', date: '2026-11-22', intentId: paid.id, state: 'settled' },
    ]);
    expect(await store.dueLinks('due-2')).toEqual([]);
    expect(await store.integrity()).toEqual({ trusted: true });
  });

  it('a link removed: the store is short (gap); its payment removed: the link says it is gone', async () => {
    const disk = await testStore(ANNA);
    await linked(disk);
    expect(await (await edited(disk, 'DELETE FROM due_links')).integrity()).toEqual({ trusted: false, problem: 'gap' });

    const other = await testStore(ANNA);
    const paid = await linked(other);
    const store = await edited(other, `DELETE FROM payments WHERE id = '${paid.id}'`);
    expect(await store.integrity()).toEqual({ trusted: false, problem: 'gap' });
    expect((await store.dueLinks('due-1'))[0]).toMatchObject({ intentId: paid.id, state: undefined });
  });

  it('a link edited to point elsewhere does not open: the store is flagged', async () => {
    const disk = await testStore(ANNA);
    await linked(disk);
    await disk.store.save(payment(2));
    await disk.store.linkDue({ dueId: 'due-1', date: '2026-12-22', intentId: payment(2).id });
    // The second occurrence's sealed link put in place of the first's.
    const store = await edited(
      disk,
      `UPDATE due_links SET sealed = (SELECT sealed FROM due_links ORDER BY seq DESC LIMIT 1)
         WHERE seq = (SELECT min(seq) FROM due_links)`,
    );
    expect((await store.dueLinks('due-1')).map((link) => link.date)).toEqual(['2026-12-22']);
    expect(await store.integrity()).toEqual({ trusted: false, problem: 'damagedRows' });
  });

  it('go with the payments when a store kept in memory moves to a file', async () => {
    const host = new StoreHost({ inline: true });
    onTestFinished(() => host.stop());
    const place = { key: new Uint8Array(randomBytes(32)), binding: 'local/moving', owner: ANNA, profileId: 'local' };
    const store = await host.open({ ...place, location: ':memory:' }, () => undefined);
    await store.save(payment(1));
    await store.linkDue({ dueId: 'due-1', date: '2026-11-22', intentId: payment(1).id });
    await store.moveTo({ ...place, location: join(testFolder('a2a-moved'), 'moved.sqlite') }, () => undefined);
    expect(await store.dueLinks('due-1')).toEqual([
      { dueId: 'due-1', date: '2026-11-22', intentId: payment(1).id, state: 'confirmed' },
    ]);
  });
});
