import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { localeTag, type AppLocale } from '../../common/locale.ts';
import { compileMessage } from '../../renderer/src/i18n/compile.ts';
import { pluralCategory } from '../../renderer/src/i18n/format.ts';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { messages, parsedCatalogueOf } from '../../renderer/src/i18n/sections.ts';
import { PARSE_OPTIONS } from '../../renderer/src/i18n/syntax.ts';
import { argumentSets, COUNTED, COUNTS, FIXED, placeholdersOf, WRITTEN_COUNT } from './message-samples.ts';

/**
 * Issue 43: the catalogue is ICU MessageFormat (intl-messageformat over the platform's Intl), which a translator knows
 * (docs/TRANSLATING.md). Every message of both languages compiles, and every message with a count reads right for
 * the counts that tell the forms apart, against tables written by hand below.
 */

const LOCALES = ['en', 'is'] as const;
const KEYS = Object.keys(messages.en) as MessageKey[];

function plurals(elements: MessageFormatElement[]): { value: string; options: string[] }[] {
  return elements.flatMap((element) => {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) return [];
    const own = element.type === TYPE.plural ? [{ value: element.value, options: Object.keys(element.options) }] : [];
    return [...own, ...Object.values(element.options).flatMap((option) => plurals(option.value))];
  });
}

describe('every message is ICU MessageFormat', () => {
  it.each(LOCALES)('in %s: each compiles, and a plural names only the language’s categories', (locale) => {
    const categories = new Intl.PluralRules(localeTag(locale)).resolvedOptions().pluralCategories as string[];
    const wrong: string[] = [];
    for (const key of KEYS) {
      let ast: MessageFormatElement[];
      try {
        ast = parse(messages[locale][key], PARSE_OPTIONS);
      } catch (error) {
        wrong.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      for (const { value, options } of plurals(ast)) {
        const stray = options.filter((option) => !/^=\d+$/.test(option) && !categories.includes(option));
        if (stray.length > 0) wrong.push(`${key}: {${value}} has ${stray.join(', ')}, not ${locale}'s`);
        if (!options.includes('other')) wrong.push(`${key}: {${value}} has no "other"`);
      }
      for (const args of argumentSets(messages[locale][key], locale)) {
        const text = compileMessage(messages[locale][key], locale)(args);
        if (/[{}]/.test(text)) wrong.push(`${key}: "${text}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no typewriter apostrophe, which quotes in ICU; the typographic ’ is the apostrophe', () => {
    const found = LOCALES.flatMap((locale) =>
      KEYS.filter((key) => messages[locale][key].includes("'")).map((key) => `${locale} ${key}`),
    );
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('in %s: reads the same from the build’s parsed catalogue as from the text', (locale) => {
    const parsed = parsedCatalogueOf(locale);
    for (const key of KEYS) {
      for (const args of argumentSets(messages[locale][key], locale)) {
        expect(compileMessage(parsed[key], locale)(args), key).toBe(
          compileMessage(messages[locale][key], locale)(args),
        );
      }
    }
  });

  it('says a value that ends in a full stop once, and fills in a count given written out', () => {
    expect(translate('is', 'field.amount.over_limit', { limit: '200.000 kr.' })).toBe(
      'Ein greiðsla getur mest verið 200.000 kr.',
    );
    expect(translate('is', 'calls.count', { count: '1.021' })).toBe('1.021 kall');
    expect(translate('en', 'calls.count', { count: '1,021' })).toBe('1,021 calls');
  });
});

/**
 * Which form each count takes, written by hand. Icelandic (CLDR): `one` for a whole number ending in 1 but not in 11
 * (1, 21, 101), `other` for the rest; English: `one` for 1 only.
 */
const CATEGORY: Record<AppLocale, Record<(typeof COUNTS)[number], 'one' | 'other'>> = {
  is: { 0: 'other', 1: 'one', 2: 'other', 5: 'other', 11: 'other', 21: 'one', 101: 'one', 1000: 'other' },
  en: { 0: 'other', 1: 'one', 2: 'other', 5: 'other', 11: 'other', 21: 'other', 101: 'other', 1000: 'other' },
};
/** A count as `#` writes it: grouped as the language groups (1.000 / 1,000). */
const written = (count: number, locale: AppLocale) => (count === 1000 ? WRITTEN_COUNT[locale] : String(count));

/**
 * Every counted message, by hand: its `one` form and its `other` form, `#` standing for the count, and the form said
 * for exactly one where the message has an `=1`. A message that is a `.one`/`.other` pair (picked by pluralCategory,
 * screens/history/show.ts pluralKey) is named without the ending. A new counted message is added here.
 */
type Forms = readonly [one: string, other: string, exactlyOne?: string];
const IS: Record<string, Forms> = {
  'nav.historyBadge': ['(# ný)', '(# nýjar)'],
  'pay.waiting': ['# greiðsla bíður svars.', '# greiðslur bíða svars.'],
  'field.text.too_long': ['Of langt: mest # stafur.', 'Of langt: mest # stafir.'],
  'grant.endsInDays': [
    'Aðgangur þinn að bankanum rennur út 26. nóvember 2026, eftir # dag.',
    'Aðgangur þinn að bankanum rennur út 26. nóvember 2026, eftir # daga.',
  ],
  'history.count': ['# greiðsla', '# greiðslur'],
  'history.exported': [
    'Vistaði # greiðslu í skrána greidslur-2026-11-26.csv í möppunni /home/anna/Skjöl.',
    'Vistaði # greiðslur í skrána greidslur-2026-11-26.csv í möppunni /home/anna/Skjöl.',
  ],
  'history.detail.sentTimes': [
    'Reynt # sinni, alltaf með sama auðkenni',
    'Reynt # sinnum, alltaf með sama auðkenni',
    'Reynt einu sinni, alltaf með sama auðkenni',
  ],
  'due.overdueCount': [
    'Fyrsti gjalddagi var mán., 30. nóv. (# greiðsla)',
    'Fyrsti gjalddagi var mán., 30. nóv. (# greiðslur)',
  ],
  'due.times': ['# sinni alls', '# sinnum alls', 'einu sinni alls'],
  'due.remind': ['Áminning # degi áður', 'Áminning # dögum áður', 'Áminning daginn áður'],
  'schedule.remind.days': ['# degi áður', '# dögum áður', 'Daginn áður'],
  'due.skipOverdue.question': [
    'Sleppa # greiðslu með gjalddaga frá 27. nóv. til 11. des.? Engin þeirra verður greidd.',
    'Sleppa # greiðslum með gjalddaga frá 27. nóv. til 11. des.? Engin þeirra verður greidd.',
  ],
  'due.skippedOverdue': [
    '# greiðslu með gjalddaga frá 27. nóv. til 11. des. var sleppt.',
    '# greiðslum með gjalddaga frá 27. nóv. til 11. des. var sleppt.',
  ],
  'lock.triesLeft': [
    '# tilraun eftir áður en öllum innskráningum lýkur.',
    '# tilraunir eftir áður en öllum innskráningum lýkur.',
  ],
  'lock.settings.on': [
    'Forritið biður um aðgangskóðann þegar það ræsist, eftir # mínútu án notkunar og þegar tölvan læsist.',
    'Forritið biður um aðgangskóðann þegar það ræsist, eftir # mínútur án notkunar og þegar tölvan læsist.',
  ],
  'lock.settings.presence': [
    'Fyrir greiðslu biður það aftur um hann ef meira en # sekúnda er liðin frá því að þú slóst hann síðast inn.',
    'Fyrir greiðslu biður það aftur um hann ef meira en # sekúndur eru liðnar frá því að þú slóst hann síðast inn.',
  ],
  'lock.settings.minutes': ['# mínútu', '# mínútur'],
  'backup.problem.tooLong': [
    'Lykilsetningin er of löng: notaðu mest # staf.',
    'Lykilsetningin er of löng: notaðu mest # stafi.',
  ],
  'backup.count.payments': ['# greiðslu', '# greiðslur'],
  'backup.count.accounts': ['# reikning', '# reikninga'],
  'backup.count.payees': ['# viðtakanda', '# viðtakendur'],
  'backup.count.due': ['# greiðslu á gjalddaga', '# greiðslur á gjalddaga'],
  'calls.count': ['# kall', '# köll'],
  'calls.dropped': [
    'Til að halda listanum stuttum var # elsta kallinu sleppt.',
    'Til að halda listanum stuttum var # elstu köllunum sleppt.',
  ],
  'calls.detail.cut': [
    'Meginmálið var lengra: afgangurinn af því, # stafur, var klipptur af.',
    'Meginmálið var lengra: afgangurinn af því, # stafir, var klipptur af.',
  ],
  'sandbox.offset.hours': ['# klukkustund á undan tíma forritsins.', '# klukkustundum á undan tíma forritsins.'],
  'sandbox.offset.days': ['# degi á undan tíma forritsins.', '# dögum á undan tíma forritsins.'],
  'sandbox.offset.daysHours': [
    '# degi og # klukkustund á undan tíma forritsins.',
    '# dögum og # klukkustundum á undan tíma forritsins.',
  ],
  'sandbox.fault.times': ['# sinni', '# sinnum', 'einu sinni'],
};
const EN: Record<string, Forms> = {
  'pay.waiting': ['# payment is waiting for an answer.', '# payments are waiting for an answer.'],
  'field.text.too_long': ['Too long: at most # character.', 'Too long: at most # characters.'],
  'grant.endsInDays': [
    'Your bank access ends on 26. nóvember 2026, in # day.',
    'Your bank access ends on 26. nóvember 2026, in # days.',
  ],
  'history.count': ['# payment', '# payments'],
  'history.exported': [
    'Saved # payment to greidslur-2026-11-26.csv in /home/anna/Skjöl.',
    'Saved # payments to greidslur-2026-11-26.csv in /home/anna/Skjöl.',
  ],
  'history.detail.sentTimes': [
    'Tried # time, always with the same request id',
    'Tried # times, always with the same request id',
  ],
  'due.overdueCount': ['Overdue since mán., 30. nóv. (# payment)', 'Overdue since mán., 30. nóv. (# payments)'],
  'due.times': ['# time in all', '# times in all'],
  'due.remind': ['Reminder # day before', 'Reminder # days before'],
  'schedule.remind.days': ['# day before', '# days before'],
  'due.skipOverdue.question': [
    'Skip the # overdue payment, from 27. nóv. to 11. des.? None of them will be paid.',
    'Skip the # overdue payments, from 27. nóv. to 11. des.? None of them will be paid.',
  ],
  'due.skippedOverdue': [
    '# overdue payment, from 27. nóv. to 11. des., skipped.',
    '# overdue payments, from 27. nóv. to 11. des., skipped.',
  ],
  'lock.triesLeft': ['# try left before every sign-in ends.', '# tries left before every sign-in ends.'],
  'lock.settings.on': [
    'The app asks for your passcode when it starts, after # minute without use, and when your computer locks.',
    'The app asks for your passcode when it starts, after # minutes without use, and when your computer locks.',
  ],
  'lock.settings.presence': [
    'Before a payment it asks again if more than # second has passed since you last entered it.',
    'Before a payment it asks again if more than # seconds have passed since you last entered it.',
  ],
  'lock.settings.minutes': ['# minute', '# minutes'],
  'backup.problem.tooLong': [
    'The passphrase is too long: use at most # character.',
    'The passphrase is too long: use at most # characters.',
  ],
  'backup.count.payments': ['# payment', '# payments'],
  'backup.count.accounts': ['# account', '# accounts'],
  'backup.count.payees': ['# payee', '# payees'],
  'backup.count.due': ['# payment that comes due', '# payments that come due'],
  'calls.count': ['# call', '# calls'],
  'calls.dropped': [
    'To keep the list small, the oldest # call was dropped.',
    'To keep the list small, the oldest # calls were dropped.',
  ],
  'calls.detail.cut': [
    'The body was longer: the rest of it, # character, was cut.',
    'The body was longer: the rest of it, # characters, was cut.',
  ],
  'sandbox.offset.hours': ['# hour ahead of the app’s time.', '# hours ahead of the app’s time.'],
  'sandbox.offset.days': ['# day ahead of the app’s time.', '# days ahead of the app’s time.'],
  'sandbox.offset.daysHours': [
    '# day and # hour ahead of the app’s time.',
    '# days and # hours ahead of the app’s time.',
  ],
  'sandbox.fault.times': ['# time', '# times'],
};
const TABLE: Record<AppLocale, Record<string, Forms>> = { is: IS, en: EN };

/** The messages with a count in a plural, and the `.one`/`.other` pairs, named as the tables name them. */
function counted(locale: AppLocale): string[] {
  const names = KEYS.flatMap((key) => {
    if (/^(.*)\.(one|other)$/.test(key) && placeholdersOf(messages[locale][key]).some((name) => COUNTED.has(name)))
      return [key.replace(/\.(one|other)$/, '')];
    return /\{\w+, plural,/.test(messages[locale][key]) ? [key] : [];
  });
  return [...new Set(names)].sort();
}

describe('counted messages, against the tables written by hand', () => {
  it.each(LOCALES)('the table of forms is CLDR’s rule as Intl.PluralRules has it in %s', (locale) => {
    const rules = new Intl.PluralRules(localeTag(locale));
    expect(rules.resolvedOptions().pluralCategories.sort()).toEqual(['one', 'other']);
    for (const count of COUNTS) expect(rules.select(count), String(count)).toBe(CATEGORY[locale][count]);
  });

  it.each(LOCALES)('every counted message of %s is in the table, and the table has no other', (locale) => {
    expect(Object.keys(TABLE[locale]).sort()).toEqual(counted(locale));
  });

  it.each(LOCALES.flatMap((locale) => COUNTS.map((count) => [locale, count] as const)))(
    'in %s, for a count of %i',
    (locale, count) => {
      for (const [name, [one, other, exactlyOne]] of Object.entries(TABLE[locale])) {
        const category = CATEGORY[locale][count];
        const key = (name in messages[locale] ? name : `${name}.${pluralCategory(count, locale)}`) as MessageKey;
        const pair = key !== name;
        const args = Object.fromEntries(
          placeholdersOf(messages[locale][key]).map((arg) => [
            arg,
            COUNTED.has(arg) ? (pair ? written(count, locale) : count) : (FIXED[arg] ?? arg),
          ]),
        );
        const expected =
          count === 1 && exactlyOne !== undefined
            ? exactlyOne
            : (category === 'one' ? one : other).replaceAll('#', written(count, locale));
        expect(translate(locale, key, args), `${locale} ${key}`).toBe(expected);
      }
    },
  );
});
