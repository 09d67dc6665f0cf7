import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { draftFrom, type InProcessWallet } from './in-process-wallet.ts';

/**
 * Issue 28, as someone with the data folder does it while the app is closed: an older copy of the customer's payment
 * store put back, or a payment's record removed (test/adversarial/store-rollback.test.ts drives the core alone; the
 * renderer's tests and the browser specs use these to show the customer what main found).
 */

/** The customer's store and its log, as files (one customer signed in). */
export function storeFiles(dataDir: string): string[] {
  const [store] = readdirSync(join(dataDir, 'payments'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => join(dataDir, 'payments', name));
  if (!store) throw new Error('no store');
  return [store, `${store}-wal`, `${store}-shm`];
}

/** A payment from Anna to Björn through the core, acknowledging whatever warning it meets. */
export async function payThroughCore(core: InProcessWallet, amount: number) {
  const draft = draftFrom('anna', 'bjorn', amount);
  const checked = await core.value('validatePayment', draft);
  const acknowledgeDuplicate = checked.duplicate?.intentId;
  const confirmed = await core.value('confirmPayment', {
    draft,
    ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}),
  });
  return core.value('submitPayment', { id: confirmed.id });
}

/**
 * The store copied now, then `later` runs (more payments), then the copy is put back and the core started again:
 * main finds its history older than its mark ('older').
 */
export async function putBackOlderCopy(core: InProcessWallet, later: () => Promise<unknown>): Promise<void> {
  await core.wallet.close();
  for (const file of storeFiles(core.dataDir)) if (existsSync(file)) copyFileSync(file, `${file}.older`);
  await core.restart();
  await later();
  await core.wallet.close();
  for (const file of storeFiles(core.dataDir)) {
    rmSync(file, { force: true });
    if (existsSync(`${file}.older`)) copyFileSync(`${file}.older`, file);
  }
  await core.restart();
}

/** One payment's record removed from the store, and the core started again: main finds a gap ('gap'). */
export async function removeRecord(core: InProcessWallet, id: string): Promise<void> {
  await core.wallet.close();
  const [store = ''] = storeFiles(core.dataDir);
  const db = new DatabaseSync(store);
  db.prepare('DELETE FROM payments WHERE id = ?').run(id);
  db.close();
  await core.restart();
}
