import { CLEAR_HEADERS, REMOVED } from '../../common/bank-calls.ts';
import { maskNumbers, redactText } from '../redaction/redact-text.ts';
import { isCatalogued, keepsShape } from './body-fields.ts';

/**
 * What of a call's text may be kept and shown (docs/BANK-CALLS.md): headers known to hold nothing secret, paths and
 * addresses with their query values removed, and in whatever is kept every token, known secret, kennitala and account
 * number taken out. A header it does not know is removed, not kept. Bodies are walked field by field
 * (redact-body.ts), on an allow-list; this is the second net under what that list keeps.
 */
export { REMOVED };
// The text's own redaction (known secrets, tokens, numbers) is shared with the app's log: main/redaction/.
export { KENNITALA_MASK, maskAccount, maskNumbers, redactText, secretForms } from '../redaction/redact-text.ts';

/** What stands for a text that was not kept, with its length (in characters as a person counts them). */
export const removedText = (length: number): string => `[removed, length ${length}]`;
/** A body past this is not read: the call list shows the first CALL_BODY_MAX_CHARS. */
export const REDACT_MAX_CHARS = 64 * 1024;

/** Whether `value` holds one of the customer's texts seen in this call (a bank's answer echoing a reference). */
export const echoes = (value: string, known: readonly string[]): boolean =>
  known.some((text) => text.length >= 3 && value.includes(text));

/** A URL with its query's and fragment's values removed (a code or a token may ride there). */
export function redactUrl(value: string, secrets: readonly string[]): string {
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

/** Headers: only those known to hold nothing secret keep a value, and not one that echoes a customer's text. */
export function redactHeaders(
  headers: Record<string, string>,
  secrets: readonly string[],
  known: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, 40)) {
    const key = name.toLowerCase().slice(0, 64);
    const text = value.slice(0, 2_000);
    out[key] =
      !CLEAR_HEADERS.has(key) || echoes(text, known)
        ? REMOVED
        : key === 'location'
          ? redactUrl(text, secrets).slice(0, 400)
          : // A challenge names its scheme (`Bearer realm=...`): no credential follows it.
            redactText(text, secrets, { credentials: key !== 'www-authenticate' }).slice(0, 400);
  }
  return out;
}

/** A text as JSON, or undefined where it is none (or one too deep to be written again). */
export function parseJson(body: string): unknown {
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

/**
 * A URL as its path, with every query value removed (the call list shows where, not what was asked). A segment that
 * is not a plain word (escaped: a space, a letter outside ASCII), or that holds a customer's text, is removed too.
 */
export function redactPath(url: string, known: readonly string[] = []): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REMOVED;
  }
  const query = [...parsed.searchParams.keys()]
    .map((key) => `${/^[\w.-]{1,40}$/.test(key) ? maskNumbers(key) : REMOVED}=${REMOVED}`)
    .join('&');
  const path = parsed.pathname
    .split('/')
    .map((segment) => (segment.includes('%') || echoes(segment, known) ? REMOVED : maskNumbers(segment)))
    .join('/');
  return `${path}${query ? `?${query}` : ''}`.slice(0, 300);
}

/**
 * The error a failed answer names: the bank's error name, or the sign-in server's OAuth error; a name shaped as no
 * person's is (body-fields.ts), and none that echoes a customer's text.
 */
export function errorCodeOf(
  status: number | undefined,
  body: string | undefined,
  known: readonly string[] = [],
): string | undefined {
  if (status === undefined || status < 400 || body === undefined) return undefined;
  const json = parseJson(body.slice(0, REDACT_MAX_CHARS));
  if (!json || typeof json !== 'object') return undefined;
  const { name, error } = json as { name?: unknown; error?: unknown };
  const code = typeof name === 'string' ? name : typeof error === 'string' ? error : undefined;
  return code && code.length <= 64 && keepsShape('errorName', code) && (isCatalogued(code) || !echoes(code, known))
    ? code
    : undefined;
}
