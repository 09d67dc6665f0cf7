import { z } from 'zod';
import type { AppLocale } from '../../../common/locale.ts';
import type { HistoryFilter, PaymentIntent, PaymentOrder } from '../../../common/payment.ts';
import type { LimitEffect } from '../../../common/payment-rules.ts';
import type { SpendingRange, SpendingSummary } from '../../../common/spending.ts';
import { gmtDay } from '../../../common/time.ts';
import type { DueLink } from './due-links.ts';

/**
 * What the payment service and the handlers ask of one customer's payments in one profile. Every call is answered
 * by the payment store's worker (store-host.ts), where the database, its decryption and every history query run;
 * the main process only awaits.
 */
export interface PaymentStore {
  get(id: string): Promise<PaymentIntent | undefined>;
  /**
   * Written (and on disk, fsynced, unless `sync` is false: for changes the bank can tell again should a power cut
   * lose them) when it resolves, with the change's number in the store's sequence: the payment's version.
   */
  save(intent: PaymentIntent, options?: { sync?: boolean }): Promise<number>;
  /** The payments that count on these GMT days (see `countedDay`). */
  onDays(days: readonly string[]): Promise<PaymentIntent[]>;
  /**
   * The newest payment like this one (debtor, payee, amount) on these GMT days, first sent or confirmed after
   * `after`, that may have gone or may still go: the one the duplicate warning names.
   */
  newestLike(
    order: PayeeOf & { amount: number },
    days: readonly string[],
    after: number,
  ): Promise<PaymentIntent | undefined>;
  /** The payments in these states on these GMT days (the follow-up). */
  inStatesOnDays(states: readonly PaymentIntent['state'][], days: readonly string[]): Promise<PaymentIntent[]>;
  /** The payments in one state (at start: those that were being sent when the app stopped). */
  inState(state: PaymentIntent['state']): Promise<PaymentIntent[]>;
  /** What counts towards a customer's limit on a GMT day, by how it counts (LIMIT_EFFECT). */
  usedBy(day: string, kennitala: string, exceptId?: string): Promise<Record<Exclude<LimitEffect, 'none'>, number>>;
  /** `usedBy` and `bankLimitReached` of one day, in one question (the limit is read at every keystroke and send). */
  limitParts(day: string, kennitala: string, exceptId?: string): Promise<LimitParts>;
  /**
   * A payment's first write of a send ("sending"), made only if the store still holds the very version `expect`
   * (readable) and, given `limit`, only if its amount fits in what is left of that day's limit besides it. One
   * question before the POST where there were two (read, then write): the service decides from the payment as it
   * last wrote it, and the store refuses if that is no longer what it holds. Written synced, with the mark moved
   * onto it, before this resolves (issue 38): a send that may have started is never lost to a power cut, and a copy
   * of the store from before it is found older.
   */
  beginSend(
    intent: PaymentIntent,
    expect: number,
    limit?: { day: string; kennitala: string },
  ): Promise<{ kind: 'saved'; version: number } | { kind: 'stale' } | { kind: 'overLimit' }>;
  paidBefore(order: PayeeOf): Promise<boolean>;
  markBankLimitReached(kennitala: string, day: string): Promise<void>;
  bankLimitReached(kennitala: string, day: string): Promise<boolean>;
  /** A page of the history, newest first (confirmed at, then written order), filtered where a filter is given. */
  page(
    range: { offset: number; limit: number },
    filter?: HistoryFilter,
  ): Promise<{ total: number; items: PaymentIntent[] }>;
  /** The history as CSV (history.ts), filtered, newest first, made where the history is read. */
  csv(filter: HistoryFilter, locale: AppLocale): Promise<{ csv: string; count: number }>;
  /**
   * What was spent (main/payments/spending.ts): today, this week and this month as GMT periods `now` falls in, the
   * range if given, by payee and by month, added up from every payment held, where the history is read.
   */
  spending(now: number, range?: SpendingRange): Promise<SpendingSummary>;
  /**
   * Whether the store is the one the app last wrote, whole. `complete`: once every row has been read (the worker's
   * search copy, made within seconds of the start anyway), so a row that does not open has been found; for the
   * checks of a confirmation, not of a keystroke.
   */
  integrity(options?: { complete?: boolean }): Promise<StoreIntegrity>;
  /** The customer checked at their bank: the store as it is now is trusted from here on. */
  accept(): Promise<StoreIntegrity>;
  /**
   * Links a payment to the occurrence of a payment that comes due it was confirmed for (issue 38): on disk, synced,
   * when this resolves. An occurrence keeps its first link.
   */
  linkDue(link: DueLink): Promise<void>;
  /** The payments linked to a due payment's occurrences, each with its state now (none: not in the store). */
  dueLinks(dueId: string): Promise<LinkedPayment[]>;
  close(): Promise<void>;
}

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
