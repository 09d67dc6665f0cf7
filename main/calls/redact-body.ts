import { CALL_BODY_MAX_CHARS } from '../../common/bank-calls.ts';
import { fieldKind, isCatalogued, keepsShape, KEY_SHAPE, type FieldKind } from './body-fields.ts';
import {
  echoes,
  KENNITALA_MASK,
  maskAccount,
  maskNumbers,
  parseJson,
  REDACT_MAX_CHARS,
  redactText,
  redactUrl,
  REMOVED,
  removedText,
} from './redact.ts';

/**
 * A body as the call list keeps it (docs/BANK-CALLS.md): read as what it is (JSON, a form) and walked field by field
 * against the allow-list of body-fields.ts. What support needs keeps its value where the value has the field's shape;
 * a kennitala keeps no digit, an account number its last two; every other value is a customer's text until known
 * otherwise, and is replaced by a word saying so, with its length. A body that reads as neither JSON nor a form
 * (an HTML page, broken JSON, a body too long to read) is such a text, whole.
 */
export interface RedactedBody {
  body?: string;
  cutChars?: number;
  /**
   * The customer's values this body held (texts, kennitölur, account numbers): an answer that echoes one of them
   * has it removed (`known`), wherever it stands.
   */
  texts: string[];
}

/** Past this depth a JSON value is not walked, and not kept. */
const MAX_DEPTH = 20;
/** Characters as a person counts them (a code point each), not UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

class Walk {
  readonly texts: string[] = [];
  readonly secrets: readonly string[];
  readonly known: readonly string[];
  constructor(secrets: readonly string[], known: readonly string[]) {
    this.secrets = secrets;
    this.known = known;
  }

  #remember(value: string): void {
    if (value.length >= 3) this.texts.push(value);
  }

  #echoes(value: string): boolean {
    return echoes(value, this.known) || echoes(value, this.texts);
  }

  /** A leaf's value under a field of `kind`: kept as it is, masked, or replaced by the removed word. */
  leaf(kind: FieldKind, value: unknown): unknown {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value !== 'string' && typeof value !== 'number') return REMOVED;
    const text = String(value);
    if (kind === 'secret') return REMOVED;
    // Nothing was written: nothing to remove, and support sees the field was empty.
    if (text === '') return text;
    if (kind === 'kennitala' || kind === 'account') {
      const digits = text.replace(/\D/g, '');
      this.#remember(text);
      this.#remember(digits);
      if (kind === 'kennitala') {
        // The birth date alone says who someone is.
        this.#remember(digits.slice(0, 6));
        return KENNITALA_MASK;
      }
      return maskAccount(text);
    }
    // A time in seconds runs to ten digits, as a kennitala does: kept as the number it is.
    if (typeof value === 'number' && (kind === 'count' || kind === 'time')) return value;
    if (typeof value === 'number' && kind === 'amount') {
      const masked = maskNumbers(text);
      return masked === text ? value : masked;
    }
    if (kind !== 'text' && kind !== 'url' && keepsShape(kind, text) && (isCatalogued(text) || !this.#echoes(text))) {
      return redactText(text, this.secrets);
    }
    if (kind === 'url' && typeof value === 'string' && !this.#echoes(text)) return redactUrl(text, this.secrets);
    this.#remember(text);
    return removedText(lengthOf(text));
  }

  /** A JSON value under the field `key` (in the object `parent`); an array's items are under its key. */
  value(value: unknown, key: string | undefined, parent: string | undefined, depth: number): unknown {
    if (depth > MAX_DEPTH) return REMOVED;
    const kind = key === undefined ? 'text' : fieldKind(key, parent, 'json');
    if (kind === 'secret') return REMOVED;
    if (Array.isArray(value)) return value.map((item) => this.value(item, key, parent, depth + 1));
    if (value === null || typeof value !== 'object') return this.leaf(kind, value);
    const out: Record<string, unknown> = {};
    let unnamed = 0;
    for (const [name, inner] of Object.entries(value)) {
      // A name that is not a field's (a text, a number used as a key) is not kept either.
      const shown = KEY_SHAPE.test(name) && !this.#echoes(name) ? maskNumbers(name) : `[key ${(unnamed += 1)}]`;
      out[shown] = this.value(inner, name, key, depth + 1);
    }
    return out;
  }

  form(text: string): string {
    return [...new URLSearchParams(text)]
      .map(([name, inner]) => {
        const shown = KEY_SHAPE.test(name) ? maskNumbers(name) : REMOVED;
        return `${shown}=${String(this.leaf(fieldKind(name, undefined, 'form'), inner))}`;
      })
      .join('&');
  }
}

const FORM = /^[\w.-]+=[^&\s]*(&[\w.-]+=[^&\s]*)*$/;

/**
 * `secrets`: the known secrets' forms (secretForms); `known`: the customer's values seen in this call's request, or
 * in the calls before it for the same payment, removed wherever they come back.
 */
export function redactBody(
  body: string | undefined,
  contentType: string | undefined,
  secrets: readonly string[],
  known: readonly string[] = [],
): RedactedBody {
  const walk = new Walk(secrets, known);
  if (body === undefined || body === '') return { texts: [] };
  const readable = body.length <= REDACT_MAX_CHARS;
  const json = readable ? parseJson(body) : undefined;
  const trimmed = body.trim();
  let out: string;
  if (json !== undefined) {
    out = JSON.stringify(walk.value(json, undefined, undefined, 0), null, 2);
  } else if (readable && (contentType?.includes('application/x-www-form-urlencoded') || FORM.test(trimmed))) {
    out = walk.form(trimmed);
  } else {
    out = removedText(lengthOf(body));
  }
  const cut = Math.max(0, out.length - CALL_BODY_MAX_CHARS);
  return cut === 0
    ? { body: out, texts: walk.texts }
    : { body: out.slice(0, CALL_BODY_MAX_CHARS), cutChars: cut, texts: walk.texts };
}
