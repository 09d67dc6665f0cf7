import type { DatabaseSync } from 'node:sqlite';

/**
 * The payment database's schema, as numbered steps. A database records the last step it has had in SQLite's
 * `user_version`; opening one runs the steps after it, each in its own transaction with the new number, so a step
 * cut short by a crash is run again from its start. Steps are only ever added at the end, never changed.
 *
 * What is in clear is what a query needs and nothing a customer typed or a bank returned: times, the GMT day a
 * payment counts on, its state, a keyed tag of its payee (for "paid before") and the sequence numbers
 * the store's integrity is checked by (see payment-database.ts), and the payment's own id (random, made by the app,
 * so that a row that no longer opens is still told apart). The payment itself is in `sealed`.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: payments, the bank's "limit reached" answers, and the store's identity and head.
  `CREATE TABLE meta (name TEXT PRIMARY KEY, value BLOB NOT NULL) STRICT;
   CREATE TABLE payments (
     id TEXT NOT NULL UNIQUE,
     created_at INTEGER NOT NULL,
     first_seq INTEGER NOT NULL,
     seq INTEGER NOT NULL,
     day TEXT NOT NULL,
     state TEXT NOT NULL,
     payee TEXT NOT NULL,
     sealed BLOB NOT NULL,
     prior_seq INTEGER,
     prior BLOB
   ) STRICT;
   CREATE INDEX payments_order ON payments (created_at, first_seq);
   CREATE INDEX payments_day ON payments (day);
   CREATE INDEX payments_state ON payments (state);
   CREATE INDEX payments_paid ON payments (payee, state);
   CREATE TABLE bank_limits (tag TEXT PRIMARY KEY, seq INTEGER NOT NULL, sealed BLOB NOT NULL) STRICT;`,
  // 2 (issue 38): which payment was confirmed for which occurrence of a payment that comes due (due-links.ts).
  `CREATE TABLE due_links (tag TEXT PRIMARY KEY, due TEXT NOT NULL, seq INTEGER NOT NULL, sealed BLOB NOT NULL) STRICT;
   CREATE INDEX due_links_due ON due_links (due);`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export class NewerStoreError extends Error {
  readonly version: number;
  constructor(version: number) {
    super(`The payment store was written by a newer version of the app (schema ${version})`);
    this.name = 'NewerStoreError';
    this.version = version;
  }
}

/** Brings a database up to SCHEMA_VERSION; refuses one a newer app wrote (its steps are unknown here). */
export function migrate(db: DatabaseSync, steps: readonly string[] = MIGRATIONS): void {
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (version > steps.length) throw new NewerStoreError(version);
  for (let step = version; step < steps.length; step += 1) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(steps[step] ?? '');
      db.exec(`PRAGMA user_version = ${step + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
