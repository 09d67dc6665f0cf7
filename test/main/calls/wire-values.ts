import { bankErrorTable } from '../../../common/bank-errors.ts';
import type { WireExchange } from './witness-proxy.ts';

/**
 * Every secret and personal value a run put on the wire, as the witness saw it: what the support bundle, the call
 * list and the data folder must never hold. Found from the wire itself (not from what the test meant to send), so a
 * value the app sends that nobody thought of is looked for too.
 */
export interface WireValues {
  /** Tokens, codes, the verifier, the client secret, the API key: looked for as they are. */
  secrets: string[];
  /** Kennitölur and account numbers, and the halves of them that say who someone is. */
  numbers: string[];
  /** What a customer typed or a bank said about a person: references, texts, names. */
  texts: string[];
}

/** The bank's own words for its errors: nobody's private text (a message that differs from them may be). */
const CATALOGUED = new Set<string>(Object.values(bankErrorTable).map((row) => row.message));

const CREDIT_TRANSFERS = /\/CreditTransfers(\/|$|\?)/;

/** A kennitala's forms: whole, with its dash, and each half (the birth date, and the last four). */
export function kennitalaForms(kennitala: string): string[] {
  const digits = kennitala.replace(/\D/g, '');
  return [digits, `${digits.slice(0, 6)}-${digits.slice(6)}`, digits.slice(0, 6), digits.slice(6)];
}

/** An account number's forms beyond its last two digits: whole, dashed, all but the last two, the ledger part. */
export function accountForms(account: string): string[] {
  const digits = account.replace(/\D/g, '');
  return [
    digits,
    `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`,
    digits.slice(0, -2),
    digits.slice(6),
    `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, -2)}`,
  ];
}

function claims(jwt: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const json = (text: string | undefined): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

/** Walks a payment's body (the create request's PascalCase or an answer's camelCase) for its private values. */
function paymentValues(body: unknown, into: WireValues): void {
  if (!body || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const name = key.toLowerCase();
    if (typeof value === 'object') paymentValues(value, into);
    if (typeof value !== 'string' || value === '') continue;
    if (name === 'ownerid') into.numbers.push(...kennitalaForms(value));
    else if (name === 'id' && /\d{12}/.test(value.replace(/\D/g, ''))) into.numbers.push(...accountForms(value));
    else if (name === 'endtoendidentification' || name === 'extendedreference' || name === 'message') {
      if (value !== 'NOTPROVIDED' && !CATALOGUED.has(value)) into.texts.push(value);
    }
  }
}

export function wireValues(seen: readonly WireExchange[]): WireValues {
  const found: WireValues = { secrets: [], numbers: [], texts: [] };
  for (const exchange of seen) {
    const auth = exchange.requestHeaders.authorization;
    for (const scheme of ['Bearer ', 'Basic ']) {
      if (auth?.startsWith(scheme)) found.secrets.push(auth.slice(scheme.length));
    }
    const apiKey = exchange.requestHeaders['apikey'];
    if (typeof apiKey === 'string') found.secrets.push(apiKey);
    const form = new URLSearchParams(exchange.requestBody);
    for (const field of ['code', 'code_verifier', 'client_secret', 'refresh_token']) {
      const value = form.get(field);
      if (value) found.secrets.push(value);
    }
    const answer = json(exchange.responseBody);
    if (exchange.path.startsWith('/as/token') && answer && typeof answer === 'object') {
      for (const field of ['access_token', 'refresh_token', 'id_token']) {
        const token = (answer as Record<string, unknown>)[field];
        if (typeof token !== 'string') continue;
        found.secrets.push(token);
        // Who the token says the customer is: their name and kennitala.
        const { name, kennitala } = claims(token);
        if (typeof name === 'string') found.texts.push(name, ...name.split(' '));
        if (typeof kennitala === 'string') found.numbers.push(...kennitalaForms(kennitala));
      }
    }
    if (CREDIT_TRANSFERS.test(exchange.path)) {
      paymentValues(json(exchange.requestBody), found);
      paymentValues(answer, found);
    }
  }
  const distinct = (values: string[]) => [...new Set(values.filter((value) => value.length >= 4))];
  return { secrets: distinct(found.secrets), numbers: distinct(found.numbers), texts: distinct(found.texts) };
}

/** A value as a JSON text writes it, once and twice over (a body is JSON kept as a string inside JSON). */
const escaped = (value: string): string[] => {
  const once = JSON.stringify(value).slice(1, -1);
  return [value, once, JSON.stringify(once).slice(1, -1)];
};

/**
 * The values found in `text`, as they are or escaped by JSON. A four-digit half of a number counts only standing
 * alone (not inside a longer run of digits, where it may be anything: a length, a time).
 */
export function valuesIn(text: string, values: readonly string[]): string[] {
  return values.filter((value) =>
    /^\d{4}$/.test(value)
      ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(text)
      : escaped(value).some((form) => text.includes(form)),
  );
}
