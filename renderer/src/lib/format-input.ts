import type { AppLocale } from '../../../common/locale.ts';

/**
 * The amount as typed, grouped in thousands the way the language writes them (`1.500`, `1,500`). Only a run of
 * digits and that language's group separator is regrouped; anything else (a decimal, a letter) is left as typed,
 * so the field's check can say what is wrong with it.
 */
export function regroupAmount(text: string, locale: AppLocale): string {
  const group = locale === 'is' ? '.' : ',';
  const stripped = text.replaceAll(group, '').replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,12}$/.test(stripped)) return text;
  const digits = stripped.replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * What an amount can be made of: digits, and the dots, commas and spaces that group them (Icelandic groups with a
 * dot, English with a comma; either may be pasted). Everything else (a letter, a minus, "kr.") is left out. A decimal
 * comma stays, so the field's check can say that the amount is in whole krónur.
 */
export function amountCharacters(text: string): string {
  return text.replace(/[^\d.,\s\u00a0\u202f]/g, '');
}
