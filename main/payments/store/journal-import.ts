import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PaymentIntentSchema, type PaymentIntent } from '../../../common/payment.ts';
import { aesGcmBox } from '../../secrets/secret-box.ts';
import { blockLabelOf, BLOCK_LABEL, sealedCodec } from './legacy-codec.ts';
import { RECORD_DAMAGED } from './store-contract.ts';

/**
 * Reads a payment journal of the app's releases before the database (an encrypted JSONL file: records of their
 * own, and snapshot blocks a compaction wrote; see docs/PAYMENT-CORE.md), once, to import it. The result is what
 * those releases showed: each payment's last readable record; a payment whose last record fails its check as
 * `damaged` with what was last readable of it; a line or block of which nothing can be read as a damaged stand-in
 * placed at the last time known before it; a last line cut short by a crash (no newline, not a whole record) left
 * out, as those releases set it aside.
 */
const IntentRecord = z.object({ type: z.literal('intent'), intent: PaymentIntentSchema });
const LimitRecord = z.object({ type: z.literal('bank-limit-reached'), kennitala: z.string(), day: z.string() });
const JournalRecord = z.discriminatedUnion('type', [IntentRecord, LimitRecord]);
type JournalRecord = z.infer<typeof JournalRecord>;

const SnapshotHead = z.object({
  at: z.number().int().nonnegative(),
  recent: z.number().int().min(0).max(999_999),
  archive: z.number().int().min(0).max(999_999),
  archiveNewest: z.object({ createdAt: z.number(), id: z.string() }).nullable(),
});
type SnapshotHead = z.infer<typeof SnapshotHead>;

export interface ImportedJournal {
  /** Oldest first (as written); damaged ones included. */
  intents: PaymentIntent[];
  limits: { kennitala: string; day: string }[];
}

export function readJournal(
  path: string,
  dataKey: Uint8Array,
  binding: string,
  standIn: (id: string, at: number) => PaymentIntent,
): ImportedJournal {
  const codec = sealedCodec(aesGcmBox(dataKey), binding);
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  // The text after the last newline: empty for a file that ends as it should.
  const tail = lines.pop() ?? '';
  const intents = new Map<string, PaymentIntent>();
  const limits = new Map<string, { kennitala: string; day: string }>();
  /** Intents whose last record failed, and lines or blocks of which nothing could be read (by their time). */
  const failed = new Set<string>();
  const anonymous: number[] = [];
  let lastTime = 0;
  let looseRecords = 0;
  const snapshot = {
    id: undefined as string | undefined,
    head: undefined as SnapshotHead | undefined,
    headFound: false,
  };
  const seen = { recent: new Set<number>(), archive: new Set<number>() };

  const take = (record: JournalRecord) => {
    if (record.type === 'bank-limit-reached') {
      limits.set(`${record.kennitala}|${record.day}`, { kennitala: record.kennitala, day: record.day });
      return;
    }
    // A record written after the snapshot replaces the snapshot's (records come after every block).
    intents.delete(record.intent.id);
    intents.set(record.intent.id, record.intent);
    failed.delete(record.intent.id);
    lastTime = Math.max(lastTime, record.intent.updatedAt);
  };

  /** A block, checked as a snapshot's blocks were: its snapshot, its place, once each, before any record. */
  const block = (label: string, decoded: ReturnType<typeof codec.decode>) => {
    const [id = '', part = '', index = ''] = label.split('/');
    const at =
      part === 'archive' ? (snapshot.head?.archiveNewest?.createdAt ?? lastTime) : (snapshot.head?.at ?? lastTime);
    snapshot.id ??= id;
    const expected = part === 'recent' || part === 'archive' ? snapshot.head?.[part] : undefined;
    const taken = (part === 'recent' || part === 'archive') && seen[part];
    const fits = BLOCK_LABEL.test(label) && looseRecords === 0 && id === snapshot.id && decoded.ok;
    if (part === 'head') {
      if (snapshot.headFound || index !== '0' || !fits) {
        anonymous.push(at);
        return;
      }
      snapshot.headFound = true;
      const head = SnapshotHead.safeParse(decoded.value);
      if (head.success) snapshot.head = head.data;
      else anonymous.push(at);
      return;
    }
    if (
      !fits ||
      !Array.isArray(decoded.value) ||
      !taken ||
      taken.has(Number(index)) ||
      (expected !== undefined && Number(index) >= expected)
    ) {
      anonymous.push(at);
      return;
    }
    taken.add(Number(index));
    for (const item of decoded.value as unknown[]) {
      const record = JournalRecord.safeParse(item);
      if (record.success) take(record.data);
      else anonymous.push(at);
    }
  };

  const all = tail === '' ? lines : [...lines, tail];
  for (const [index, line] of all.entries()) {
    const cutShort = tail !== '' && index === all.length - 1;
    const label = blockLabelOf(line);
    const decoded = codec.decode(line);
    if (label !== undefined || decoded.block !== undefined) {
      // A block is only ever written whole by a rewrite: one cut short is not the journal's.
      if (!cutShort) block(decoded.block ?? label ?? '', decoded);
      continue;
    }
    const record = decoded.ok ? JournalRecord.safeParse(decoded.value) : undefined;
    if (cutShort && !record?.success) break;
    looseRecords += 1;
    if (record?.success) take(record.data);
    else if (!decoded.ok && decoded.intentId) failed.add(decoded.intentId);
    else anonymous.push(lastTime);
  }
  // Blocks the summary counts that were never found; blocks with no summary at all.
  for (const part of ['recent', 'archive'] as const) {
    const at = part === 'archive' ? (snapshot.head?.archiveNewest?.createdAt ?? 0) : (snapshot.head?.at ?? 0);
    for (let n = 0; n < (snapshot.head?.[part] ?? 0); n += 1) if (!seen[part].has(n)) anonymous.push(at);
  }
  if (snapshot.id !== undefined && !snapshot.headFound) anonymous.push(lastTime);

  const result: PaymentIntent[] = [];
  for (const intent of intents.values()) {
    result.push(failed.has(intent.id) ? { ...intent, state: 'damaged', error: RECORD_DAMAGED } : intent);
  }
  for (const id of failed) if (!intents.has(id)) result.push(standIn(id, lastTime));
  anonymous.forEach((at, n) => result.push(standIn(`damaged-${n + 1}`, at)));
  return { intents: result, limits: [...limits.values()] };
}
