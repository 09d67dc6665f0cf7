import type { SecretBox } from '../secrets/secret-box.ts';

/**
 * How a payment record becomes a journal line and back. On disk every line is sealed (AES-256-GCM under the data
 * key the keychain protects), bound to its journal and to the intent it belongs to, so an edited, damaged or moved
 * line is noticed, never read as something else. Only the intent's random id stays in clear, so that a damaged line
 * can still be told apart from the intent it belonged to.
 */
export type Decoded =
  { ok: true; value: unknown; block?: string } | { ok: false; intentId: string | undefined; block?: string };

export interface RecordCodec {
  encode(value: unknown): string;
  /**
   * Many records in one line, under a label (see snapshot.ts): a compacted history is opened a block at a time, not a
   * record at a time. The label stays readable and is bound to what is sealed, so a block cannot be moved or renamed.
   */
  encodeBlock(label: string, value: unknown): string;
  /** A record, or a block (`block` is its label). */
  decode(line: string): Decoded;
}

/** A block's label: the snapshot it belongs to, its part and its number (checked before anything is opened). */
export const BLOCK_LABEL = /^[A-Za-z0-9-]{1,40}\/(?:head|recent|archive)\/\d{1,6}$/;

/** The label of a block line, read from its start without parsing the whole line; undefined for a record's line. */
export function blockLabelOf(line: string): string | undefined {
  const found = /^\{"b":"([^"\\]{1,60})"/.exec(line.slice(0, 80));
  return found?.[1];
}

const idOf = (value: unknown): string | undefined => {
  const record = value as { intent?: { id?: unknown } } | undefined;
  return typeof record?.intent?.id === 'string' ? record.intent.id : undefined;
};

/** JSON as it is: for the in-memory journal, which nobody else can edit. */
export const plainCodec: RecordCodec = {
  encode: (value) => JSON.stringify(value),
  encodeBlock: (label, value) => JSON.stringify({ b: label, v: value }),
  decode(line) {
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch {
      return { ok: false, intentId: undefined, block: blockLabelOf(line) };
    }
    const block = (value as { b?: unknown } | null)?.b;
    if (typeof block !== 'string') return { ok: true, value };
    const inner = (value as { v?: unknown }).v;
    return BLOCK_LABEL.test(block) && inner !== undefined
      ? { ok: true, value: inner, block }
      : { ok: false, intentId: undefined, block };
  },
};

interface SealedLine {
  i: string | null;
  s: string;
}

const INTENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** `journal` names the file's owner (profile and customer): a line copied from another journal does not open. */
export function sealedCodec(box: SecretBox, journal: string): RecordCodec {
  const context = (intentId: string | null) => `a2a-wallet/payment-record/v1|${journal}|${intentId ?? ''}`;
  const blockContext = (label: string) => `a2a-wallet/payment-block/v1|${journal}|${label}`;
  return {
    encodeBlock(label, value) {
      return JSON.stringify({ b: label, s: box.seal(JSON.stringify(value), blockContext(label)) });
    },
    encode(value) {
      const i = idOf(value) ?? null;
      const line: SealedLine = { i, s: box.seal(JSON.stringify(value), context(i)) };
      return JSON.stringify(line);
    },
    decode(line) {
      let parsed: Partial<SealedLine> & { b?: unknown };
      try {
        parsed = JSON.parse(line) as Partial<SealedLine>;
      } catch {
        return { ok: false, intentId: undefined, block: blockLabelOf(line) };
      }
      if (parsed.b !== undefined) {
        const block = typeof parsed.b === 'string' ? parsed.b : '?';
        if (!BLOCK_LABEL.test(block) || typeof parsed.s !== 'string') return { ok: false, intentId: undefined, block };
        try {
          return { ok: true, value: JSON.parse(box.open(parsed.s, blockContext(block))) as unknown, block };
        } catch {
          return { ok: false, intentId: undefined, block };
        }
      }
      const i = typeof parsed.i === 'string' && INTENT_ID.test(parsed.i) ? parsed.i : null;
      const intentId = i ?? undefined;
      if (typeof parsed.s !== 'string' || (parsed.i !== null && i === null)) return { ok: false, intentId };
      try {
        const value = JSON.parse(box.open(parsed.s, context(i))) as unknown;
        // The id in clear must be the one sealed inside: a line cannot be relabelled as another intent's.
        return idOf(value) === intentId ? { ok: true, value } : { ok: false, intentId };
      } catch {
        return { ok: false, intentId };
      }
    },
  };
}
