import { CALL_BODY_MAX_CHARS, CLEAR_HEADERS, REMOVED } from '../../common/bank-calls.ts';
import { maskKennitala } from '../../common/kennitala.ts';

/**
 * What of a call may be kept and shown (docs/BANK-CALLS.md): headers known to hold nothing secret, and bodies with
 * every token, secret, code and key removed and every kennitala and account number masked. A header or field it does
 * not know is removed, not kept: a bank that adds one shows its name, never its value.
 */
export { REMOVED };

/** Body fields that are secrets whatever they hold (OAuth and the bank's). */
const SECRET_FIELD =
  /token|secret|password|passwd|^code$|code_verifier|assertion|api_?key|apikey|authorization|cookie|nonce|^state$/i;

/** A JWT or a bearer credential written out. */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** 12 digits, with or without dashes, as 4-2-6: an account number. */
const ACCOUNT = /(?<![\w-])(\d{4})-?(\d{2})-?(\d{2})(\d{4})(?![\w-])/g;
/** 10 digits, with or without a dash after 6: a kennitala. */
const KENNITALA = /(?<![\w-])(\d{6})-?(\d{4})(?![\w-])/g;

/** Account numbers to their last four digits, kennitölur to their first six. */
export function maskNumbers(text: string): string {
  return text
    .replace(ACCOUNT, (_all, _a: string, _b: string, _c: string, last: string) => `****-**-**${last}`)
    .replace(KENNITALA, (_all, first: string) => maskKennitala(first));
}

/** Text with known secrets, tokens written out, kennitölur and account numbers taken out. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join(REMOVED);
  return maskNumbers(out.replace(JWT, REMOVED).replace(BEARER, (_all, scheme: string) => `${scheme} ${REMOVED}`));
}

export function redactHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, 40)) {
    const key = name.toLowerCase().slice(0, 64);
    out[key] = CLEAR_HEADERS.has(key) ? redactText(value, secrets).slice(0, 400) : REMOVED;
  }
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'number') {
    const masked = Number.isInteger(value) ? maskNumbers(String(value)) : String(value);
    return masked === String(value) ? value : masked;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
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
  const json = parseJson(body);
  if (json !== undefined) {
    out = JSON.stringify(redactValue(json, secrets, 0), null, 2);
  } else if (
    contentType?.includes('application/x-www-form-urlencoded') ||
    /^[\w.-]+=[^&\s]*(&[\w.-]+=[^&\s]*)*$/.test(body)
  ) {
    const form = new URLSearchParams(body);
    out = [...form]
      .map(([key, value]) => `${key}=${SECRET_FIELD.test(key) ? REMOVED : redactText(value, secrets)}`)
      .join('&');
  } else {
    out = redactText(body, secrets);
  }
  if (out.length <= CALL_BODY_MAX_CHARS) return { body: out };
  return { body: out.slice(0, CALL_BODY_MAX_CHARS), cutChars: out.length - CALL_BODY_MAX_CHARS };
}

function parseJson(body: string): unknown {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
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
  const query = [...parsed.searchParams.keys()].map((key) => `${key}=${REMOVED}`).join('&');
  return `${maskNumbers(parsed.pathname)}${query ? `?${query}` : ''}`.slice(0, 300);
}

/** The error a failed answer names: the bank's error name, or the sign-in server's OAuth error. */
export function errorCodeOf(status: number | undefined, body: string | undefined): string | undefined {
  if (status === undefined || status < 400 || body === undefined) return undefined;
  const json = parseJson(body);
  if (!json || typeof json !== 'object') return undefined;
  const { name, error } = json as { name?: unknown; error?: unknown };
  const code = typeof name === 'string' ? name : typeof error === 'string' ? error : undefined;
  return code && /^[\w.-]{1,64}$/.test(code) ? code : undefined;
}
