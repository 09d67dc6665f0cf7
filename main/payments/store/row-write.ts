import type { StatementSync } from 'node:sqlite';
import type { PaymentIntent } from '../../../common/payment.ts';
import type { PaymentRow, PaymentRows } from './payment-rows.ts';
import type { RowSeal } from './row-seal.ts';
import { countedDay, payeeKey } from './store-contract.ts';

interface Store {
  sql: (text: string) => StatementSync;
  seal: RowSeal;
  rows: PaymentRows;
  columns: string;
}

/**
 * A payment's row written as change `seq`, within the caller's transaction (payment-database.ts): the payment sealed
 * with its clear columns bound in, and over a row that was there (`existing`, which read as `before`), that payment
 * sealed on its own as the state before.
 */
export function writeRow(
  { sql, seal, rows, columns }: Store,
  change: { intent: PaymentIntent; seq: number; existing: PaymentRow | undefined; before: PaymentIntent | undefined },
): { row: Omit<PaymentRow, 'sealed' | 'prior' | 'prior_seq'>; sealed: Uint8Array; written: PaymentIntent } {
  const { intent, seq, existing, before } = change;
  const row = {
    id: intent.id,
    created_at: intent.createdAt,
    first_seq: existing?.first_seq ?? seq,
    seq,
    day: countedDay(intent),
    state: intent.state,
    payee: seal.tag(payeeKey(intent.order)),
  };
  const written = { ...intent, version: seq };
  const sealed = seal.seal(JSON.stringify(written), rows.rowBound(row));
  const prior = existing && before && seal.seal(JSON.stringify(before), rows.priorBound(intent.id, existing.seq));
  if (existing && existing.created_at === row.created_at && existing.payee === row.payee) {
    // A change of state: only what it can change, so the indexes of what it cannot (time, payee) stay as they are.
    sql('UPDATE payments SET seq = ?, day = ?, state = ?, sealed = ?, prior_seq = ?, prior = ? WHERE id = ?').run(
      seq,
      row.day,
      row.state,
      sealed,
      existing.seq,
      prior ?? null,
      row.id,
    );
  } else {
    sql(
      `INSERT INTO payments (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET
         created_at = excluded.created_at, first_seq = excluded.first_seq, seq = excluded.seq, day = excluded.day,
         state = excluded.state, payee = excluded.payee, sealed = excluded.sealed, prior_seq = excluded.prior_seq,
         prior = excluded.prior`,
    ).run(
      row.id,
      row.created_at,
      row.first_seq,
      seq,
      row.day,
      row.state,
      row.payee,
      sealed,
      existing?.seq ?? null,
      prior ?? null,
    );
  }
  return { row, sealed, written };
}
