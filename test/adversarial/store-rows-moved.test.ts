import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { UNTRUSTED_HISTORY } from '../../common/payment-status.ts';
import { payThroughCore, storeFiles } from '../support/store-files.ts';
import {
  draftFrom,
  inProcessWallet as walletFixture,
  type InProcessWallet as WalletFixture,
} from '../support/in-process-wallet.ts';

/** A payment's row as it is in the store's file (the columns put back). */
interface OldRow {
  seq: number;
  state: string;
  sealed: Uint8Array;
  prior_seq: number | null;
  prior: Uint8Array | null;
}
/**
 * Issue 38, item 4: someone with the data folder, while the app is closed, moves a settled payment's row to another
 * day, renames it, or puts back one row's older version while raising another's number so the head's sums agree.
 * Before, the store stayed trusted: the moved payment left today's limit and the duplicate warning, and the same
 * payment went through again without a word. Now a row that does not open flags the store (`damagedRows`) once it is
 * read (every row is, by the store's worker, within seconds of the start; a history search waits for that), and it
 * counts on today's limit as uncertain until the customer has checked at their bank.
 */
let fixture: WalletFixture;
afterEach(() => fixture.close());

/** The store edited on disk while the app is closed, then the app started again. */
async function edit(sql: (db: DatabaseSync) => void): Promise<void> {
  await fixture.wallet.close();
  const [store = ''] = storeFiles(fixture.dataDir);
  const db = new DatabaseSync(store);
  sql(db);
  db.close();
  await fixture.restart();
}

/** Every row read by the store's worker, as it does by itself after the start (a search needs them all). */
const readEveryRow = () => fixture.value('historyPage', { filter: { text: 'anything' } });

describe('a row of the payment store moved, renamed or put back', () => {
  it('moved to another day: the store is flagged, and paying the same again is warned and counted', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const paid = await payThroughCore(fixture, 4000);
    expect(paid.state).toBe('settled');
    const before = await fixture.value('dailyLimit');
    await edit((db) => db.prepare("UPDATE payments SET day = '2026-10-01' WHERE id = ?").run(paid.id));

    await readEveryRow();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'damagedRows' });
    const again = await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 4000));
    expect(again.duplicate).toMatchObject({ kind: 'untrusted', intentId: UNTRUSTED_HISTORY });
    // Still counted today, as a payment that may have gone.
    const limit = await fixture.value('dailyLimit');
    expect(limit.used).toBe(before.used);
    expect(limit.uncertain).toBe(4000);
    // And at the next start, before any row is read again.
    await fixture.restart();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'damagedRows' });

    expect(await fixture.value('acceptHistory')).toEqual({ trusted: true });
    await fixture.restart();
    await readEveryRow();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: true });
  });

  it('renamed: the store is flagged', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const paid = await payThroughCore(fixture, 4000);
    await edit((db) => db.prepare("UPDATE payments SET id = 'renamed' WHERE id = ?").run(paid.id));
    await readEveryRow();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'damagedRows' });
  });

  it("an older version of one row put back while another's number is raised: the store is flagged", async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const other = await payThroughCore(fixture, 100);
    const draft = draftFrom('anna', 'bjorn', 4000);
    const confirmed = await fixture.value('confirmPayment', { draft });
    await fixture.wallet.close();
    const [store = ''] = storeFiles(fixture.dataDir);
    const copy = new DatabaseSync(store);
    const old = copy.prepare('SELECT * FROM payments WHERE id = ?').get(confirmed.id) as unknown as OldRow;
    copy.close();
    await fixture.restart();
    expect((await fixture.value('submitPayment', { id: confirmed.id })).state).toBe('settled');

    await edit((db) => {
      const now = db.prepare('SELECT seq FROM payments WHERE id = ?').get(confirmed.id) as { seq: number };
      db.prepare('UPDATE payments SET seq = ?, state = ?, sealed = ?, prior_seq = ?, prior = ? WHERE id = ?').run(
        old.seq,
        old.state,
        old.sealed,
        old.prior_seq,
        old.prior,
        confirmed.id,
      );
      db.prepare('UPDATE payments SET seq = seq + ? WHERE id = ?').run(now.seq - old.seq, other.id);
    });
    // The paid payment reads as confirmed, not sent, again: the store must not be trusted.
    expect((await fixture.value('getPayment', { id: confirmed.id })).state).toBe('confirmed');
    await readEveryRow();
    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'damagedRows' });
    const again = await fixture.value('validatePayment', draft);
    expect(again.duplicate).toMatchObject({ kind: 'untrusted', intentId: UNTRUSTED_HISTORY });
  });
});
