/**
 * Kennitala, the Icelandic national identification number: DDMMYY, two serial digits, a check digit and a
 * century digit. The service is for individuals only, so a company's number (day + 40) is refused.
 */
export type KennitalaError = 'format' | 'checksum' | 'company' | 'date' | 'century';
export type KennitalaCheck = { ok: true; value: string } | { ok: false; error: KennitalaError };

const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const SHAPE = /^(\d{6})-?(\d{4})$/;
/** The form that is saved, sent to the bank and crosses the bridge: 10 digits. */
export const KENNITALA_DIGITS_PATTERN = /^\d{10}$/;

/** The check digit for the first eight digits, or undefined where the remainder makes none (the number is invalid). */
export function kennitalaCheckDigit(firstEight: string): number | undefined {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstEight[index]), 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  const digit = 11 - remainder;
  return digit === 10 ? undefined : digit;
}

/** Accepts `1203852089` and `120385-2089` (surrounding spaces too); returns the 10 digits. */
export function checkKennitala(input: string): KennitalaCheck {
  const match = SHAPE.exec(input.trim());
  if (!match) return { ok: false, error: 'format' };
  const digits = `${match[1]}${match[2]}`;
  const day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  if (kennitalaCheckDigit(digits.slice(0, 8)) !== Number(digits[8])) return { ok: false, error: 'checksum' };
  if (day >= 41 && day <= 71) return { ok: false, error: 'company' };
  if (day < 1 || day > 31 || month < 1 || month > 12) return { ok: false, error: 'date' };
  if (!['8', '9', '0'].includes(digits[9] ?? '')) return { ok: false, error: 'century' };
  return { ok: true, value: digits };
}

/** `120385-2089`: how a kennitala is written for people. */
export function formatKennitala(digits: string): string {
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** `120385-****`: enough for the customer to recognise it, too little to identify them. */
export function maskKennitala(digits: string): string {
  return `${digits.slice(0, 6)}-****`;
}
