import { bankErrorTable } from '../../common/bank-errors.ts';

/**
 * The allow-list of what a recorded body may keep (docs/BANK-CALLS.md, "What a call shows"): the fields support needs
 * (amounts, currency, statuses, ids, error names and codes, times, the sign-in server's addresses), each with the
 * shape its value must have to be kept. Every other field is a customer's text until known otherwise: its value is
 * replaced by a word saying so, with its length. A bank that adds a field shows its name, never its value.
 */
export type FieldKind =
  /** Removed whole, whatever it holds: a token, a code, a key. */
  | 'secret'
  /** A kennitala: not one digit kept. */
  | 'kennitala'
  /** An account number: its last two digits kept. */
  | 'account'
  | 'amount'
  | 'currency'
  /** A status or a protocol word (token_type, grant_type, alg). */
  | 'word'
  /** The bank's error name, or the sign-in server's OAuth error. */
  | 'errorName'
  /** The bank's error code (ERR_80102_105). In a form it is the sign-in's code, a secret. */
  | 'errorCode'
  /** The bank's error message: kept only word for word as the bank's table has it. */
  | 'message'
  | 'id'
  | 'time'
  /** A count of seconds (expires_in) or a time as a number (iat). */
  | 'count'
  | 'url'
  /** Words separated by spaces, or a list of them (scope, *_supported). */
  | 'words'
  | 'text';

/** Named like a secret whatever it holds (OAuth's and the bank's); `code` in JSON is the bank's error code instead. */
const SECRET =
  /^(?:[\w-]*(?:token|secret|password|passwd|code_verifier|assertion|api_?key|apikey|authorization|cookie|nonce)[\w-]*|code|state)$/i;
const KENNITALA = /^(?:ownerid|kennitala|kt|ssn|nationalid|national_id|personalid|nationalidentificationnumber)$/;
const ACCOUNT = /^(?:account|accountnumber|account_number|accountid|iban|bban)$/;
const WORD =
  /^(?:status|transactionstatus|token_type|grant_type|response_type|code_challenge_method|kty|use|alg|crv|typ)$/;
const ID = /^(?:id|initiationid|paymentid|requestid|x-request-id|kid|client_id|grant_id|jti|transactionid)$/;
const TIME =
  /^(?:paymentdate|createdat|updatedat|date|datetime|timestamp|bookingdate|valuedate|expires_at|creationdatetime)$/;
const COUNT = /^(?:expires_in|refresh_expires_in|iat|exp|nbf|auth_time)$/;
const URL_FIELD = /^(?:issuer|jwks_uri|redirect_uri|href|self|location|[\w]+_endpoint|[\w]+_uri)$/;
const WORDS = /^(?:scope|[\w]+_supported)$/;

/** What a field holds, by its name and the name of the object it is in (`DebtorAccount.Id` is an account number). */
export function fieldKind(key: string, parent: string | undefined, where: 'json' | 'form'): FieldKind {
  const name = key.toLowerCase();
  if (name === 'code') return where === 'json' ? 'errorCode' : 'secret';
  // Protocol words whose names hold "token" but no token.
  if (name === 'token_type' || name === 'token_type_hint') return 'word';
  if (SECRET.test(name)) return 'secret';
  if (KENNITALA.test(name)) return 'kennitala';
  if (ACCOUNT.test(name) || (name === 'id' && parent !== undefined && /account/i.test(parent))) return 'account';
  if (name === 'amount' || name === 'instructedamount') return 'amount';
  if (name === 'currency') return 'currency';
  if (name === 'name' || name === 'error') return 'errorName';
  if (name === 'message') return 'message';
  if (WORD.test(name)) return 'word';
  if (ID.test(name)) return 'id';
  if (TIME.test(name)) return 'time';
  if (COUNT.test(name)) return 'count';
  if (URL_FIELD.test(name)) return 'url';
  if (WORDS.test(name)) return 'words';
  return 'text';
}

const CATALOGUE_NAMES: ReadonlySet<string> = new Set(Object.keys(bankErrorTable));
const CATALOGUE_CODES: ReadonlySet<string> = new Set(Object.values(bankErrorTable).map((row) => row.code));
const CATALOGUE_MESSAGES: ReadonlySet<string> = new Set(Object.values(bankErrorTable).map((row) => row.message));

/** A name, code or message of the bank's own table: public words, kept even where a customer typed the same. */
export const isCatalogued = (value: string): boolean =>
  CATALOGUE_NAMES.has(value) || CATALOGUE_CODES.has(value) || CATALOGUE_MESSAGES.has(value);

/**
 * Whether a value of this kind has the shape it must have to be kept. A shape lets through what support needs and
 * nothing a person writes: a name is a catalogued error or a word no name is (`AmountUnavailable`, `invalid_grant`);
 * a message only word for word the bank's own.
 */
export function keepsShape(kind: FieldKind, value: string): boolean {
  switch (kind) {
    case 'currency':
      return /^[A-Z]{3}$/.test(value);
    case 'amount':
      return /^\d{1,12}(?:\.\d{1,2})?$/.test(value);
    case 'word':
      return /^[A-Za-z][\w.:+-]{0,39}$/.test(value);
    case 'errorName':
      return (
        CATALOGUE_NAMES.has(value) || /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(value) || /^[a-z]+(?:_[a-z]+)+$/.test(value)
      );
    case 'errorCode':
      return CATALOGUE_CODES.has(value) || /^ERR_\d{1,8}(?:_\d{1,8})*$/.test(value);
    case 'message':
      return CATALOGUE_MESSAGES.has(value);
    case 'id':
      return /^[A-Za-z0-9][\w.~:-]{0,127}$/.test(value);
    case 'time':
      return /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.test(value);
    case 'count':
      return /^\d{1,12}$/.test(value);
    case 'words':
      return /^[\w.:/-]{1,64}(?: [\w.:/-]{1,64}){0,40}$/.test(value);
    default:
      return false;
  }
}

/** A field's name as it may be kept: one shaped like a field's name; any other (a text, a number) is not. */
export const KEY_SHAPE = /^[A-Za-z_$@][\w$@.:-]{0,63}$/;
