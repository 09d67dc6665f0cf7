import { isDeepStrictEqual } from 'node:util';
import type { PaymentIntent } from '../../common/payment.ts';
import { isFinal, restoreMayMove } from '../../common/payment-status.ts';
import type { StoreReader } from './store/store-ops.ts';
import type { PaymentWrites } from './payment-writes.ts';

/**
 * What a payment from a backup file becomes here (issue 38): something to look at, never something to send. Anyone
 * can write a backup file with any passphrase, so nothing in it is the bank's word, and nothing in it may make the app
 * POST a payment: a record that is not final and has no initiation id of the bank's is kept as `unknown` with its sends
 * stopped (`sendsStopped.by = 'restore'`: the customer's online banking and their word decide it); one with the bank's
 * initiation id is kept as accepted, so the app may ask the bank about it by GET, never by a POST. Every record from a
 * file is marked `restoredAt`: a settled one's receipt says it rests on the file, not on the bank.
 */

/** A payment from a file, as it is kept here: see the module's comment. */
export function restoredIntent(incoming: PaymentIntent, profileId: string, now: number): PaymentIntent {
  const { version: _theirs, sendsStopped: _stopped, ...rest } = incoming;
  const intent: PaymentIntent = { ...rest, profileId, restoredAt: now };
  // A final state (common/payment-status.ts): what a file says of it is kept as it is (marked as restored).
  if (isFinal(incoming.state)) return intent;
  if (incoming.initiationId !== undefined) {
    return { ...intent, state: 'accepted', stateTimes: { accepted: incoming.updatedAt, ...incoming.stateTimes } };
  }
  return {
    ...intent,
    state: 'unknown',
    stateTimes: { unknown: incoming.updatedAt, ...incoming.stateTimes },
    sendsStopped: { at: now, by: 'restore' },
  };
}

/**
 * What a payment here becomes when a file holds it too, or undefined to keep it as it is. It is the same payment only
 * with the same request id, order and creation time (a file cannot re-aim or re-date a payment here); it moves only
 * to a more final state that still counts (MAY_FOLLOW), never while it is being sent, never when it is final or
 * damaged here, and keeps its own request id, order, times of creation and first send.
 */
export function mergedIntent(local: PaymentIntent, incoming: PaymentIntent, now: number): PaymentIntent | undefined {
  const same =
    local.requestId === incoming.requestId &&
    local.createdAt === incoming.createdAt &&
    isDeepStrictEqual(local.order, incoming.order);
  if (!same || incoming.updatedAt <= local.updatedAt) return undefined;
  const restored = restoredIntent(incoming, local.profileId, now);
  // Only to a state that still counts against the limit and the duplicate warning (`restoreMayMove`): a file that
  // says "refused" or "not paid" of a payment whose outcome is open here is not believed (a forged one would free the
  // limit and invite a second payment); the customer's online banking decides.
  if (!restoreMayMove(local.state, restored.state)) return undefined;
  const { initiationId, bankStatus, paymentDate, error } = restored;
  const merged: PaymentIntent = {
    ...local,
    state: restored.state,
    stateTimes: { ...local.stateTimes, ...restored.stateTimes },
    updatedAt: Math.max(local.updatedAt, restored.updatedAt),
    attempts: Math.max(local.attempts, restored.attempts),
    restoredAt: now,
    ...(initiationId === undefined ? {} : { initiationId }),
    ...(bankStatus === undefined ? {} : { bankStatus }),
    ...(paymentDate === undefined ? {} : { paymentDate }),
  };
  if (error) merged.error = error;
  else delete merged.error;
  // A state a file moved it to is no longer one the app sends in (accepted is asked about by GET only).
  delete merged.sendsStopped;
  return merged;
}

/**
 * Every time a payment's record names, for the check that a file holds no time after it was made or after now
 * (such a file is damaged, or made to look newer than what is here).
 */
export function timesOf(intent: PaymentIntent): number[] {
  return [
    intent.createdAt,
    intent.updatedAt,
    ...(intent.firstSentAt === undefined ? [] : [intent.firstSentAt]),
    ...Object.values(intent.stateTimes).filter((time): time is number => time !== undefined),
  ];
}

/** Payments read at a time when a restore compares a backup with what is here. */
const RESTORE_PAGE = 1000;

export interface RestoreContext {
  /** The signed-in customer: only their own payments are taken. */
  kennitala: string;
  profileId: string;
  now: number;
  reader: Pick<StoreReader, 'page'>;
  writes: Pick<PaymentWrites, 'restored'>;
  /** A payment being sent or asked about now: left as it is. */
  busy(id: string): boolean;
}

/**
 * Payments from a backup file merged into the customer's store: one not here is added as `restoredIntent` makes it;
 * one here changes only as `mergedIntent` allows, never while it is being sent or asked about. The same id twice in a
 * file is one payment (the first). Only the signed-in customer's own are taken. Synced once, at the end.
 */
export async function restorePayments(
  intents: readonly PaymentIntent[],
  context: RestoreContext,
): Promise<{ added: number; updated: number }> {
  const { kennitala, profileId, now, reader, writes } = context;
  // What is here, read a page at a time (one question per payment would take minutes for a long history).
  const here = new Map<string, PaymentIntent>();
  for (let offset = 0, total = 1; offset < total; offset += RESTORE_PAGE) {
    const page = await reader.page({ offset, limit: RESTORE_PAGE });
    total = page.total;
    for (const intent of page.items) here.set(intent.id, intent);
    if (page.items.length === 0) break;
  }
  const seen = new Set<string>();
  const chosen: { intent: PaymentIntent; known: boolean }[] = [];
  for (const incoming of intents) {
    if (seen.has(incoming.id)) continue;
    seen.add(incoming.id);
    if (incoming.order.debtorKennitala !== kennitala || context.busy(incoming.id)) continue;
    const local = here.get(incoming.id);
    if (local?.state === 'sending') continue;
    const intent = local ? mergedIntent(local, incoming, now) : restoredIntent(incoming, profileId, now);
    if (intent) chosen.push({ intent, known: local !== undefined });
  }
  for (const [index, { intent }] of chosen.entries()) {
    await writes.restored(intent, { sync: index === chosen.length - 1 });
  }
  const updated = chosen.filter((write) => write.known).length;
  return { added: chosen.length - updated, updated };
}
