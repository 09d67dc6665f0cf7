import { z } from 'zod';
import type { PaymentIntent, PaymentOrder } from '../../../common/payment.ts';
import type { LimitEffect } from '../../../common/payment-rules.ts';
import { gmtDay } from '../../../common/time.ts';
import type { DueLink } from './due-links.ts';

/** A due occurrence's payment, as the store links them (due-links.ts), with the payment's state if it is there. */
export type LinkedPayment = DueLink & { state?: PaymentIntent['state'] | undefined };

/** What counts towards a customer's limit on a GMT day, by how it counts, and whether the bank said it is reached. */
export type LimitParts = Record<Exclude<LimitEffect, 'none'>, number> & { bankLimitReached: boolean };

export type PayeeOf = Pick<PaymentOrder, 'debtorKennitala' | 'depositKennitala' | 'depositAccount'>;

/** A payment counts on the GMT day it was first sent, or confirmed if it has not been sent yet. */
export function countedDay(intent: PaymentIntent): string {
  return gmtDay(intent.firstSentAt ?? intent.createdAt);
}

export const payeeKey = (order: PayeeOf): string =>
  `${order.debtorKennitala}|${order.depositKennitala}|${order.depositAccount}`;

/**
 * A record that failed its integrity check: the payment reads as `damaged`, counts towards the daily limit as a
 * possible payment, and is never sent by the app on its own. The customer is told to check their online banking.
 */
export const RECORD_DAMAGED = {
  name: 'RecordDamaged',
  code: 'RECORD_DAMAGED',
  message: "This payment's record is damaged: check your online banking before paying again",
};

/**
 * Whether the store is the one the app last wrote, whole:
 * - `older`: its sequence is behind the mark kept outside it, or it is another store than the one marked (an older
 *   copy put back, or the file removed and a new one begun);
 * - `gap`: records are missing or were put back singly (what the store's sealed head counts is not what it holds);
 * - `unreadable`: its head cannot be opened, so nothing it holds can be counted;
 * - `damagedRows` (issue 38): a row does not open, or its clear columns are not what is sealed in it (moved to
 *   another day, renamed, an older version put back beside another's raised number). Found when the row is read:
 *   every row is, within seconds of the start, by the worker's search copy (`integrity({ complete: true })` waits).
 * A problem once found is kept in the store's sealed head until the customer accepts the history.
 */
export const StoreIntegritySchema = z.object({
  trusted: z.boolean(),
  problem: z.enum(['older', 'gap', 'unreadable', 'damagedRows']).optional(),
});
export type StoreIntegrity = z.infer<typeof StoreIntegritySchema>;

/** Where a store is and whose it is (sent by main when it opens one; see store-host.ts). */
export interface DatabaseOptions {
  /** A file, or ':memory:' (no data key to seal with: this run only). */
  location: string;
  /** This store's key (32 bytes, derived from the data key for it). */
  key: Uint8Array;
  /** Whose store it is (profile and a keyed tag of the customer): sealed into every row, so rows do not move. */
  binding: string;
  /** The customer and profile, for the stand-in of a payment of which nothing can be read. */
  owner: string;
  profileId: string;
  /** The high-water mark kept outside the store, if any. */
  mark?: StoreMark | undefined;
  /**
   * The id a store made now takes: main picks it and marks it before the file exists, so a crash between the two
   * cannot leave a store without its mark.
   */
  storeId?: string | undefined;
}

/** The high-water mark of a store's sequence, kept outside it (store-marks.ts). */
export const StoreMarkSchema = z.object({ storeId: z.string().min(1).max(64), seq: z.number().int().nonnegative() });
export type StoreMark = z.infer<typeof StoreMarkSchema>;

/**
 * A change's number in the store's sequence: the next; or `kept`, one a send's first write kept for its answer
 * (`reserve`: keep the one after this change's, store-saves.ts); or `as`, the number a move brings with it.
 */
export type Numbering = { reserve?: boolean | undefined; kept?: number | undefined; as?: number | undefined };
