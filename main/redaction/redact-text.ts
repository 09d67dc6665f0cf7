import { REMOVED } from '../../common/bank-calls.ts';

/**
 * A text's redaction, shared by the call list (main/calls/redact.ts, which keeps what of a call may be shown) and the
 * app's own log (main/log/app-log.ts): the run's known secrets in every form, secret fields, tokens and credentials
 * written out, kennitölur and account numbers taken out. Pure: it knows no call, no log and no folder of main.
 */

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
