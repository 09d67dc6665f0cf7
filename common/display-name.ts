/**
 * Rules for a name that someone else wrote and the app shows to the customer (issue 26, finding 3): a payment
 * request's name is typed by whoever made the request, so it must not be able to pass for another name. Without zod,
 * so the main process and the renderer apply the same rules.
 *
 * What these rules can do is narrow: they refuse the tricks that make one name look exactly like another (letters of
 * two scripts, marks piled on a letter, invisible characters) and they compare names as people read them. They
 * cannot tell who wrote a name: "Anna Jónsdóttir" typed by a stranger passes them all.
 */

/**
 * Marks one letter may carry after NFC. NFC composes the letters of most languages into one character (þ, ö, á and
 * Vietnamese ệ carry none); a few letters with no composed form carry one or two. Nobody's name needs three.
 */
export const MAX_MARKS_PER_LETTER = 2;

/**
 * Why a name is refused: `scripts`, letters of more than one writing system (a Cyrillic А in "Аnna" looks like a
 * Latin A); `marks`, more than two combining marks on a letter, or a mark on no letter (stacked marks spill over
 * the text around them); `invisible`, a character that shows as nothing (a joiner, a variation selector, a Hangul
 * filler), which makes a name differ from the one it looks like; `styled`, a letter drawn in a style of its own
 * (mathematical bold 𝐀, full-width Ａ, superscript ᴬ: NFKC makes them plain letters, which no name needs) or a dot
 * put on an i or a j that already has one.
 */
export type NameDisguise = 'scripts' | 'marks' | 'invisible' | 'styled';

/**
 * Script groups that may share one name. Chinese, Japanese and Korean names mix Han with kana or hangul, so those
 * are one group; every other script is its own. A letter of a script not listed here counts as `other`: a name of
 * such letters alone is kept, mixed with any listed script it is refused.
 */
const SCRIPT_GROUPS: readonly (readonly [group: string, pattern: RegExp])[] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Syriac', /\p{Script=Syriac}/u],
  ['Thaana', /\p{Script=Thaana}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Gurmukhi', /\p{Script=Gurmukhi}/u],
  ['Gujarati', /\p{Script=Gujarati}/u],
  ['Oriya', /\p{Script=Oriya}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Kannada', /\p{Script=Kannada}/u],
  ['Malayalam', /\p{Script=Malayalam}/u],
  ['Sinhala', /\p{Script=Sinhala}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Lao', /\p{Script=Lao}/u],
  ['Tibetan', /\p{Script=Tibetan}/u],
  ['Myanmar', /\p{Script=Myanmar}/u],
  ['Khmer', /\p{Script=Khmer}/u],
  ['Mongolian', /\p{Script=Mongolian}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Coptic', /\p{Script=Coptic}/u],
  ['Runic', /\p{Script=Runic}/u],
  ['Han', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];
/** Letters that belong to no one script (a kana length mark, modifier letters): they mix with any. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
/**
 * Characters that show as nothing. `Default_Ignorable_Code_Point` covers joiners, variation selectors, the combining
 * grapheme joiner, soft hyphens and the Hangul fillers (which are letters); controls and format characters (bidi
 * overrides among them) are listed too, as a rule of its own should the caller's alphabet ever let them through.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/** The script group of a letter; undefined for letters every script shares. */
function scriptGroup(letter: string): string | undefined {
  if (SHARED.test(letter)) return undefined;
  return SCRIPT_GROUPS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'other';
}

/** The script groups of a name's letters, in the order they first appear. */
export function nameScripts(name: string): string[] {
  const groups = new Set<string>();
  for (const character of name.normalize('NFC')) {
    if (!LETTER.test(character)) continue;
    const group = scriptGroup(character);
    if (group) groups.add(group);
  }
  return [...groups];
}

/** The first reason the name could pass for another one, or undefined. Checked on the name's NFC form. */
export function nameDisguise(name: string): NameDisguise | undefined {
  const text = name.normalize('NFC');
  if (INVISIBLE.test(text)) return 'invisible';
  if (text.normalize('NFKC') !== text || /[ijIJ]\u0307/u.test(text)) return 'styled';
  let onLetter = false;
  let marks = 0;
  for (const character of text) {
    if (LETTER.test(character)) {
      onLetter = true;
      marks = 0;
    } else if (MARK.test(character)) {
      marks += 1;
      if (!onLetter || marks > MAX_MARKS_PER_LETTER) return 'marks';
    } else {
      onLetter = false;
    }
  }
  return nameScripts(text).length > 1 ? 'scripts' : undefined;
}

/**
 * Letters drawn like others that NFKC leaves apart (small capitals, a Latin alpha, a dotless i, the crossed d that
 * passes for ð): compared as the letter they pass for.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  đ: 'ð',
  ı: 'i',
  ɪ: 'i',
  ɑ: 'a',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

/**
 * A name as people compare them at a glance: NFKC, so the wide Ａ and the ligature ﬁ are the letters they look like;
 * case folded (upper then lower, so ß and SS, ı and I, are one); accents set aside (Jonsdottir and Jónsdóttir are
 * one); lookalike letters as the letter they pass for; dots, apostrophes and hyphens dropped ("Anna Jónsdóttir." and
 * "Anna Jóns-dóttir" are "Anna Jónsdóttir"); spaces collapsed and trimmed. Where a key matches too readily, it says
 * "the same name" of a lookalike: a warning more, never one less.
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  return [...folded]
    .map((character) => LOOKALIKES[character] ?? character)
    .join('')
    .replace(/[.'’‘`´\-‐‑–]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Words that say a company, a bank or an authority, as a whole word of the name (its key): the Icelandic company
 * forms (hf., ehf., ohf., sf., slf., ses.), foreign ones, and the bank and fund words Icelandic names end with
 * (Landsbankinn, Íslandsbanki, Arion banki, Sparisjóður …, … lífeyrissjóður). Authorities whose names fraudsters
 * borrow are listed by name. A hint, not a rule: a person may well be called Bank.
 */
const COMPANY_WORDS = new Set([
  'hf',
  'ehf',
  'ohf',
  'sf',
  'slf',
  'ses',
  'svf',
  'ltd',
  'limited',
  'inc',
  'llc',
  'plc',
  'gmbh',
  'corp',
  'corporation',
  'company',
  'bank',
  'skatturinn',
  'ríkisskattstjóri',
  'tollurinn',
  'lögreglan',
  'sýslumaður',
  'sýslumaðurinn',
]);
const COMPANY_ENDINGS = ['banki', 'bankinn', 'bankans', 'bankanum', 'sjóður', 'sjóðurinn', 'sjóðs', 'sjóðsins'];

/** The word lists as keys (accents set aside, as nameKey does), built once. */
const COMPANY_KEYS = new Set([...COMPANY_WORDS].map(nameKey));
const COMPANY_ENDING_KEYS = COMPANY_ENDINGS.map(nameKey);
const SAVINGS_BANK_KEY = nameKey('sparisjóð');

/** The name reads as a company's, a bank's or an authority's (see COMPANY_WORDS). */
export function looksLikeCompany(name: string): boolean {
  return nameKey(name)
    .split(/[\s,&/]+/u)
    .some(
      (word) =>
        COMPANY_KEYS.has(word) ||
        COMPANY_ENDING_KEYS.some((ending) => word.endsWith(ending)) ||
        word.startsWith(SAVINGS_BANK_KEY),
    );
}
