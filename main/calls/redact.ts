import { CLEAR_HEADERS, REMOVED } from '../../common/bank-calls.ts';
import { isCatalogued, keepsShape } from './body-fields.ts';

/**
 * What of a call's text may be kept and shown (docs/BANK-CALLS.md): headers known to hold nothing secret, paths and
 * addresses with their query values removed, and in whatever is kept every token, known secret, kennitala and account
 * number taken out. A header it does not know is removed, not kept. Bodies are walked field by field
 * (redact-body.ts), on an allow-list; this is the second net under what that list keeps.
 */
export { REMOVED };

/** What stands for a text that was not kept, with its length (in characters as a person counts them). */
export const removedText = (length: number): string => `[removed, length ${length}]`;
/** A kennitala, not one digit of it. */
export const KENNITALA_MASK = '******-****';

/** Body fields that are secrets whatever they hold (OAuth and the bank's). */
const SECRET_NAME = String.raw`[\w-]*(?:token|secret|password|passwd|code_verifier|assertion|api_?key|apikey|authorization|cookie|nonce)[\w-]*|code|state`;
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
/** A body past this is not read: the call list shows the first CALL_BODY_MAX_CHARS. */
export const REDACT_MAX_CHARS = 64 * 1024;

/**
 * A UUID (an initiation's id, a payment's): its hex digits may run nine long across a dash by chance, and it is no
 * customer's number; it is kept whole.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** An account number (or any long number) to its last two digits; one of twelve digits keeps its dashes' places. */
export function maskAccount(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 2) return '**';
  if (digits.length === 12) return `****-**-****${digits.slice(10)}`;
  return `${'*'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}

const maskRun = (run: string): string => {
  const digits = run.replace(/\D/g, '');
  return digits.length === 10 ? KENNITALA_MASK : maskAccount(digits);
};

/** Kennitölur to none of their digits, account numbers to their last two, any other long number likewise. */
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
