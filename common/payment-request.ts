import { z } from 'zod';
import { ACCOUNT_DIGITS_PATTERN, normalizeAccountNumber } from './account-number.ts';
import type { Payee } from './address-book.ts';
import { looksLikeCompany, nameDisguise, nameKey } from './display-name.ts';
import { checkAmount, DAILY_LIMIT_ISK } from './isk-amount.ts';
import { checkKennitala, KENNITALA_DIGITS_PATTERN } from './kennitala.ts';
import { PAYEE_NAME_MAX } from './payment-rules.ts';
import { checkExtendedReference, EXTENDED_REFERENCE_MAX } from './references.ts';

// common/ compiles without DOM or Node types; both runtimes have these WHATWG globals.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
interface SearchParams extends Iterable<[string, string]> {
  get(name: string): string | null;
  set(name: string, value: string): void;
  keys(): Iterable<string>;
  toString(): string;
}
declare const URLSearchParams: new (init?: string | Record<string, string> | [string, string][]) => SearchParams;

/**
 * A payment request (issue 19): "pay me", as a link `a2a-wallet://pay?v=1&kt=…&acct=…&name=…&amount=…&msg=…&c=…`
 * and as a QR code of that link. Version 1 has exactly these fields, in this order; `c` is a check value (CRC-32,
 * 8 hex digits) over the rest as URLSearchParams writes them, in that order, so a link retyped or cut short with a
 * mistake in it, or with its fields moved, is refused, not paid. The check value catches accidents only: it has no
 * key, so whoever writes a link computes it for whatever fields they wrote, and a link that passes it may still say
 * anything (issue 26, finding 3). Nothing in a link is vouched for by anyone; its name least of all, which is the
 * requester's own word (see `requestNameClaim`). A link is only ever a way to fill the pay form: every field is
 * checked again there as if typed, and nothing is paid without the customer's review.
 */
export const PAYMENT_REQUEST_SCHEME = 'a2a-wallet';
export const PAYMENT_REQUEST_VERSION = '1';
/** Longer than any link this version makes (a 70-letter name and 140-character message, all escaped). */
export const PAYMENT_REQUEST_MAX_LENGTH = 2000;
export const REQUEST_NAME_MAX = 70;
/**
 * Letters of any language, spaces and the punctuation of names: nothing that could be markup or a command. On top
 * of it, `nameDisguise` (common/display-name.ts) refuses what makes one name look like another.
 */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export const PaymentRequestSchema = z.object({
  kennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  account: z.string().regex(ACCOUNT_DIGITS_PATTERN),
  name: z.string().max(REQUEST_NAME_MAX).optional(),
  amount: z.number().int().positive().max(DAILY_LIMIT_ISK).optional(),
  // Counted in characters as people see them by the rule (checkRequestFields); at most two UTF-16 units each.
  message: z
    .string()
    .max(EXTENDED_REFERENCE_MAX * 2)
    .optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;

/** Why a link is not a payment request this app can use: each has its own explanation on screen. */
export const REQUEST_LINK_ERRORS = [
  'REQUEST_TOO_LONG',
  'REQUEST_NOT_A_LINK',
  'REQUEST_NEWER_VERSION',
  'REQUEST_UNKNOWN_FIELD',
  'REQUEST_CHECK_FAILED',
  'REQUEST_KENNITALA',
  'REQUEST_COMPANY',
  'REQUEST_ACCOUNT',
  'REQUEST_NAME',
  'REQUEST_NAME_SCRIPTS',
  'REQUEST_NAME_MARKS',
  'REQUEST_AMOUNT',
  'REQUEST_MESSAGE',
] as const;
export type RequestLinkError = (typeof REQUEST_LINK_ERRORS)[number];
export type RequestLinkRead = { ok: true; request: PaymentRequest } | { ok: false; error: RequestLinkError };

const FIELDS = ['v', 'kt', 'acct', 'name', 'amount', 'msg', 'c'] as const;

let crcTable: Uint32Array | undefined;
/** CRC-32 (IEEE 802.3, as zlib and PNG use it) of the text's UTF-8 bytes, as 8 hex digits. */
export function crc32Hex(text: string): string {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, index) => {
    let value = index;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value >>> 0;
  });
  const table = crcTable;
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

/** The fields of a request, in the link's order, without the check value. */
function payload(request: PaymentRequest): SearchParams {
  const params = new URLSearchParams({ v: PAYMENT_REQUEST_VERSION, kt: request.kennitala, acct: request.account });
  if (request.name) params.set('name', request.name);
  if (request.amount !== undefined) params.set('amount', String(request.amount));
  if (request.message) params.set('msg', request.message);
  return params;
}

/** The link of a request (whose fields the caller has checked: see `checkRequestFields`). */
export function paymentRequestLink(request: PaymentRequest): string {
  const params = payload(request);
  params.set('c', crc32Hex(params.toString()));
  return `${PAYMENT_REQUEST_SCHEME}://pay?${params.toString()}`;
}

/** The rules of each field, as the pay form would apply them; the first broken one. */
export function checkRequestFields(request: PaymentRequest): RequestLinkError | undefined {
  const kennitala = checkKennitala(request.kennitala);
  if (!kennitala.ok) return kennitala.error === 'company' ? 'REQUEST_COMPANY' : 'REQUEST_KENNITALA';
  if (!ACCOUNT_DIGITS_PATTERN.test(request.account) || !normalizeAccountNumber(request.account)) {
    return 'REQUEST_ACCOUNT';
  }
  if (request.name !== undefined) {
    if (request.name.length > REQUEST_NAME_MAX || !NAME.test(request.name)) return 'REQUEST_NAME';
    const disguise = nameDisguise(request.name);
    if (disguise === 'scripts') return 'REQUEST_NAME_SCRIPTS';
    if (disguise === 'marks') return 'REQUEST_NAME_MARKS';
    if (disguise) return 'REQUEST_NAME';
  }
  if (request.amount !== undefined && !checkAmount(request.amount).ok) return 'REQUEST_AMOUNT';
  if (request.message !== undefined && (request.message === '' || !checkExtendedReference(request.message).ok)) {
    return 'REQUEST_MESSAGE';
  }
  return undefined;
}

/**
 * Whitespace that travel puts into a link: a mail program wraps a long line (a line break, often with the next line
 * indented), a chat app or word processor adds a no-break or zero-width space. A link this app makes has none (a
 * space in a field is written `+`), so all of it goes, wherever it is; the check value still has to match what is
 * left, so no cleaning can make another request out of a link.
 */
const TRAVEL_WHITESPACE = /[\s\u200b-\u200d\u2060\ufeff]+/gu;
export function cleanRequestLink(input: string): string {
  return input.replace(TRAVEL_WHITESPACE, '');
}

/**
 * Reads a link (pasted, opened by the system, or decoded from a QR code), cleaned of whitespace first (see
 * `cleanRequestLink`). Refused: anything long, not this app's
 * `pay` link, of a newer version, with a field this version does not have (or one twice), a check value that does
 * not match (a typo), or a field that breaks its rule (a name mixing scripts or stacking marks among them). The
 * name is read in its NFC form, the one the app shows, compares and sends.
 */
export function readPaymentRequestLink(input: string): RequestLinkRead {
  const fail = (error: RequestLinkError): RequestLinkRead => ({ ok: false, error });
  if (input.length > PAYMENT_REQUEST_MAX_LENGTH) return fail('REQUEST_TOO_LONG');
  const text = cleanRequestLink(input);
  const prefix = `${PAYMENT_REQUEST_SCHEME}://pay?`;
  if (!text.toLowerCase().startsWith(prefix)) return fail('REQUEST_NOT_A_LINK');
  let params: SearchParams;
  try {
    params = new URLSearchParams(text.slice(prefix.length));
  } catch {
    return fail('REQUEST_NOT_A_LINK');
  }
  const names = [...params.keys()];
  const version = params.get('v');
  if (version === null) return fail('REQUEST_NOT_A_LINK');
  if (version !== PAYMENT_REQUEST_VERSION)
    return fail(/^\d{1,3}$/.test(version) ? 'REQUEST_NEWER_VERSION' : 'REQUEST_NOT_A_LINK');
  if (names.some((name) => !(FIELDS as readonly string[]).includes(name)) || new Set(names).size !== names.length) {
    return fail('REQUEST_UNKNOWN_FIELD');
  }
  const kennitala = params.get('kt') ?? '';
  const account = params.get('acct') ?? '';
  const name = params.get('name');
  const amountText = params.get('amount');
  const message = params.get('msg');
  const check = (params.get('c') ?? '').toLowerCase();
  // The check value is over the fields as this version writes them, in its order.
  const written = new URLSearchParams([...params].filter(([field]) => field !== 'c'));
  if (!/^[0-9a-f]{8}$/.test(check) || crc32Hex(written.toString()) !== check) return fail('REQUEST_CHECK_FAILED');
  if (amountText !== null && !/^\d{1,9}$/.test(amountText)) return fail('REQUEST_AMOUNT');
  const request: PaymentRequest = {
    kennitala,
    account,
    ...(name !== null ? { name: name.normalize('NFC') } : {}),
    ...(amountText !== null ? { amount: Number(amountText) } : {}),
    ...(message !== null ? { message } : {}),
  };
  const broken = checkRequestFields(request);
  return broken ? fail(broken) : { ok: true, request };
}

/**
 * What the name of a request is, next to the signed-in customer's saved payees (issue 26, finding 3). The money goes
 * to the request's kennitala and account; its name is whatever the requester typed, so it is only ever their claim.
 * The address book is the one thing the customer has vouched for themselves, so the name is compared with it:
 * - `match`: the kennitala and account are a saved payee's, saved under this name;
 * - `conflict`: a saved payee has this kennitala or this account under another name, or this name with another
 *   kennitala or account (each listed, at most three: the first say enough to stop);
 * - `unknown`: no saved payee has this name, this kennitala or this account;
 * - `unchecked`: nobody is signed in, so there is no address book to compare with.
 * Names are compared by `nameKey` (NFC/NFKC, case, apostrophes and spaces set aside).
 */
export const REQUEST_NAME_CONFLICTS = [
  /** The very kennitala and account saved under another name. */
  'savedAsOther',
  /** This kennitala, with another account, saved under another name. */
  'kennitalaSavedAsOther',
  /** This account, with another kennitala, saved under another name. */
  'accountSavedAsOther',
  /** This name saved with another kennitala. */
  'nameWithOtherKennitala',
  /** This name saved with this kennitala and another account. */
  'nameWithOtherAccount',
] as const;
export type RequestNameConflictKind = (typeof REQUEST_NAME_CONFLICTS)[number];
export const REQUEST_NAME_CONFLICTS_SHOWN = 3;

/** The saved payee a request's name conflicts with, as the customer saved it. */
export const RequestNameConflictSchema = z.object({
  kind: z.enum(REQUEST_NAME_CONFLICTS),
  payeeName: z.string().min(1).max(PAYEE_NAME_MAX),
  kennitala: z.string().regex(KENNITALA_DIGITS_PATTERN),
  account: z.string().regex(ACCOUNT_DIGITS_PATTERN),
});
export type RequestNameConflict = z.infer<typeof RequestNameConflictSchema>;

export const RequestNameClaimSchema = z.object({
  /** Whose word the name is: the requester's own, confirmed by neither the bank nor the app. Always so. */
  claimedBy: z.literal('requester'),
  payees: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('match'), payeeName: z.string().min(1).max(PAYEE_NAME_MAX) }),
    z.object({
      kind: z.literal('conflict'),
      conflicts: z.array(RequestNameConflictSchema).min(1).max(REQUEST_NAME_CONFLICTS_SHOWN),
    }),
    z.object({ kind: z.literal('unknown') }),
    z.object({ kind: z.literal('unchecked') }),
  ]),
  /** The name reads as a company's, a bank's or an authority's, while the kennitala is a person's. */
  companyLike: z.boolean(),
});
export type RequestNameClaim = z.infer<typeof RequestNameClaimSchema>;

type SavedPayee = Pick<Payee, 'name' | 'kennitala' | 'accountNumber'>;

/** How one saved payee stands to the request; undefined where it has nothing in common with it. */
function conflictWith(request: PaymentRequest, key: string, payee: SavedPayee): RequestNameConflictKind | undefined {
  const sameName = nameKey(payee.name) === key;
  const sameKennitala = payee.kennitala === request.kennitala;
  const sameAccount = payee.accountNumber === request.account;
  if (sameName) {
    if (!sameKennitala) return 'nameWithOtherKennitala';
    return sameAccount ? undefined : 'nameWithOtherAccount';
  }
  if (sameKennitala && sameAccount) return 'savedAsOther';
  if (sameKennitala) return 'kennitalaSavedAsOther';
  if (sameAccount) return 'accountSavedAsOther';
  return undefined;
}

/**
 * What a request's name is (see RequestNameClaimSchema); undefined for a request without a name. `payees` is the
 * signed-in customer's address book, undefined where nobody is signed in.
 */
export function requestNameClaim(
  request: PaymentRequest,
  payees: readonly SavedPayee[] | undefined,
): RequestNameClaim | undefined {
  if (request.name === undefined) return undefined;
  const key = nameKey(request.name);
  // A request can only carry a person's kennitala today (a company's is refused), but the flag says what it says.
  const companyLike = looksLikeCompany(request.name) && checkKennitala(request.kennitala).ok;
  const claim = (claimPayees: RequestNameClaim['payees']): RequestNameClaim => ({
    claimedBy: 'requester',
    payees: claimPayees,
    companyLike,
  });
  if (!payees) return claim({ kind: 'unchecked' });
  // The money goes to the kennitala and account: a payee saved with both, under this name, is the one asked for,
  // whatever else the book holds (the same person's other account under the same name, say).
  const same = payees.find(
    (payee) =>
      payee.kennitala === request.kennitala && payee.accountNumber === request.account && nameKey(payee.name) === key,
  );
  if (same) return claim({ kind: 'match', payeeName: same.name });
  const conflicts = payees
    .map((payee) => ({ payee, kind: conflictWith(request, key, payee) }))
    .filter((each): each is { payee: SavedPayee; kind: RequestNameConflictKind } => each.kind !== undefined)
    .sort((a, b) => REQUEST_NAME_CONFLICTS.indexOf(a.kind) - REQUEST_NAME_CONFLICTS.indexOf(b.kind))
    .slice(0, REQUEST_NAME_CONFLICTS_SHOWN)
    .map(({ payee, kind }) => ({
      kind,
      payeeName: payee.name,
      kennitala: payee.kennitala,
      account: payee.accountNumber,
    }));
  return claim(conflicts.length > 0 ? { kind: 'conflict', conflicts } : { kind: 'unknown' });
}
