import { z } from 'zod';
import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import { PaymentIntentSchema, type PaymentIntent } from '../../common/payment.ts';
import { COUNTED_STATES } from '../../common/payment-rules.ts';
import { gmtDay } from '../../common/time.ts';
import type { Journal } from './journal.ts';
import { plainCodec, type RecordCodec } from './record-codec.ts';

/**
 * One customer's payments in one profile, in memory and in its journal. Every change is a new snapshot of the
 * intent appended to the journal; on load the last snapshot of each intent wins. What the journal holds came from
 * disk, so each line is authenticated (see record-codec.ts) and parsed like any other untrusted input.
 *
 * A line that fails is never skipped in silence: the intent it belonged to reads as `damaged` (its last readable
 * snapshot, or a stand-in when none is left), counts towards the daily limit as a possible payment, and is never
 * sent by the app on its own. The customer is told to check their online banking.
 */
const IntentRecord = z.object({ type: z.literal('intent'), intent: PaymentIntentSchema });
/** The bank said the customer's daily limit was used up (the limit is shared with other apps). */
const LimitReachedRecord = z.object({ type: z.literal('bank-limit-reached'), kennitala: z.string(), day: z.string() });
const JournalRecord = z.discriminatedUnion('type', [IntentRecord, LimitReachedRecord]);
type JournalRecord = z.infer<typeof JournalRecord>;

export const RECORD_DAMAGED = {
  name: 'RecordDamaged',
  code: 'RECORD_DAMAGED',
  message: "This payment's record is damaged: check your online banking before paying again",
};
/** The account and kennitala shown for a payment of which nothing could be read. */
const UNKNOWN_ACCOUNT = '000000000000';
const UNKNOWN_KENNITALA = '0000000000';

/** A payment counts on the GMT day it was first sent, or confirmed if it has not been sent yet. */
export function countedDay(intent: PaymentIntent): string {
  return gmtDay(intent.firstSentAt ?? intent.createdAt);
}

const payeeKey = (order: Pick<PaymentIntent['order'], 'debtorKennitala' | 'depositKennitala' | 'depositAccount'>) =>
  `${order.debtorKennitala}|${order.depositKennitala}|${order.depositAccount}`;

/** A running total by key; a key whose total is back to 0 goes. */
function addTo(totals: Map<string, number>, key: string, delta: number): void {
  const total = (totals.get(key) ?? 0) + delta;
  if (total === 0) totals.delete(key);
  else totals.set(key, total);
}

export interface PaymentStoreOptions {
  /** How lines are sealed and opened; plain JSON by default (memory). */
  codec?: RecordCodec;
  /** The customer whose payments these are (a stand-in for an unreadable record is theirs). */
  owner?: string;
  /** The profile, for stand-ins. */
  profileId?: string;
}

export class PaymentStore {
  readonly #journal: Journal;
  readonly #codec: RecordCodec;
  readonly #intents = new Map<string, PaymentIntent>();
  /** Intents whose last record failed its check, as shown: never sent, counted as possible payments. */
  readonly #damaged = new Map<string, PaymentIntent>();
  readonly #limitReached = new Set<string>();
  /** Intents by the GMT day they count on, so today's limit is read without walking the whole history. */
  readonly #byDay = new Map<string, Set<string>>();
  /** What counts towards each customer's limit, by GMT day (`day|kennitala`): kept with the index, read in one step. */
  readonly #used = new Map<string, number>();
  /** How many payments to each payee the bank took (`debtor|kennitala|account`): "paid before" in one step. */
  readonly #paid = new Map<string, number>();
  /**
   * Every intent's id in history order, oldest first (confirmed at, then id): kept as intents arrive (nearly always
   * at the end, since an intent's confirmation time never changes), so a history page needs no sort.
   */
  readonly #order: string[] = [];
  readonly #placed = new Set<string>();
  /** Records in the journal, to know when compaction pays off. */
  #records = 0;

  constructor(journal: Journal, options: PaymentStoreOptions = {}) {
    this.#journal = journal;
    this.#codec = options.codec ?? plainCodec;
    const { lines, unterminated } = journal.load();
    /** The lines that failed, by intent (the last line of an intent decides) or in order when none is known. */
    const lastFailed = new Map<string, number>();
    const anonymous: { index: number; after: number }[] = [];
    let lastTime = 0;
    lines.forEach((line, index) => {
      const decoded = this.#codec.decode(line);
      const parsed = decoded.ok ? JournalRecord.safeParse(decoded.value) : undefined;
      if (unterminated && index === lines.length - 1) {
        // A last line without its newline: a complete record keeps its place; anything else is a write the crash
        // cut short, which nobody was told had happened. It is set aside, not shown as a damaged payment.
        journal.settleTail(!!parsed?.success);
        if (!parsed?.success) return;
      }
      this.#records += 1;
      if (parsed?.success) {
        this.#apply(parsed.data);
        if (parsed.data.type === 'intent') {
          lastFailed.delete(parsed.data.intent.id);
          lastTime = Math.max(lastTime, parsed.data.intent.updatedAt);
        }
        return;
      }
      const intentId = decoded.ok ? undefined : decoded.intentId;
      if (intentId) lastFailed.set(intentId, index);
      else anonymous.push({ index, after: lastTime });
    });
    for (const [intentId] of lastFailed) this.#markDamaged(intentId, this.#intents.get(intentId), lastTime, options);
    anonymous.forEach(({ after }, n) => this.#markDamaged(`damaged-${n + 1}`, undefined, after, options));
  }

  #markDamaged(id: string, known: PaymentIntent | undefined, at: number, options: PaymentStoreOptions): void {
    const intent: PaymentIntent = known
      ? { ...known, state: 'damaged', error: RECORD_DAMAGED }
      : {
          // Nothing of it could be read: a stand-in as large as any payment can be, on the day it was written.
          id,
          profileId: options.profileId ?? 'unknown',
          order: {
            debtorKennitala: options.owner ?? UNKNOWN_KENNITALA,
            debtorAccount: UNKNOWN_ACCOUNT,
            depositKennitala: UNKNOWN_KENNITALA,
            depositAccount: UNKNOWN_ACCOUNT,
            amount: DAILY_LIMIT_ISK,
            endToEndId: '',
            extendedReference: '',
            payeeName: '',
          },
          requestId: 'DAMAGED',
          state: 'damaged',
          stateTimes: {},
          createdAt: at,
          updatedAt: at,
          attempts: 0,
          error: RECORD_DAMAGED,
        };
    this.#damaged.set(id, intent);
    this.#index(known, intent);
    this.#place(intent);
  }

  #place(intent: PaymentIntent): void {
    if (this.#placed.has(intent.id)) return;
    this.#placed.add(intent.id);
    const before = (id: string) => {
      const other = this.get(id);
      if (!other) return false;
      return (
        other.createdAt < intent.createdAt ||
        (other.createdAt === intent.createdAt && other.id.localeCompare(intent.id) > 0)
      );
    };
    // From the end: a new intent is almost always the newest.
    let at = this.#order.length;
    const last = this.#order[at - 1];
    if (last !== undefined && !before(last)) {
      let low = 0;
      let high = at;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (before(this.#order[middle] ?? '')) low = middle + 1;
        else high = middle;
      }
      at = low;
    }
    this.#order.splice(at, 0, intent.id);
  }

  #index(previous: PaymentIntent | undefined, intent: PaymentIntent): void {
    if (previous) {
      this.#byDay.get(countedDay(previous))?.delete(previous.id);
      this.#tally(previous, -1);
    }
    this.#tally(intent, 1);
    const day = countedDay(intent);
    let ids = this.#byDay.get(day);
    if (!ids) this.#byDay.set(day, (ids = new Set()));
    ids.add(intent.id);
  }

  /** Adds an intent to (or, with -1, takes it out of) the day totals and the payees paid. */
  #tally(intent: PaymentIntent, sign: 1 | -1): void {
    if (COUNTED_STATES.includes(intent.state)) {
      addTo(this.#used, `${countedDay(intent)}|${intent.order.debtorKennitala}`, sign * intent.order.amount);
    }
    if (intent.state === 'accepted' || intent.state === 'settled') addTo(this.#paid, payeeKey(intent.order), sign);
  }

  #apply(record: JournalRecord): void {
    if (record.type === 'bank-limit-reached') {
      this.#limitReached.add(`${record.kennitala}|${record.day}`);
      return;
    }
    this.#index(this.#intents.get(record.intent.id), record.intent);
    this.#intents.set(record.intent.id, record.intent);
    this.#place(record.intent);
  }

  async #write(record: JournalRecord, sync = true): Promise<void> {
    await this.#journal.append(this.#codec.encode(record), { sync });
    this.#records += 1;
    this.#apply(record);
  }

  get(id: string): PaymentIntent | undefined {
    return this.#damaged.get(id) ?? this.#intents.get(id);
  }

  /**
   * Every intent as `all` has them, newest first (confirmed at, then id): the history's order, without a sort. With
   * a range, only that page of it, read straight from the order.
   */
  newestFirst(range?: { offset: number; limit: number }): PaymentIntent[] {
    const first = this.#order.length - 1 - (range?.offset ?? 0);
    const stop = range ? Math.max(-1, first - range.limit) : -1;
    const intents: PaymentIntent[] = [];
    for (let at = first; at > stop; at -= 1) {
      const intent = this.get(this.#order[at] ?? '');
      if (intent) intents.push(intent);
    }
    return intents;
  }

  /** How many intents there are, damaged ones included. */
  get count(): number {
    return this.#order.length;
  }

  all(): PaymentIntent[] {
    const intact = [...this.#intents.values()].filter((intent) => !this.#damaged.has(intent.id));
    return [...intact, ...this.#damaged.values()];
  }

  /** The intents that count on a GMT day (see `countedDay`). */
  onDay(day: string): PaymentIntent[] {
    return [...(this.#byDay.get(day) ?? [])].flatMap((id) => this.get(id) ?? []);
  }

  /** Whether the bank took (accepted or settled) a payment from this customer to this kennitala and account. */
  paidBefore(order: Pick<PaymentIntent['order'], 'debtorKennitala' | 'depositKennitala' | 'depositAccount'>): boolean {
    return this.#paid.has(payeeKey(order));
  }

  /** The sum of a customer's payments that count towards the limit of a GMT day (see `countedDay`). */
  usedOn(day: string, kennitala: string): number {
    return this.#used.get(`${day}|${kennitala}`) ?? 0;
  }

  /**
   * Written when it resolves, and only then does the in-memory view change; on disk too (fsync) unless `sync` is
   * false, for changes that can be learnt again from the bank should a power cut lose them.
   */
  save(intent: PaymentIntent, options: { sync?: boolean } = {}): Promise<void> {
    if (this.#damaged.has(intent.id)) return Promise.reject(new Error('A damaged record is never written over'));
    return this.#write({ type: 'intent', intent }, options.sync);
  }

  async markBankLimitReached(kennitala: string, day: string): Promise<void> {
    if (this.#limitReached.has(`${kennitala}|${day}`)) return;
    await this.#write({ type: 'bank-limit-reached', kennitala, day });
  }

  bankLimitReached(kennitala: string, day: string): boolean {
    return this.#limitReached.has(`${kennitala}|${day}`);
  }

  /**
   * Rewrites the journal to one record per intent when it has grown well past that. Never while a record is
   * damaged: its line is evidence, and where it sat among the others is what places it in time.
   */
  async compactIfWorthIt(): Promise<boolean> {
    const live = this.#intents.size + this.#limitReached.size;
    if (this.#damaged.size > 0 || this.#records < 2 * live + 1000) return false;
    const records: JournalRecord[] = [
      ...[...this.#limitReached].map((key) => {
        const [kennitala = '', day = ''] = key.split('|');
        return { type: 'bank-limit-reached' as const, kennitala, day };
      }),
      ...[...this.#intents.values()].map((intent) => ({ type: 'intent' as const, intent })),
    ];
    await this.#journal.rewrite(records.map((record) => this.#codec.encode(record)));
    this.#records = records.length;
    return true;
  }

  close(): Promise<void> {
    return this.#journal.close();
  }
}
