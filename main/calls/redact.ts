import { CALL_BODY_MAX_CHARS, CLEAR_HEADERS, REMOVED } from '../../common/bank-calls.ts';
import { maskKennitala } from '../../common/kennitala.ts';

/**
 * What of a call may be kept and shown (docs/BANK-CALLS.md): headers known to hold nothing secret, and bodies with
 * every token, secret, code and key removed and every kennitala and account number masked. A header or field it does
 * not know is removed, not kept: a bank that adds one shows its name, never its value. Where a body cannot be read
 * as it claims (broken JSON, a form with a stray line), it is redacted as text, which finds the same fields by name.
 */
export { REMOVED };

/** Body fields that are secrets whatever they hold (OAuth and the bank's). */
const SECRET_NAME = String.raw`[\w-]*(?:token|secret|password|passwd|code_verifier|assertion|api_?key|apikey|authorization|cookie|nonce)[\w-]*|code|state`;
const SECRET_FIELD = new RegExp(`^(?:${SECRET_NAME})$`, 'i');
/** The same fields written in a text: `"name": "value"` (JSON) or `name=value` (a form, a query). */
const SECRET_JSON_TEXT = new RegExp(`("(?:${SECRET_NAME})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|[^,}\\s]+)`, 'gi');
const SECRET_FORM_TEXT = new RegExp(`(^|[?&#;\\s])((?:${SECRET_NAME})=)[^&#;\\s]*`, 'gi');

/** A JWT or a credential written out after its scheme. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const CREDENTIAL = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/**
 * A run of nine or more digits, single spaces, dots or dashes allowed between them, wherever it stands (glued to a
 * word, in a longer number, in an IBAN): a kennitala, an account number, or something that may hold one.
 */
const DIGIT_RUN = /\d(?:[ .-]?\d){8,}/g;
/** A body past this is read as text, its first part only: the call list shows the first CALL_BODY_MAX_CHARS. */
const REDACT_MAX_CHARS = 64 * 1024;
/** Past this depth a JSON value is not walked, and not kept. */
const MAX_DEPTH = 20;

/**
 * A UUID (an initiation's id, a payment's): its hex digits may run nine long across a dash by chance, and it is no
 * customer's number; it is kept whole.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

const maskRun = (run: string): string => {
  const digits = run.replace(/\D/g, '');
  if (digits.length === 10) return maskKennitala(digits.slice(0, 6));
  if (digits.length === 12) return `****-**-**${digits.slice(8)}`;
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
};

/** Kennitölur to their first six digits, account numbers to their last four, any other long number likewise. */
export function maskNumbers(text: string): string {
  let out = '';
  let from = 0;
  for (const uuid of text.matchAll(UUID)) {
    out += text.slice(from, uuid.index).replace(DIGIT_RUN, maskRun) + uuid[0];
    from = uuid.index + uuid[0].length;
  }
  return out + text.slice(from).replace(DIGIT_RUN, maskRun);
}

/**
 * The known secrets (the API key, the client secret, the tokens) in every form a text may carry them: as they are,
 * URL-encoded and in base64. Worked out once a call, not once a value.
 */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 6) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(Buffer.from(secret).toString('base64'));
  }
  return [...forms];
}

/**
 * Text with known secrets (`forms`, from secretForms), secret fields, tokens written out, kennitölur and account
 * numbers taken out.
 */
export function redactText(text: string, forms: readonly string[], options: { credentials?: boolean } = {}): string {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REMOVED);
  out = out
    .replace(JWT, REMOVED)
    .replace(SECRET_JSON_TEXT, (_all, name: string) => `${name}"${REMOVED}"`)
    .replace(SECRET_FORM_TEXT, (_all, before: string, name: string) => `${before}${name}${REMOVED}`);
  if (options.credentials !== false) out = out.replace(CREDENTIAL, (_all, scheme: string) => `${scheme} ${REMOVED}`);
  return maskNumbers(out);
}

/** A URL with its query's and fragment's values removed (a code or a token may ride there). */
function redactUrl(value: string, secrets: readonly string[]): string {
  const [beforeFragment = '', fragment] = value.split('#', 2);
  const [path = '', query] = beforeFragment.split('?', 2);
  const params = (text: string | undefined) =>
    text === undefined
      ? ''
      : text
          .split('&')
          .map((pair) => `${pair.split('=', 1)[0] ?? ''}=${REMOVED}`)
          .join('&');
  return redactText(
    `${path}${query === undefined ? '' : `?${params(query)}`}${fragment === undefined ? '' : `#${params(fragment)}`}`,
    secrets,
  );
}

export function redactHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, 40)) {
    const key = name.toLowerCase().slice(0, 64);
    const text = value.slice(0, 2_000);
    out[key] = !CLEAR_HEADERS.has(key)
      ? REMOVED
      : key === 'location'
        ? redactUrl(text, secrets).slice(0, 400)
        : // A challenge names its scheme (`Bearer realm=...`): no credential follows it.
          redactText(text, secrets, { credentials: key !== 'www-authenticate' }).slice(0, 400);
  }
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'number') {
    const masked = maskNumbers(String(value));
    return masked === String(value) ? value : masked;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REMOVED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      maskNumbers(key),
      SECRET_FIELD.test(key) ? REMOVED : redactValue(inner, secrets, depth + 1),
    ]),
  );
}

/** A body as the call list keeps it: JSON and form bodies field by field, any other text as text; then cut. */
export function redactBody(
  body: string | undefined,
  contentType: string | undefined,
  secrets: readonly string[],
): { body?: string; cutChars?: number } {
  if (body === undefined || body === '') return {};
  let out: string;
  const long = body.length > REDACT_MAX_CHARS;
  const text = long ? body.slice(0, REDACT_MAX_CHARS) : body;
  const json = long ? undefined : parseJson(text);
  const trimmed = text.trim();
  if (json !== undefined) {
    out = JSON.stringify(redactValue(json, secrets, 0), null, 2);
  } else if (
    !long &&
    (contentType?.includes('application/x-www-form-urlencoded') || /^[\w.-]+=[^&\s]*(&[\w.-]+=[^&\s]*)*$/.test(trimmed))
  ) {
    out = [...new URLSearchParams(trimmed)]
      .map(([key, value]) => `${maskNumbers(key)}=${SECRET_FIELD.test(key) ? REMOVED : redactText(value, secrets)}`)
      .join('&');
  } else {
    out = redactText(text, secrets);
  }
  const cut = body.length - text.length + Math.max(0, out.length - CALL_BODY_MAX_CHARS);
  return cut === 0 ? { body: out } : { body: out.slice(0, CALL_BODY_MAX_CHARS), cutChars: cut };
}

function parseJson(body: string): unknown {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    // Written again after the walk: a value too deep for that is no JSON the list keeps.
    JSON.stringify(parsed);
    return parsed;
  } catch {
    return undefined;
  }
}

/** A URL as its path, with every query value removed (the call list shows where, not what was asked). */
export function redactPath(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REMOVED;
  }
  const query = [...parsed.searchParams.keys()].map((key) => `${maskNumbers(key)}=${REMOVED}`).join('&');
  return `${maskNumbers(parsed.pathname)}${query ? `?${query}` : ''}`.slice(0, 300);
}

/** The error a failed answer names: the bank's error name, or the sign-in server's OAuth error; a name, nothing else. */
export function errorCodeOf(status: number | undefined, body: string | undefined): string | undefined {
  if (status === undefined || status < 400 || body === undefined) return undefined;
  const json = parseJson(body.slice(0, REDACT_MAX_CHARS));
  if (!json || typeof json !== 'object') return undefined;
  const { name, error } = json as { name?: unknown; error?: unknown };
  const code = typeof name === 'string' ? name : typeof error === 'string' ? error : undefined;
  return code && /^[A-Za-z][A-Za-z_-]{0,63}$/.test(code) ? code : undefined;
}
