import { localeTag, type AppLocale } from './locale.ts';

/**
 * Amounts in Icelandic krónur. ISK has no minor unit, so an amount is a whole number of krónur. People type
 * `1.500` (Icelandic) or `1,500` (English): a separator followed by exactly three digits groups thousands in
 * either locale, so both mean fifteen hundred; `1,5` and `1.5` would be a fraction in one locale and a typo in
 * the other, and are refused rather than guessed.
 */
export const DAILY_LIMIT_ISK = 200_000;

export type AmountError = 'empty' | 'format' | 'fraction' | 'zero' | 'negative' | 'over_limit';
export type AmountCheck = { ok: true; value: number } | { ok: false; error: AmountError };

const CURRENCY = /^(?:isk|kr\.?)\s*|\s*(?:isk|kr\.?)$/giu;
/** Thousands grouped by one kind of separator, used throughout: `1.500.000`, `1,500,000`, `1 500 000`. */
const GROUPED = /^\d{1,3}(?<sep>[.,\s\u00a0\u202f])\d{3}(?:\k<sep>\d{3})*$/u;
/** Something that ends in a decimal part: `1,5`, `1.50`, `1.500,00`. */
const FRACTION = /^\d[\d.,\s\u00a0\u202f]*[.,]\d{1,2}$/u;

/** Parses what a person typed into whole krónur; does not apply the limits (see `checkAmount`). */
export function parseIskAmount(input: string): AmountCheck {
  let text = input.trim().replace(CURRENCY, '').trim();
  if (text === '') return { ok: false, error: 'empty' };
  const negative = /^[-\u2212]/u.test(text);
  if (negative) text = text.slice(1).trim();
  if (!/^\d+$/.test(text) && !GROUPED.test(text)) {
    return { ok: false, error: FRACTION.test(text) ? 'fraction' : 'format' };
  }
  const digits = text.replace(/\D/gu, '');
  if (digits.length > 15) return { ok: false, error: 'over_limit' };
  const value = Number(digits);
  if (negative && value !== 0) return { ok: false, error: 'negative' };
  return { ok: true, value };
}

/** The service's rules for one payment: more than zero, whole krónur, at most the daily limit. */
export function checkAmount(value: number, limit: number = DAILY_LIMIT_ISK): AmountCheck {
  if (!Number.isFinite(value)) return { ok: false, error: 'format' };
  if (!Number.isInteger(value)) return { ok: false, error: 'fraction' };
  if (value < 0) return { ok: false, error: 'negative' };
  if (value === 0) return { ok: false, error: 'zero' };
  if (value > limit) return { ok: false, error: 'over_limit' };
  return { ok: true, value };
}

/** Parse and check in one: what a form field needs. */
export function parseAndCheckAmount(input: string, limit: number = DAILY_LIMIT_ISK): AmountCheck {
  const parsed = parseIskAmount(input);
  return parsed.ok ? checkAmount(parsed.value, limit) : parsed;
}

/** `1.500 kr.` in Icelandic, `ISK 1,500` in English. */
export function formatIsk(value: number, locale: AppLocale): string {
  return new Intl.NumberFormat(localeTag(locale), {
    style: 'currency',
    currency: 'ISK',
    maximumFractionDigits: 0,
  }).format(value);
}
