import type { SecretBox } from '../../secrets/secret-box.ts';

/**
 * How the journal of the app's releases before the database sealed its lines (read once, by journal-import.ts):
 * each line AES-256-GCM under the data key, bound to its journal and to the intent it belongs to (whose random id
 * stayed in clear, so a damaged line could be told apart from its intent); a snapshot's blocks bound to their label.
 */
export type Decoded =
  { ok: true; value: unknown; block?: string } | { ok: false; intentId: string | undefined; block?: string };

/** A block's label: the snapshot it belongs to, its part and its number. */
export const BLOCK_LABEL = /^[A-Za-z0-9-]{1,40}\/(?:head|recent|archive)\/\d{1,6}$/;

/** The label of a block line, read from its start; undefined for a record's line. */
export function blockLabelOf(line: string): string | undefined {
  return /^\{"b":"([^"\\]{1,60})"/.exec(line.slice(0, 80))?.[1];
}

const INTENT_ID = /^[A-Za-z0-9-]{1,64}$/;

const idOf = (value: unknown): string | undefined => {
  const record = value as { intent?: { id?: unknown } } | undefined;
  return typeof record?.intent?.id === 'string' ? record.intent.id : undefined;
};

/** `journal` names the file's owner (profile and customer): a line copied from another journal does not open. */
export function sealedCodec(box: SecretBox, journal: string): { decode(line: string): Decoded } {
  const context = (intentId: string | null) => `a2a-wallet/payment-record/v1|${journal}|${intentId ?? ''}`;
  const blockContext = (label: string) => `a2a-wallet/payment-block/v1|${journal}|${label}`;
  return {
    decode(line) {
      let parsed: { i?: unknown; s?: unknown; b?: unknown };
      try {
        parsed = JSON.parse(line) as typeof parsed;
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
