import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PaymentIntentSchema } from '../../../common/payment.ts';
import { readJournal } from './journal-import.ts';
import { PaymentDatabase, type DatabaseOptions } from './payment-database.ts';
import { StoreFault } from './store-fault.ts';

/** Where a store is made during its import, until it is verified: never where the app opens it. */
const importing = (location: string) => `${location}.importing`;
const sqliteFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`, `${path}-journal`];

/**
 * Makes a customer's store from the journal an earlier release kept (journal-import.ts): every payment and
 * "limit reached" answer written into a new database beside it, read back and compared one by one, and only then
 * moved into place and the journal removed. Anything that fails leaves the journal as it was (and no store), so the
 * next start tries again.
 */
export function importJournal(
  options: DatabaseOptions,
  from: { path: string; dataKey: Uint8Array; binding: string },
): void {
  const temporary = importing(options.location);
  for (const file of sqliteFiles(temporary)) rmSync(file, { force: true });
  const db = new PaymentDatabase({ ...options, location: temporary, mark: undefined });
  try {
    const journal = readJournal(from.path, from.dataKey, from.binding, (id, at) => db.standIn(id, at));
    // Oldest first: the written order breaks ties between payments confirmed in the same millisecond.
    const intents = [...journal.intents].sort((a, b) => a.createdAt - b.createdAt);
    db.putAll(intents, journal.limits);
    const verified =
      db.queries.count() === intents.length &&
      intents.every((intent) => {
        const stored = db.get(intent.id);
        if (!stored) return false;
        const { version: _version, ...rest } = stored;
        return isDeepStrictEqual(rest, PaymentIntentSchema.parse(intent));
      }) &&
      journal.limits.every(({ kennitala, day }) => db.bankLimitReached(kennitala, day));
    if (!verified) throw new StoreFault('STORE_IMPORT_FAILED', 'The imported payments did not read back the same');
  } catch (error) {
    db.close();
    for (const file of sqliteFiles(temporary)) rmSync(file, { force: true });
    throw error instanceof StoreFault
      ? error
      : new StoreFault('STORE_IMPORT_FAILED', 'The old journal could not be imported');
  }
  db.close();
  renameSync(temporary, options.location);
  syncFolder(dirname(options.location));
  for (const file of [from.path, `${from.path}.tmp`, `${from.path}.torn`]) rmSync(file, { force: true });
}

/** The folder's entry for a renamed file, on disk (where the system allows a folder to be synced). */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every system syncs a folder (Windows): the rename is as durable as the system makes it.
  }
}
