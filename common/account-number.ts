/**
 * A domestic account number: bank (4 digits), ledger (2) and account (6). The bank's document does not show the
 * wire format; we assume the 12 digits together, and keep that assumption here and nowhere else.
 */
export interface AccountNumber {
  bank: string;
  ledger: string;
  number: string;
}

const ACCOUNT_PATTERN = /^(\d{4})[-\s]?(\d{2})[-\s]?(\d{6})$/;
/** The wire form: what is saved, sent to the bank and crosses the bridge. */
export const ACCOUNT_DIGITS_PATTERN = /^\d{12}$/;

/** Accepts `0133-26-012345`, `0133 26 012345` and `013326012345`; anything else is undefined. */
export function parseAccountNumber(input: string): AccountNumber | undefined {
  const match = ACCOUNT_PATTERN.exec(input.trim());
  if (!match) return undefined;
  const [, bank = '', ledger = '', number = ''] = match;
  return { bank, ledger, number };
}

/** The form sent to the bank: 12 digits. */
export function accountToWire(account: AccountNumber): string {
  return `${account.bank}${account.ledger}${account.number}`;
}

/** The form shown to people: `0133-26-012345`. */
export function formatAccountNumber(account: AccountNumber): string {
  return `${account.bank}-${account.ledger}-${account.number}`;
}

/** Any accepted spelling to the wire form, or undefined. */
export function normalizeAccountNumber(input: string): string | undefined {
  const account = parseAccountNumber(input);
  return account && accountToWire(account);
}

/**
 * How an account is shown wherever people read it (screens, the history export): `0133-26-012345` for one that
 * parses, anything else as it is (a damaged record's placeholder, say), so nothing is hidden.
 */
export function displayAccount(digits: string): string {
  const account = parseAccountNumber(digits);
  return account ? formatAccountNumber(account) : digits;
}
