import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../../common/payment.ts';
import { testStore, type TestStore } from '../../../support/payment-store.ts';
import { paymentRecord } from '../../../support/seed-payments.ts';

/** A payment's row as it is in the store's file (the columns put back). */
interface OldRow {
  seq: number;
  state: string;
  sealed: Uint8Array;
  prior_seq: number | null;
  prior: Uint8Array | null;
}
/**
 * Issue 38, item 4: a row whose clear columns were changed (moved to another day, renamed, its numbers raised), or an
 * older version of a row put back while another's number is raised to keep the head's sums, no longer opens. Before,
 * such a row read as `damaged` on the day it was filed under and the store stayed trusted: the payment left today's
 * limit and the duplicate warning. Now the store is flagged (`damagedRows`) once the row is read (every row is, by
 * the worker's search copy; `complete` waits for it), the flag stays until the customer accepts the history, and
 * meanwhile the row counts as uncertain on any day the limit is asked about.
 */
const ANNA = '1203852089';
const NOON = Date.parse('2026-11-22T12:00:00Z');
const TODAY = '2026-11-22';

const payment = (n: number, extra: Partial<PaymentIntent> = {}): PaymentIntent => {
  const base = paymentRecord(n, { state: 'confirmed', createdAt: NOON + n });
  return { ...base, order: { ...base.order, debtorKennitala: ANNA, amount: 4000 + n }, ...extra };
};

/** The store closed, `edit` run on its file (as someone with the data folder would), and opened again. */
async function edited(disk: TestStore, edit: (db: DatabaseSync) => void) {
  await disk.store.close();
  const db = new DatabaseSync(disk.options.location);
  edit(db);
  db.close();
  return disk.reopen();
}

/** A payment confirmed, then settled: its row holds the state before too (its amount is known if the row is damaged). */
async function paid(disk: TestStore, n: number): Promise<PaymentIntent> {
  const confirmed = payment(n);
  await disk.store.save(confirmed);
  const settled: PaymentIntent = { ...confirmed, state: 'settled', firstSentAt: NOON + n, initiationId: `i${n}` };
  await disk.store.save(settled);
  return settled;
}

describe('a row changed or put back in the payment store', () => {
  it('moved to another day: the store is flagged, and the payment counts on today until the customer has checked', async () => {
    const disk = await testStore(ANNA);
    const moved = await paid(disk, 1);
    expect((await disk.store.usedBy(TODAY, ANNA)).spent).toBe(4001);
    const store = await edited(disk, (db) =>
      db.prepare("UPDATE payments SET day = '2026-11-01' WHERE id = ?").run(moved.id),
    );

    expect(await store.integrity({ complete: true })).toEqual({ trusted: false, problem: 'damagedRows' });
    // Not on today's list any more, but counted on today: its amount is known from its state before.
    expect(await store.usedBy(TODAY, ANNA)).toEqual({ held: 0, uncertain: 4001, spent: 0 });
    expect(await store.usedBy('2026-11-23', ANNA)).toEqual({ held: 0, uncertain: 4001, spent: 0 });
    // Found once, flagged for good: the next start says so at once, before any row is read again.
    const again = await disk.reopen();
    expect(await again.integrity()).toEqual({ trusted: false, problem: 'damagedRows' });

    // The customer checked at the bank: trusted, and the damaged row counts on the day it is filed under only.
    expect(await again.accept()).toEqual({ trusted: true });
    expect(await again.usedBy(TODAY, ANNA)).toEqual({ held: 0, uncertain: 0, spent: 0 });
    expect((await again.usedBy('2026-11-01', ANNA)).uncertain).toBe(4001);
    expect(await (await disk.reopen()).integrity({ complete: true })).toEqual({ trusted: true });
  });

  it('renamed: the store is flagged', async () => {
    const disk = await testStore(ANNA);
    const renamed = await paid(disk, 1);
    await paid(disk, 2);
    const store = await edited(disk, (db) =>
      db.prepare("UPDATE payments SET id = 'another-id' WHERE id = ?").run(renamed.id),
    );
    expect(await store.integrity({ complete: true })).toEqual({ trusted: false, problem: 'damagedRows' });
  });

  it("one row's older version put back, another's number raised to keep the head's sums: the store is flagged", async () => {
    const disk = await testStore(ANNA);
    const other = payment(2);
    await disk.store.save(other);
    const first = payment(1);
    await disk.store.save(first);
    // The copy of the first payment's row as it was when it was only confirmed.
    await disk.store.close();
    const before = new DatabaseSync(disk.options.location);
    const old = before.prepare('SELECT * FROM payments WHERE id = ?').get(first.id) as unknown as OldRow;
    before.close();
    const store0 = await disk.reopen();
    await store0.save({ ...first, state: 'settled', firstSentAt: NOON, initiationId: 'i1' });

    const store = await edited(disk, (db) => {
      const now = db.prepare('SELECT seq FROM payments WHERE id = ?').get(first.id) as { seq: number };
      db.prepare('UPDATE payments SET seq = ?, state = ?, sealed = ?, prior_seq = ?, prior = ? WHERE id = ?').run(
        old.seq,
        old.state,
        old.sealed,
        old.prior_seq,
        old.prior,
        first.id,
      );
      // The sum the head keeps is whole again.
      db.prepare('UPDATE payments SET seq = seq + ? WHERE id = ?').run(now.seq - old.seq, other.id);
    });
    expect(await store.get(first.id)).toMatchObject({ state: 'confirmed' });
    expect(await store.integrity({ complete: true })).toEqual({ trusted: false, problem: 'damagedRows' });
  });

  it('any clear column of any row changed to anything else: the store is not trusted once every row is read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('id', 'day', 'state', 'payee', 'created_at', 'first_seq', 'seq'),
        fc.integer({ min: 1, max: 1_000_000 }),
        async (which, column, value) => {
          const disk = await testStore(ANNA);
          const ids: string[] = [];
          for (let n = 0; n < 4; n += 1) ids.push((await paid(disk, n)).id);
          const store = await edited(disk, (db) => {
            const row = db.prepare(`SELECT ${column} AS value FROM payments WHERE id = ?`).get(ids[which] ?? '') as {
              value: string | number;
            };
            const next =
              typeof row.value === 'number'
                ? row.value + value
                : column === 'day'
                  ? `2026-${String(1 + (value % 12)).padStart(2, '0')}-0${1 + (value % 9)}`
                  : column === 'state'
                    ? (['confirmed', 'rejected', 'dropped', 'accepted'] as const)[value % 4]
                    : `${row.value}${value}`;
            if (next === row.value) return;
            db.prepare(`UPDATE payments SET ${column} = ? WHERE id = ?`).run(next ?? '', ids[which] ?? '');
          });
          const integrity = await store.integrity({ complete: true });
          await store.close();
          return integrity.trusted === false;
        },
      ),
      { numRuns: 40 },
    );
  });
});
