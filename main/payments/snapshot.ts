import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PaymentIntentSchema, type PaymentIntent } from '../../common/payment.ts';
import { BLOCK_LABEL, type Decoded, type RecordCodec } from './record-codec.ts';

/**
 * A compacted journal: the payments as they stand, in blocks of many records each, followed by the records written
 * since as lines of their own. Opening a block costs one decryption and one parse for hundreds of records, and the
 * blocks are split so that the pay form can be answered before the older history is read:
 *
 * - `<id>/head/0`: the summary: when the snapshot was taken, how many blocks of each part it has, and, for the
 *   archive, how many payments it holds, its newest payment, and which payees those payments paid ("paid before").
 * - `<id>/recent/<n>`: every payment that may still change or that counts on a recent day (from `recentFrom`: two
 *   GMT days before the snapshot), the newest 1 000 whatever their day (the history's first pages), and the bank's
 *   limit notices.
 * - `<id>/archive/<n>`: the rest: settled or refused payments of earlier days, oldest first. Nothing the app does
 *   writes to a settled or refused payment again, so a record written after the snapshot never replaces one of them.
 *
 * Every block is sealed with its label as context, so a block cannot be moved to another journal, snapshot or place;
 * the summary's counts tell when one is missing.
 */
const IntentRecord = z.object({ type: z.literal('intent'), intent: PaymentIntentSchema });
/** The bank said the customer's daily limit was used up (the limit is shared with other apps). */
const LimitReachedRecord = z.object({ type: z.literal('bank-limit-reached'), kennitala: z.string(), day: z.string() });
export const JournalRecord = z.discriminatedUnion('type', [IntentRecord, LimitReachedRecord]);
export type JournalRecord = z.infer<typeof JournalRecord>;

const SnapshotHead = z.strictObject({
  v: z.literal(1),
  at: z.number().int().nonnegative(),
  recentFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  recent: z.number().int().min(0).max(999_999),
  archive: z.number().int().min(0).max(999_999),
  archiveCount: z.number().int().nonnegative(),
  /** The newest archived payment in history order (confirmed at, then id), or null for an empty archive. */
  archiveNewest: z.strictObject({ createdAt: z.number(), id: z.string() }).nullable(),
  paid: z.array(z.tuple([z.string().max(100), z.number().int().positive()])),
});
export type SnapshotHead = z.infer<typeof SnapshotHead>;

/** Records in one block: a few milliseconds to open and parse, well inside a slice. */
export const BLOCK_RECORDS = 200;
/** The newest payments are always in the recent part: the first pages of history are read with the pay form's part. */
const NEWEST_IN_RECENT = 1000;
/** How far back from the snapshot the recent part reaches: the 24-hour duplicate window from any time of today. */
const RECENT_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** States nothing the app does moves on from: a payment in one of them is never written again. */
const FINISHED: ReadonlySet<PaymentIntent['state']> = new Set(['settled', 'rejected', 'dropped']);

export interface SnapshotInput {
  now: number;
  /** Every intent, oldest first in history order. */
  intents: readonly PaymentIntent[];
  limits: readonly JournalRecord[];
  /** The GMT day a payment counts on. */
  countedDay(intent: PaymentIntent): string;
  /** The payee key "paid before" counts a payment under, or undefined when it does not count. */
  paidKey(intent: PaymentIntent): string | undefined;
  /** How many of the newest payments the recent part holds whatever their day (1 000; fewer in tests). */
  newestInRecent?: number;
}

/** The lines of a snapshot, encoded a block at a time (a generator: the caller decides when to pause). */
export function* writeSnapshot(codec: RecordCodec, input: SnapshotInput): Generator<unknown, string[]> {
  const id = randomUUID();
  const recentFrom = new Date(input.now - RECENT_DAYS * DAY_MS).toISOString().slice(0, 10);
  const recent: JournalRecord[] = [...input.limits];
  const archive: PaymentIntent[] = [];
  const paid = new Map<string, number>();
  const newest = input.intents.length - (input.newestInRecent ?? NEWEST_IN_RECENT);
  for (const [n, intent] of input.intents.entries()) {
    if (n < newest && FINISHED.has(intent.state) && input.countedDay(intent) < recentFrom) {
      archive.push(intent);
      const key = input.paidKey(intent);
      if (key !== undefined) paid.set(key, (paid.get(key) ?? 0) + 1);
    } else {
      recent.push({ type: 'intent', intent });
    }
  }
  const blocks = (part: 'recent' | 'archive', records: readonly unknown[]) => {
    const labels: { label: string; records: unknown[] }[] = [];
    for (let at = 0; at < records.length; at += BLOCK_RECORDS) {
      labels.push({ label: `${id}/${part}/${labels.length}`, records: records.slice(at, at + BLOCK_RECORDS) });
    }
    return labels;
  };
  const recentBlocks = blocks('recent', recent);
  const archiveBlocks = blocks(
    'archive',
    archive.map((intent) => ({ type: 'intent', intent })),
  );
  const newestArchived = archive.at(-1);
  const head: SnapshotHead = {
    v: 1,
    at: input.now,
    recentFrom,
    recent: recentBlocks.length,
    archive: archiveBlocks.length,
    archiveCount: archive.length,
    archiveNewest: newestArchived ? { createdAt: newestArchived.createdAt, id: newestArchived.id } : null,
    paid: [...paid],
  };
  const lines = [codec.encodeBlock(`${id}/head/0`, head)];
  for (const block of [...recentBlocks, ...archiveBlocks]) {
    yield;
    lines.push(codec.encodeBlock(block.label, block.records));
  }
  return lines;
}

interface Label {
  id: string;
  part: 'head' | 'recent' | 'archive';
  index: number;
}

function parseLabel(label: string): Label | undefined {
  if (!BLOCK_LABEL.test(label)) return undefined;
  const [id = '', part, index = ''] = label.split('/');
  return { id, part: part as Label['part'], index: Number(index) };
}

/** What is left to read of a snapshot once its summary and recent part are in. */
export interface PendingArchive {
  recentFrom: string;
  archiveCount: number;
  archiveNewest: { createdAt: number; id: string } | null;
  reader: SnapshotReader;
}

/** A block's records as they opened, each still to be checked (`JournalRecord`) as the reader goes. */
export interface BlockRecords {
  items: unknown[];
}

/**
 * Follows the blocks of one snapshot as they are read, and says what is wrong: a block that does not open, one of
 * another snapshot, a second copy, one after the records that followed the snapshot, or one the summary counts and
 * nobody found.
 */
export class SnapshotReader {
  head: SnapshotHead | undefined;
  /** The snapshot the blocks belong to: the summary's, or the first block's when the summary did not open. */
  #id: string | undefined;
  #headFound = false;
  readonly #seen = { recent: new Set<number>(), archive: new Set<number>() };

  /** Whether a line with this label is left for the second part (the archive of the snapshot being read). */
  isArchive(label: string): boolean {
    const parsed = parseLabel(label);
    return parsed?.part === 'archive' && (this.#id === undefined || parsed.id === this.#id);
  }

  /** Blocks were found, and no summary at all (one that did not open is a damaged block of its own). */
  get headless(): boolean {
    return this.#id !== undefined && !this.#headFound;
  }

  /**
   * A block as decoded: the summary ('head'), a block's records, or undefined when the block cannot be taken
   * (unreadable, foreign, repeated, out of place).
   */
  take(decoded: Decoded, afterRecords: boolean): BlockRecords | 'head' | undefined {
    const label = decoded.block === undefined ? undefined : parseLabel(decoded.block);
    if (!label || afterRecords) return undefined;
    this.#id ??= label.id;
    if (label.id !== this.#id) return undefined;
    if (label.part === 'head') {
      if (this.#headFound || label.index !== 0) return undefined;
      this.#headFound = true;
      if (!decoded.ok) return undefined;
      const head = SnapshotHead.safeParse(decoded.value);
      if (!head.success) return undefined;
      this.head = head.data;
      return 'head';
    }
    if (!decoded.ok) return undefined;
    const seen = this.#seen[label.part];
    const expected = this.head?.[label.part];
    if (seen.has(label.index) || (expected !== undefined && label.index >= expected)) return undefined;
    if (!Array.isArray(decoded.value)) return undefined;
    seen.add(label.index);
    return { items: decoded.value as unknown[] };
  }

  /** The recent blocks the summary counts that were not found: the time each stand-in is placed at. */
  missingRecent(): number[] {
    return this.#missing('recent', this.head?.at ?? 0);
  }

  missingArchive(): number[] {
    return this.#missing('archive', this.head?.archiveNewest?.createdAt ?? 0);
  }

  #missing(part: 'recent' | 'archive', at: number): number[] {
    const expected = this.head?.[part] ?? 0;
    const missing: number[] = [];
    for (let index = 0; index < expected; index += 1) if (!this.#seen[part].has(index)) missing.push(at);
    return missing;
  }

  pending(): PendingArchive | undefined {
    const head = this.head;
    if (!head) return undefined;
    return {
      recentFrom: head.recentFrom,
      archiveCount: head.archiveCount,
      archiveNewest: head.archiveNewest,
      reader: this,
    };
  }
}
