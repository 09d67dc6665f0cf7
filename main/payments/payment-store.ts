import { DAILY_LIMIT_ISK } from '../../common/isk-amount.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import { LIMIT_EFFECT, type LimitEffect } from '../../common/payment-rules.ts';
import { gmtDay } from '../../common/time.ts';
import type { Journal, JournalContents } from './journal.ts';
import { runAtOnce, runPaced, slicePacer, type Pacer } from './pacer.ts';
import { blockLabelOf, plainCodec, type RecordCodec } from './record-codec.ts';
import { JournalRecord, SnapshotReader, writeSnapshot, type BlockRecords, type PendingArchive } from './snapshot.ts';

/**
 * One customer's payments in one profile, in memory and in its journal. Every change is a new snapshot of the
 * intent appended to the journal; on load the last snapshot of each intent wins. What the journal holds came from
 * disk, so each line is authenticated (see record-codec.ts) and parsed like any other untrusted input.
 *
 * A line that fails is never skipped in silence: the intent it belonged to reads as `damaged` (its last readable
 * snapshot, or a stand-in when none is left), counts towards the daily limit as a possible payment, and is never
 * sent by the app on its own. The customer is told to check their online banking.
 */
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
/** The payee a payment counts under for "paid before": only one the bank took. */
const paidKeyOf = (intent: PaymentIntent): string | undefined =>
  intent.state === 'accepted' || intent.state === 'settled' ? payeeKey(intent.order) : undefined;

/**
 * Records written as lines of their own after which the journal is compacted: about 25 µs each to open, so at most
 * a few dozen milliseconds of start-up (besides a history rewritten since it was small).
 */
const COMPACT_AFTER = 2000;

/** History order: `a` before `b` when confirmed earlier, or at the same time with the greater id. */
type Placed = Pick<PaymentIntent, 'createdAt' | 'id'>;
function before(a: Placed, b: Placed): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id.localeCompare(b.id) > 0);
}

/** Two lists of ids each in history order, merged into one (the archive read after what followed it). */
function mergeOrder(first: PaymentIntent[], ids: string[], get: (id: string) => PaymentIntent | undefined): string[] {
  const second = ids.flatMap((id) => get(id) ?? []);
  if (!first.every((intent, n) => n === 0 || !before(intent, first[n - 1] as PaymentIntent))) {
    first.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  }
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const a = first[i];
    const b = second[j];
    if (a && (!b || !before(b, a))) {
      merged.push(a.id);
      i += 1;
    } else if (b) {
      merged.push(b.id);
      j += 1;
    }
  }
  return merged;
}

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
  /** How many of the newest payments a snapshot keeps in its recent part (see snapshot.ts; tests use a few). */
  newestInRecent?: number;
}

/** What the journal held that failed its check, gathered while loading and turned into damaged intents after. */
interface Failures {
  /** The lines that failed, by intent (the last line of an intent decides). */
  byIntent: Map<string, number>;
  /** Lines and blocks of which nothing could be read, with the time of the last good record before each. */
  anonymous: { after: number }[];
}

/**
 * A journal is opened in two parts when it holds a snapshot (see snapshot.ts): first what the pay form needs (the
 * snapshot's summary and recent block, and every record written since), then the archive of older, finished
 * payments. `open` answers after the first part, and `complete` resolves after the second; the constructor reads both
 * at once.
 */
export class PaymentStore {
  #journal: Journal;
  #codec: RecordCodec;
  readonly #options: PaymentStoreOptions;
  readonly #intents = new Map<string, PaymentIntent>();
  /** Intents whose last record failed its check, as shown: never sent, counted as possible payments. */
  readonly #damaged = new Map<string, PaymentIntent>();
  readonly #limitReached = new Set<string>();
  /** Intents by the GMT day they count on, so today's limit is read without walking the whole history. */
  readonly #byDay = new Map<string, Set<string>>();
  /**
   * What counts towards each customer's limit, by GMT day and how it counts (`day|kennitala|effect`): kept with the
   * index, read in one step.
   */
  readonly #used = new Map<string, number>();
  /** How many payments to each payee the bank took (`debtor|kennitala|account`): "paid before" in one step. */
  readonly #paid = new Map<string, number>();
  /**
   * Every intent's id in history order, oldest first (confirmed at, then id): kept as intents arrive (nearly always
   * at the end, since an intent's confirmation time never changes), so a history page needs no sort.
   */
  #order: string[] = [];
  readonly #placed = new Set<string>();
  /** Records written as lines of their own since the last snapshot: what compaction folds in. */
  #loose = 0;
  /** The snapshot the journal starts with, while its archive is still being read; then undefined. */
  #pending: PendingArchive | undefined;
  #failures: Failures = { byIntent: new Map(), anonymous: [] };
  #lastTime = 0;
  /** Lines and blocks of which nothing could be read so far (their stand-ins are numbered). */
  #unreadable = 0;
  /** Lines appended while a compaction is encoding: they go into the rewritten file after the snapshot. */
  #compacting: string[] | undefined;
  /** A move to another journal (see `moveTo`): records saved meanwhile wait for it, and go to the new one. */
  #moving: Promise<void> | undefined;
  /** Resolves once the whole journal is read (at once for a store built with `new`). */
  complete: Promise<void> = Promise.resolve();

  constructor(journal: Journal, options: PaymentStoreOptions = {}, contents?: JournalContents) {
    this.#journal = journal;
    this.#codec = options.codec ?? plainCodec;
    this.#options = options;
    if (contents) return;
    const { archive } = runAtOnce(this.#readRecent(journal.load()));
    runAtOnce(this.#readArchive(archive));
  }

  /**
   * Opens a journal without holding the main process for more than a slice at a time: answers once what the pay
   * form needs is read, and reads the archive of older payments after (see `complete`).
   */
  static async open(
    journal: Journal,
    options: PaymentStoreOptions = {},
    pacer: Pacer = slicePacer(),
  ): Promise<PaymentStore> {
    const contents = await journal.loadPaced(pacer);
    const store = new PaymentStore(journal, options, contents);
    const { archive } = await runPaced(store.#readRecent(contents), pacer);
    // The archive after a pause: whoever waited for the store is answered first.
    store.complete = pacer.pause().then(() => runPaced(store.#readArchive(archive), pacer));
    // Whoever needs the archive waits on `complete`; a failure there is theirs to see, not an unhandled rejection.
    store.complete.catch(() => undefined);
    return store;
  }

  /** Whether the archive of older payments is still being read. */
  get loading(): boolean {
    return this.#pending !== undefined;
  }

  /**
   * Whether every payment that counts on `day` or later is read: always once complete; while the archive is still
   * being read, from the snapshot's cutoff on (the archive holds only finished payments of days before it).
   */
  covers(day: string): boolean {
    return !this.#pending || this.#pending.recentFrom <= day;
  }

  /** The first part: the snapshot's summary and recent blocks, and every record of its own line. */
  *#readRecent(contents: JournalContents): Generator<unknown, { archive: string[] }> {
    const { lines, unterminated } = contents;
    const archive: string[] = [];
    const snapshot = new SnapshotReader();
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      yield;
      const label = blockLabelOf(line);
      if (label !== undefined && snapshot.isArchive(label) && this.#loose === 0) {
        archive.push(line);
        continue;
      }
      const decoded = this.#codec.decode(line);
      if (decoded.block !== undefined || label !== undefined) {
        if (unterminated && index === lines.length - 1) {
          // A block is only ever written by a rewrite, which is complete or not there: one cut short is not ours.
          this.#journal.settleTail(false);
          continue;
        }
        const block = snapshot.take(decoded, this.#loose > 0);
        if (block === 'head') {
          for (const [key, count] of snapshot.head?.paid ?? []) addTo(this.#paid, key, count);
          continue;
        }
        yield* this.#takeBlock(block, snapshot.head?.at ?? this.#lastTime);
        continue;
      }
      const parsed = decoded.ok ? JournalRecord.safeParse(decoded.value) : undefined;
      if (unterminated && index === lines.length - 1) {
        // A last line without its newline: a complete record keeps its place; anything else is a write the crash
        // cut short, which nobody was told had happened. It is set aside, not shown as a damaged payment.
        this.#journal.settleTail(!!parsed?.success);
        if (!parsed?.success) return { archive };
      }
      this.#loose += 1;
      if (parsed?.success) {
        this.#take(parsed.data);
        continue;
      }
      const intentId = decoded.ok ? undefined : decoded.intentId;
      if (intentId) this.#failures.byIntent.set(intentId, index);
      else this.#failures.anonymous.push({ after: this.#lastTime });
    }
    this.#pending = snapshot.pending();
    if (!this.#pending && archive.length > 0) {
      // Without its summary the archive cannot be counted before it is read: it is read now, in full.
      for (const line of archive) {
        yield;
        const block = snapshot.take(this.#codec.decode(line), false);
        yield* this.#takeBlock(block === 'head' ? undefined : block, this.#lastTime);
      }
      archive.length = 0;
    }
    for (const missing of snapshot.missingRecent()) this.#failures.anonymous.push({ after: missing });
    // Blocks without their summary: what the summary said (how many, which payees) cannot be checked.
    if (snapshot.headless) this.#failures.anonymous.push({ after: this.#lastTime });
    this.#settleFailures();
    return { archive };
  }

  /** The second part: the archive's blocks, which only older, finished payments are in. */
  *#readArchive(lines: string[]): Generator<unknown, void> {
    const pending = this.#pending;
    if (!pending) return;
    const archived: PaymentIntent[] = [];
    for (let n = 0; n < lines.length; n += 1) {
      yield;
      const block = pending.reader.take(this.#codec.decode(lines[n] ?? ''), false);
      // Read: its text is not kept while the rest is (tens of MB for years of payments).
      lines[n] = '';
      const at = pending.archiveNewest?.createdAt ?? 0;
      if (block === undefined || block === 'head') {
        this.#failures.anonymous.push({ after: at });
        continue;
      }
      for (const item of block.items) {
        yield;
        const parsed = JournalRecord.safeParse(item);
        if (!parsed.success) {
          this.#failures.anonymous.push({ after: at });
          continue;
        }
        const record = parsed.data;
        if (record.type !== 'intent') continue;
        const { intent } = record;
        // The summary counted it among the payees paid: it counts now as any payment does, or not at all when a
        // record written after the snapshot replaced it.
        this.#tally(intent, -1, { paidOnly: true });
        if (this.#intents.has(intent.id) || this.#damaged.has(intent.id)) continue;
        this.#index(undefined, intent);
        this.#intents.set(intent.id, intent);
        this.#placed.add(intent.id);
        archived.push(intent);
      }
    }
    for (const missing of pending.reader.missingArchive()) this.#failures.anonymous.push({ after: missing });
    yield;
    this.#order = mergeOrder(archived, this.#order, (id) => this.get(id));
    this.#pending = undefined;
    this.#settleFailures();
  }

  /** A recent (or summary-less) block's records; a block that cannot be taken is one damaged stand-in. */
  *#takeBlock(block: BlockRecords | undefined, at: number): Generator<unknown, void> {
    if (!block) {
      this.#failures.anonymous.push({ after: at });
      return;
    }
    for (const item of block.items) {
      yield;
      const parsed = JournalRecord.safeParse(item);
      if (parsed.success) this.#take(parsed.data);
      else this.#failures.anonymous.push({ after: at });
    }
  }

  #take(record: JournalRecord): void {
    this.#apply(record);
    if (record.type === 'intent') {
      this.#failures.byIntent.delete(record.intent.id);
      this.#lastTime = Math.max(this.#lastTime, record.intent.updatedAt);
    }
  }

  /** Once everything is read: what failed becomes damaged intents. */
  #settleFailures(): void {
    const { byIntent, anonymous } = this.#failures;
    this.#failures = { byIntent: new Map(), anonymous: [] };
    for (const [intentId] of byIntent) this.#markDamaged(intentId, this.#intents.get(intentId), this.#lastTime);
    for (const { after } of anonymous) {
      this.#unreadable += 1;
      this.#markDamaged(`damaged-${this.#unreadable}`, undefined, after);
    }
  }

  #markDamaged(id: string, known: PaymentIntent | undefined, at: number): void {
    const options = this.#options;
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
    const earlier = (id: string) => {
      const other = this.get(id);
      return !!other && before(other, intent);
    };
    // From the end: a new intent is almost always the newest.
    let at = this.#order.length;
    const last = this.#order[at - 1];
    if (last !== undefined && !earlier(last)) {
      let low = 0;
      let high = at;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (earlier(this.#order[middle] ?? '')) low = middle + 1;
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
  #tally(intent: PaymentIntent, sign: 1 | -1, options: { paidOnly?: boolean } = {}): void {
    const effect = LIMIT_EFFECT[intent.state];
    if (!options.paidOnly && effect !== 'none') {
      addTo(this.#used, `${countedDay(intent)}|${intent.order.debtorKennitala}|${effect}`, sign * intent.order.amount);
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
    while (this.#moving) await this.#moving;
    const line = this.#codec.encode(record);
    const compacting = this.#compacting;
    // Asked for while a compaction encodes: the rewritten file must hold it too (it is written to the old one now).
    compacting?.push(line);
    try {
      await this.#journal.append(line, { sync });
    } catch (error) {
      const at = compacting?.indexOf(line) ?? -1;
      if (at >= 0) compacting?.splice(at, 1);
      throw error;
    }
    this.#loose += 1;
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

  /** How many intents there are, damaged ones included (those still being read from the archive too). */
  get count(): number {
    return this.#order.length + (this.#pending?.archiveCount ?? 0);
  }

  /**
   * A page of the whole history now, or undefined while the archive is still being read and the page would reach
   * into it (every archived payment is older than the snapshot's newest archived one, so a page of newer ones is
   * already right).
   */
  pageNow(range: { offset: number; limit: number }): { total: number; items: PaymentIntent[] } | undefined {
    const items = this.newestFirst(range);
    const pending = this.#pending;
    if (pending?.archiveNewest) {
      const oldest = items.at(-1);
      if (items.length < range.limit || !oldest || !before(pending.archiveNewest, oldest)) return undefined;
    }
    return { total: this.count, items };
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
    const { held, uncertain, spent } = this.usedBy(day, kennitala);
    return held + uncertain + spent;
  }

  /** The same sum, by how each payment counts (see LIMIT_EFFECT): held, uncertain, spent. */
  usedBy(day: string, kennitala: string): Record<Exclude<LimitEffect, 'none'>, number> {
    const of = (effect: LimitEffect) => this.#used.get(`${day}|${kennitala}|${effect}`) ?? 0;
    return { held: of('held'), uncertain: of('uncertain'), spent: of('spent') };
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
   * Rewrites the journal as a snapshot (see snapshot.ts) when enough records have been written since the last one
   * that opening it would take noticeably longer: start-up then costs in proportion to the payments, not to every
   * change they went through. The encoding runs in slices; records saved meanwhile go into the new file too. Never
   * while a record is damaged (its line is evidence, and where it sat among the others is what places it in time),
   * nor while the archive is still being read.
   */
  async compactIfWorthIt(now: number, pacer?: Pacer): Promise<boolean> {
    if (this.#damaged.size > 0 || this.#pending || this.#compacting || this.#moving) return false;
    if (this.#loose < COMPACT_AFTER && !(this.#loose >= 100 && this.#loose > 2 * this.#intents.size)) return false;
    this.#compacting = [];
    try {
      const writing = this.#snapshot(this.#codec, now);
      const lines = pacer ? await runPaced(writing, pacer) : runAtOnce(writing);
      const since = this.#compacting;
      this.#compacting = undefined;
      await this.#journal.rewrite([...lines, ...since]);
      this.#loose = since.length;
      return true;
    } finally {
      this.#compacting = undefined;
    }
  }

  /** Every payment as one snapshot, lines sealed with `codec`: what compaction and a move write. */
  #snapshot(codec: RecordCodec, now: number) {
    const limits = [...this.#limitReached].map((key): JournalRecord => {
      const [kennitala = '', day = ''] = key.split('|');
      return { type: 'bank-limit-reached', kennitala, day };
    });
    const intents = this.#order.flatMap((id) => this.#intents.get(id) ?? []);
    return writeSnapshot(codec, {
      now,
      intents,
      limits,
      countedDay,
      paidKey: paidKeyOf,
      ...(this.#options.newestInRecent === undefined ? {} : { newestInRecent: this.#options.newestInRecent }),
    });
  }

  /**
   * From now on the payments live in `journal`, sealed with `codec`: all of them are written there first as one
   * snapshot (a journal kept in memory, until the customer's data key could be stored, moving to disk). Saves asked
   * for meanwhile wait, then go to the new journal; if the write fails, nothing moves. Only a store with nothing
   * damaged and nothing still being read moves (a journal in memory never has either).
   */
  async moveTo(journal: Journal, codec: RecordCodec, now: number): Promise<boolean> {
    if (this.#damaged.size > 0 || this.#pending || this.#moving || this.#compacting) return false;
    const move = (async () => {
      await journal.rewrite(runAtOnce(this.#snapshot(codec, now)));
      const old = this.#journal;
      this.#journal = journal;
      this.#codec = codec;
      this.#loose = 0;
      await old.close();
    })();
    this.#moving = move.catch(() => undefined);
    try {
      await move;
      return true;
    } finally {
      this.#moving = undefined;
    }
  }

  close(): Promise<void> {
    return this.#journal.close();
  }
}
