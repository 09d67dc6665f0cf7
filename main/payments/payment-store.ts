import { z } from 'zod';
import { PaymentIntentSchema, type PaymentIntent } from '../../common/payment.ts';
import { gmtDay } from '../../common/time.ts';
import type { Journal } from './journal.ts';

/**
 * One profile's payments, in memory and in its journal. Every change is a new snapshot of the intent appended
 * to the journal; on load the last snapshot of each intent wins. What the journal holds came from disk, so it
 * is parsed like any other untrusted input: a record that does not parse is left out, never a crash.
 */
const IntentRecord = z.object({ type: z.literal('intent'), intent: PaymentIntentSchema });
/** The bank said the customer's daily limit was used up (the limit is shared with other apps). */
const LimitReachedRecord = z.object({ type: z.literal('bank-limit-reached'), kennitala: z.string(), day: z.string() });
const JournalRecord = z.discriminatedUnion('type', [IntentRecord, LimitReachedRecord]);
type JournalRecord = z.infer<typeof JournalRecord>;

/** A payment counts on the GMT day it was first sent, or confirmed if it has not been sent yet. */
export function countedDay(intent: PaymentIntent): string {
  return gmtDay(intent.firstSentAt ?? intent.createdAt);
}

export class PaymentStore {
  readonly #journal: Journal;
  readonly #intents = new Map<string, PaymentIntent>();
  readonly #limitReached = new Set<string>();
  /** Intents by the GMT day they count on, so today's limit is read without walking the whole history. */
  readonly #byDay = new Map<string, Set<string>>();
  /** Records in the journal, to know when compaction pays off. */
  #records = 0;

  constructor(journal: Journal) {
    this.#journal = journal;
    for (const raw of journal.load()) {
      this.#records += 1;
      const parsed = JournalRecord.safeParse(raw);
      if (parsed.success) this.#apply(parsed.data);
    }
  }

  #apply(record: JournalRecord): void {
    if (record.type === 'bank-limit-reached') {
      this.#limitReached.add(`${record.kennitala}|${record.day}`);
      return;
    }
    const previous = this.#intents.get(record.intent.id);
    if (previous) this.#byDay.get(countedDay(previous))?.delete(previous.id);
    this.#intents.set(record.intent.id, record.intent);
    const day = countedDay(record.intent);
    let ids = this.#byDay.get(day);
    if (!ids) this.#byDay.set(day, (ids = new Set()));
    ids.add(record.intent.id);
  }

  async #write(record: JournalRecord, sync = true): Promise<void> {
    await this.#journal.append(record, { sync });
    this.#records += 1;
    this.#apply(record);
  }

  get(id: string): PaymentIntent | undefined {
    return this.#intents.get(id);
  }

  all(): PaymentIntent[] {
    return [...this.#intents.values()];
  }

  /** The intents that count on a GMT day (see `countedDay`). */
  onDay(day: string): PaymentIntent[] {
    return [...(this.#byDay.get(day) ?? [])].flatMap((id) => this.#intents.get(id) ?? []);
  }

  get size(): number {
    return this.#intents.size;
  }

  /**
   * Written when it resolves, and only then does the in-memory view change; on disk too (fsync) unless `sync` is
   * false, for changes that can be learnt again from the bank should a power cut lose them.
   */
  save(intent: PaymentIntent, options: { sync?: boolean } = {}): Promise<void> {
    // Typed on the way in; the schema guards the way back from disk (see the constructor).
    return this.#write({ type: 'intent', intent }, options.sync);
  }

  async markBankLimitReached(kennitala: string, day: string): Promise<void> {
    if (this.#limitReached.has(`${kennitala}|${day}`)) return;
    await this.#write({ type: 'bank-limit-reached', kennitala, day });
  }

  bankLimitReached(kennitala: string, day: string): boolean {
    return this.#limitReached.has(`${kennitala}|${day}`);
  }

  /** Rewrites the journal to one record per intent when it has grown well past that. */
  async compactIfWorthIt(): Promise<boolean> {
    const live = this.#intents.size + this.#limitReached.size;
    if (this.#records < 2 * live + 1000) return false;
    const records: JournalRecord[] = [
      ...[...this.#limitReached].map((key) => {
        const [kennitala = '', day = ''] = key.split('|');
        return { type: 'bank-limit-reached' as const, kennitala, day };
      }),
      ...this.all().map((intent) => ({ type: 'intent' as const, intent })),
    ];
    await this.#journal.rewrite(records);
    this.#records = records.length;
    return true;
  }

  close(): Promise<void> {
    return this.#journal.close();
  }
}
