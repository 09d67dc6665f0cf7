import type { PaymentIntent } from '../../../common/payment.ts';
import type { OpenStore } from './store-op.ts';

/** At most this many sends begun are kept waiting for their answer (one a payment; a few at once in practice). */
const RESERVED_KEPT = 256;

/**
 * A payment written, for the table's rows (store-ops.ts); the mark comes back only when the write was synced (what
 * is on disk for sure). `reserve`: a send's first write, which keeps the number after its own for the send's answer;
 * `over`: that answer, written in the number kept for it if the send begun at that version still waits for it.
 */
export function saved(
  store: OpenStore,
  intent: PaymentIntent,
  sync: boolean,
  how: { reserve?: true; over?: number } = {},
) {
  const { db, cache, reserved } = store;
  const kept = how.over !== undefined && reserved.get(intent.id) === how.over ? how.over + 1 : undefined;
  // Forgotten once written (a write that failed keeps the number for the answer asked again).
  const version = db.save(intent, sync, { checked: true, kept, reserve: how.reserve });
  reserved.delete(intent.id);
  if (how.reserve) reserved.set(intent.id, version);
  if (reserved.size > RESERVED_KEPT) reserved.delete(reserved.keys().next().value ?? '');
  cache.saved({ ...intent, version });
  return sync ? { version, mark: db.mark } : { version };
}

/**
 * A send's answer (issue 40), over its "sending" at version `over`: in the number kept for it while nothing changed
 * the payment since; in the next where the store holds that very version without a number kept for it (the store
 * was opened again since); not at all where the payment has changed since (a later change was made from this very
 * answer, or from what the store holds): an answer is never written over a newer change. `written` says which.
 */
export function sendAnswered(store: OpenStore, intent: PaymentIntent, over: number) {
  if (store.reserved.get(intent.id) !== over) {
    const current = store.db.get(intent.id);
    if (current?.version !== undefined && current.state !== 'damaged' && current.version !== over) {
      return { version: current.version, written: false };
    }
  }
  return { ...saved(store, intent, false, { over }), written: true };
}
