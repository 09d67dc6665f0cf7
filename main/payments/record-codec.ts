import type { SecretBox } from '../secrets/secret-box.ts';

/**
 * How a payment record becomes a journal line and back. On disk every line is sealed (AES-256-GCM under the data
 * key the keychain protects), bound to its journal and to the intent it belongs to, so an edited, damaged or moved
 * line is noticed, never read as something else. Only the intent's random id stays in clear, so that a damaged line
 * can still be told apart from the intent it belonged to.
 */
export type Decoded = { ok: true; value: unknown } | { ok: false; intentId: string | undefined };

export interface RecordCodec {
  encode(value: unknown): string;
  decode(line: string): Decoded;
}

const idOf = (value: unknown): string | undefined => {
  const record = value as { intent?: { id?: unknown } } | undefined;
  return typeof record?.intent?.id === 'string' ? record.intent.id : undefined;
};

/** JSON as it is: for the in-memory journal, which nobody else can edit. */
export const plainCodec: RecordCodec = {
  encode: (value) => JSON.stringify(value),
  decode(line) {
    try {
      return { ok: true, value: JSON.parse(line) as unknown };
    } catch {
      return { ok: false, intentId: undefined };
    }
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
  return {
    encode(value) {
      const i = idOf(value) ?? null;
      const line: SealedLine = { i, s: box.seal(JSON.stringify(value), context(i)) };
      return JSON.stringify(line);
    },
    decode(line) {
      let parsed: Partial<SealedLine>;
      try {
        parsed = JSON.parse(line) as Partial<SealedLine>;
      } catch {
        return { ok: false, intentId: undefined };
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
