/**
 * The two free texts of a payment: EndToEndIdentification (the payer's reference, at most 35 characters) and
 * ExtendedReference (at most 140). Printable characters only: no control or formatting characters, which a
 * bank's systems may choke on and a person cannot see.
 */
export const END_TO_END_MAX = 35;
export const EXTENDED_REFERENCE_MAX = 140;
/** ISO 20022's word for "the payer gave no reference", sent when the field is left empty. */
export const END_TO_END_NOT_PROVIDED = 'NOTPROVIDED';

export type ReferenceError = 'too_long' | 'not_printable';
export type ReferenceCheck = { ok: true; value: string } | { ok: false; error: ReferenceError };

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u;

function checkText(input: string, max: number): ReferenceCheck {
  const value = input.trim();
  if (NOT_PRINTABLE.test(value)) return { ok: false, error: 'not_printable' };
  // Counted in characters as a person sees them (code points), not UTF-16 units.
  if ([...value].length > max) return { ok: false, error: 'too_long' };
  return { ok: true, value };
}

export const checkEndToEndId = (input: string): ReferenceCheck => checkText(input, END_TO_END_MAX);
export const checkExtendedReference = (input: string): ReferenceCheck => checkText(input, EXTENDED_REFERENCE_MAX);
