import type { AppLocale } from '../../../common/locale.ts';

/**
 * A whole amount of krónur in words, for the review screen: "eitt þúsund og fimm hundruð krónur", "one thousand
 * five hundred krónur". Up to 999 999 999; Icelandic counts krónur in the feminine and hundreds and thousands in
 * the neuter, and puts "og" before the last part.
 */
type Gender = 'feminine' | 'neuter';

const IS_SMALL = [
  '',
  '',
  '',
  '',
  '',
  'fimm',
  'sex',
  'sjö',
  'átta',
  'níu',
  'tíu',
  'ellefu',
  'tólf',
  'þrettán',
  'fjórtán',
  'fimmtán',
  'sextán',
  'sautján',
  'átján',
  'nítján',
];
const IS_ONE_TO_FOUR: Record<Gender, string[]> = {
  feminine: ['', 'ein', 'tvær', 'þrjár', 'fjórar'],
  neuter: ['', 'eitt', 'tvö', 'þrjú', 'fjögur'],
};
const IS_TENS = ['', '', 'tuttugu', 'þrjátíu', 'fjörutíu', 'fimmtíu', 'sextíu', 'sjötíu', 'áttatíu', 'níutíu'];

/** The parts of 1..999, each a phrase; a part that already holds an "og" (21: "tuttugu og ein") says so. */
function isParts(n: number, gender: Gender): { text: string; compound: boolean }[] {
  const parts: { text: string; compound: boolean }[] = [];
  const unit = (value: number, g: Gender) => (value < 5 ? (IS_ONE_TO_FOUR[g][value] ?? '') : (IS_SMALL[value] ?? ''));
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0)
    parts.push({ text: `${unit(hundreds, 'neuter')} ${hundreds === 1 ? 'hundrað' : 'hundruð'}`, compound: false });
  if (rest >= 20) {
    const tens = IS_TENS[Math.floor(rest / 10)] ?? '';
    const ones = rest % 10;
    parts.push(ones ? { text: `${tens} og ${unit(ones, gender)}`, compound: true } : { text: tens, compound: false });
  } else if (rest > 0) {
    parts.push({ text: unit(rest, gender), compound: false });
  }
  return parts;
}

function joinIs(parts: { text: string; compound: boolean }[]): string {
  if (parts.length < 2) return parts[0]?.text ?? '';
  const last = parts[parts.length - 1];
  const head = parts.slice(0, -1).map((part) => part.text);
  return last && !last.compound ? `${head.join(' ')} og ${last.text}` : [...head, last?.text].join(' ');
}

function icelandic(n: number): string {
  if (n === 0) return 'núll krónur';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: { text: string; compound: boolean }[] = [];
  if (millions) {
    const plural = millions % 10 !== 1 || millions % 100 === 11;
    parts.push({
      text: `${joinIs(isParts(millions, 'feminine'))} ${plural ? 'milljónir' : 'milljón'}`,
      compound: false,
    });
  }
  if (thousands) parts.push({ text: `${joinIs(isParts(thousands, 'neuter'))} þúsund`, compound: false });
  parts.push(...isParts(rest, 'feminine'));
  const singular = n % 10 === 1 && n % 100 !== 11;
  return `${joinIs(parts)} ${singular ? 'króna' : 'krónur'}`;
}

const EN_SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function englishBelowThousand(n: number, and: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds) words.push(`${EN_SMALL[hundreds]} hundred`);
  if (rest) {
    if (hundreds || and) words.push('and');
    const ones = rest % 10;
    words.push(
      rest < 20 ? (EN_SMALL[rest] ?? '') : `${EN_TENS[Math.floor(rest / 10)]}${ones ? `-${EN_SMALL[ones]}` : ''}`,
    );
  }
  return words.join(' ');
}

function english(n: number): string {
  if (n === 0) return 'zero krónur';
  const groups: [number, string][] = [
    [Math.floor(n / 1_000_000), 'million'],
    [Math.floor((n % 1_000_000) / 1000), 'thousand'],
    [n % 1000, ''],
  ];
  const words: string[] = [];
  for (const [value, name] of groups) {
    if (!value) continue;
    // British English: "one thousand and five", but "one thousand five hundred".
    const and = name === '' && words.length > 0 && value < 100;
    words.push([englishBelowThousand(value, and), name].filter(Boolean).join(' '));
  }
  return `${words.join(' ')} ${n === 1 ? 'króna' : 'krónur'}`;
}

export function amountInWords(value: number, locale: AppLocale): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999_999) return '';
  return locale === 'is' ? icelandic(value) : english(value);
}
