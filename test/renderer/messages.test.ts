import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankErrorTexts } from '../../common/bank-error-texts.ts';
import type { AppLocale } from '../../common/locale.ts';
import { gmtDay } from '../../common/time.ts';
import { formatDueDate, formatDueDates, ordinal, weekdayEvery } from '../../renderer/src/i18n/due-dates.ts';
import { explainFailure, inAppCurrencyStyle } from '../../renderer/src/i18n/explain-failure.ts';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatGmtTime,
  formatTime,
  pluralCategory,
} from '../../renderer/src/i18n/format.ts';
import { translate, type MessageKey, type Params } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { countList } from '../../renderer/src/screens/settings/backup-texts.ts';

/**
 * Issue 27, "Icelandic that reads right": every message of both languages, filled in as the customer reads it (amounts,
 * dates and times by the real formatters of that language, names, counts), read for the faults a reader notices:
 * `kr..`, a {placeholder} left over, English inside Icelandic, a counted word that does not agree with its count,
 * `kl.` before a date. A rule that holds for every message, so that a new message is held to it too.
 */

const LOCALES = ['en', 'is'] as const;
const KEYS = Object.keys(messages.en) as MessageKey[];
/** 26 November 2026 at 10:36 GMT: a day and a time that cannot be mistaken for a count. */
const AT = Date.parse('2026-11-26T10:36:00Z');
/** The counts every counted word is read with: Icelandic's singular (1, 21) and plural (2, 11). */
const COUNTS = [1, 2, 11, 21] as const;
/** Placeholders that hold a count of something, whose word must agree with it. */
const COUNTED = new Set(['count', 'days', 'hours', 'minutes', 'seconds', 'max']);

/** What each placeholder is filled with where the app fills it, one sample a reading (they take turns). */
function samples(locale: AppLocale, count: number): Record<string, readonly (string | number)[]> {
  const t = (key: MessageKey) => translate(locale, key);
  return {
    amount: [formatAmount(12_500, locale), formatAmount(200_000, locale)],
    limit: [formatAmount(200_000, locale)],
    left: [formatAmount(187_500, locale), formatAmount(0, locale)],
    time: [formatTime(AT, locale), formatGmtTime(AT, locale)],
    date: [formatDate(AT, locale), formatDateTime(AT, locale), gmtDay(AT)],
    dateTime: [formatDateTime(AT, locale)],
    duration: [formatDuration((3 * 60 + 12) * 60_000, locale), formatDuration(59_000, locale)],
    count: [count],
    days: [count],
    hours: [count],
    minutes: [count],
    seconds: [count],
    max: [count],
    name: ['Björn Jónsson', 'Sigríður ehf.'],
    payee: ['Björn Jónsson', '050792-2189'],
    app: ['A2A Wallet'],
    kennitala: ['120385-2089'],
    account: ['0133-26-012345'],
    requestId: ['0b9f5c1e-7d1a-4f0e-9c55-2f1d8e3a6b70'],
    version: ['1.2.3'],
    file: ['greidslur-2026-11-26.csv'],
    fileName: ['kvittun-2026-11-26.pdf'],
    folder: ['/home/anna/Skjöl'],
    environment: [t('env.local-sandbox'), t('receipt.production')],
    masked: ['••••3f9a'],
    message: ['baseUrl'],
    code: ['RJCT'],
    status: [', HTTP 409', ''],
    state: [t('state.settled')],
    port: [80],
    // The how-manieth time a payment is sent: a number, no counted word after it.
    attempt: [2],
    // Payments that come due (i18n/due-dates.ts): a due date, a few of them, "every Friday", "on the 31st".
    when: [formatDueDate('2026-11-30', locale, { today: '2026-11-26' }), formatDueDate('2027-01-31', locale)],
    // The first and the last of the overdue payments Skip all passes over.
    from: [formatDueDate('2026-11-27', locale, { weekday: false, today: '2026-12-15' })],
    to: [formatDueDate('2026-12-11', locale, { weekday: false, today: '2026-12-15' })],
    dates: [formatDueDates(['2026-11-30', '2026-12-31', '2027-01-31'], locale, '2026-11-26')],
    weekday: [weekdayEvery(5, locale)],
    ordinal: [ordinal(31, locale), ordinal(22, locale)],
    // What a backup saved or restored (screens/settings/backup-texts.ts): its counts as one list, or one of them.
    list: [
      countList((key, params) => translate(locale, key, params), locale, {
        payments: 2,
        accounts: 1,
        payees: 1,
        due: 1,
      }),
      countList((key, params) => translate(locale, key, params), locale, { payments: 1 }),
    ],
  };
}

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)[},]/g)].map((match) => match[1]!))];

/** Every message, filled in, in every reading: each placeholder's samples taken in turn, and every count. */
function readings(locale: AppLocale): { key: MessageKey; count: number; text: string }[] {
  const out: { key: MessageKey; count: number; text: string }[] = [];
  for (const count of COUNTS) {
    const values = samples(locale, count);
    for (const key of KEYS) {
      const names = placeholdersOf(messages[locale][key]);
      const turns = Math.max(1, ...names.map((name) => values[name]?.length ?? 1));
      for (let turn = 0; turn < turns; turn += 1) {
        const params: Params = {};
        for (const name of names) {
          const given = values[name];
          if (given) params[name] = given[turn % given.length]!;
        }
        out.push({ key, count, text: translate(locale, key, params) });
      }
    }
  }
  return out;
}

describe('every message, filled in as the customer reads it', () => {
  it('has a sample for every placeholder, so that nothing below reads a message half filled', () => {
    for (const locale of LOCALES) {
      const known = samples(locale, 1);
      for (const key of KEYS) {
        for (const name of placeholdersOf(messages[locale][key]))
          expect(known, `${key}: {${name}}`).toHaveProperty(name);
      }
    }
  });

  it.each(LOCALES)('in %s has no double full stop (no "kr..") and no {placeholder} left', (locale) => {
    for (const { key, text } of readings(locale)) {
      expect(text, key).not.toMatch(/\.\./);
      expect(text, key).not.toMatch(/\{\w+[},]/);
    }
  });

  it('ends the sentence once where an amount, which ends in "kr.", ends it', () => {
    const limit = formatAmount(200_000, 'is');
    expect(translate('is', 'field.amount.over_limit', { limit })).toBe(`Ein greiðsla getur mest verið ${limit}`);
    expect(translate('is', 'lock.presenceText', { amount: formatAmount(12_500, 'is') })).toMatch(/12\.500\skr\.$/);
    expect(translate('en', 'field.amount.over_limit', { limit: formatAmount(200_000, 'en') })).toMatch(
      /^One payment can be at most ISK\s200,000\.$/,
    );
  });

  it('keeps the full stop of a bank text whose amount ended it, once the amount is in the app’s style', () => {
    const texts = Object.values(bankErrorTexts).flatMap((each) =>
      LOCALES.map((locale) => ({ locale, text: inAppCurrencyStyle(each[locale], locale) })),
    );
    for (const { text } of texts) {
      for (const sentence of [text.title, text.action ?? '.']) {
        expect(sentence).not.toMatch(/\.\./);
        expect(sentence).toMatch(/[.!?:)]$/);
      }
    }
    const t = (key: MessageKey, params?: Params) => translate('en', key, params);
    expect(explainFailure({ code: 'ZeroOrNegativeAmount', name: 'ZeroOrNegativeAmount' }, 'en', t).title).toMatch(
      /^The amount must be more than ISK\s0\.$/,
    );
  });

  /**
   * Words that stand in Icelandic as they are: names, and the short forms and protocol words Icelandic uses too. The
   * profile form's technical fields give the bank portal's English term in brackets after the Icelandic one, for the
   * tester who reads the portal: those brackets are read as names.
   */
  const NAMES = [
    'A2A Wallet',
    'X-Request-ID',
    'CSV',
    'PDF',
    'PNG',
    'QR',
    'API',
    'ASCII',
    'HTTP Basic',
    'HTTP',
    'GMT',
    'ISK',
    'JWKS',
    'a2a-wallet://pay?',
    'https://',
    'http://',
    'localhost',
    'client_secret_post',
    'client_secret_basic',
    'baseUrl',
    'RJCT',
    '.a2abackup',
    // The bank's error codes the sandbox's users give, named as the bank names them.
    'DebtorAccountNotFound',
    'InvalidAccountProduct',
    'OverDailyAmount',
    'NotAuthorizedToPost',
    // The desktops' keychains, by their own names (the keychain notice).
    'GNOME Keyring',
    'KWallet',
    'Linux',
  ];
  const englishOf = (text: string) =>
    new Set([...text.toLowerCase().matchAll(/\p{L}+/gu)].map((match) => match[0]).filter((word) => word.length > 1));
  /** Every word of the English messages: an Icelandic text that uses one has English in it. */
  const ENGLISH = englishOf(KEYS.map((key) => messages.en[key]).join(' '));
  // Icelandic words the English texts use for Icelandic things, and Icelandic words spelt as English ones are.
  for (const word of ['kennitala', 'kennitölur', 'krónur', 'króna', 'kr', 'of', 'send', 'sent', 'disk']) {
    ENGLISH.delete(word);
  }
  /** What the samples put in (file names, a profile's field), which is the customer's, not the message's. */
  const filled = Object.values(samples('is', 1))
    .flat()
    .map(String)
    .filter((value) => value.length > 1)
    // The longest first: a file name holds a date.
    .sort((a, b) => b.length - a.length);

  it('has no English words in Icelandic, but for names and the short forms Icelandic uses too', () => {
    const found: string[] = [];
    for (const { key, text } of readings('is')) {
      // A language is named in its own language where the customer picks it.
      if (key.startsWith('settings.language.')) continue;
      let plain = key.startsWith('profiles.field.') ? text.replace(/\([^)]*\)/g, '') : text;
      for (const name of [...NAMES, ...filled]) plain = plain.replaceAll(name, ' ');
      const english = [...englishOf(plain)].filter((word) => ENGLISH.has(word));
      if (english.length > 0) found.push(`${key}: ${english.join(', ')}`);
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('says "kl." before a time of day only, never before a date', () => {
    for (const { key, text } of readings('is')) expect(text, key).not.toMatch(/\bkl\.(?!\s\d{1,2}:\d{2})/);
  });

  it('uses one word for one thing ("valfrjálst" for optional), and none of the standard’s "end-to-end"', () => {
    for (const locale of LOCALES) {
      for (const { key, text } of readings(locale)) {
        expect(text, key).not.toMatch(/valkvæ/i);
        expect(text, key).not.toMatch(/end[- ]to[- ]end|enda til enda/i);
      }
    }
  });
});

describe('counted words', () => {
  /**
   * The forms of every word that follows a count, and whether each is the singular or the plural: a count of 1 or 21
   * takes the singular in Icelandic, 11 the plural. A new counted word is added here, with both its forms.
   */
  const FORMS: Record<AppLocale, Record<string, 'one' | 'other'>> = {
    en: {
      payment: 'one',
      payments: 'other',
      try: 'one',
      tries: 'other',
      day: 'one',
      days: 'other',
      minute: 'one',
      minutes: 'other',
      second: 'one',
      seconds: 'other',
      character: 'one',
      characters: 'other',
      time: 'one',
      times: 'other',
      account: 'one',
      accounts: 'other',
      payee: 'one',
      payees: 'other',
      call: 'one',
      calls: 'other',
      hour: 'one',
      hours: 'other',
    },
    is: {
      greiðsla: 'one',
      greiðslu: 'one',
      greiðslur: 'other',
      greiðslum: 'other',
      tilraun: 'one',
      tilraunir: 'other',
      dag: 'one',
      daga: 'other',
      mínútu: 'one',
      mínútur: 'other',
      sekúnda: 'one',
      sekúndur: 'other',
      stafur: 'one',
      stafir: 'other',
      ný: 'one',
      nýjar: 'other',
      sinni: 'one',
      sinnum: 'other',
      staf: 'one',
      stafi: 'other',
      reikning: 'one',
      reikninga: 'other',
      viðtakanda: 'one',
      viðtakendur: 'other',
      kall: 'one',
      köll: 'other',
      elsta: 'one',
      elstu: 'other',
      klukkustund: 'one',
      klukkustundum: 'other',
      degi: 'one',
      dögum: 'other',
    },
  };
  /** Words that are the same for any count: abbreviations, and English "new" and "overdue". */
  const ANY: Record<AppLocale, ReadonlySet<string>> = {
    en: new Set(['min.', 'min', 's', 'h', 'new', 'overdue']),
    is: new Set(['mín.', 'sek.', 'klst.']),
  };

  /** The message the app shows for a count: a `.one`/`.other` pair picks by the language's rule, as pluralKey does. */
  const pairOf = (key: string) => key.match(/^(.*)\.(one|other)$/)?.[1];

  it('are written in both forms wherever a word follows a count', () => {
    for (const locale of LOCALES) {
      for (const key of KEYS) {
        const text = messages[locale][key];
        for (const match of text.matchAll(/\{(\w+)\}[\s\u00a0]+(\p{L}+\.?)/gu)) {
          const [, name, word] = match as unknown as [string, string, string];
          if (!COUNTED.has(name) || ANY[locale].has(word) || pairOf(key)) continue;
          expect.fail(`${locale} ${key}: "{${name}} ${word}" has one form for every count`);
        }
      }
    }
  });

  it.each(LOCALES)('agree with their count in %s: 1, 2, 11 and 21', (locale) => {
    for (const count of COUNTS) {
      const category = pluralCategory(count, locale);
      for (const key of KEYS) {
        const names = placeholdersOf(messages[locale][key]).filter((name) => COUNTED.has(name));
        if (names.length === 0) continue;
        const pair = pairOf(key);
        if (pair && !key.endsWith(`.${category}`)) continue;
        const params = Object.fromEntries(names.map((name) => [name, String(count)]));
        const text = translate(locale, key, params);
        for (const match of text.matchAll(new RegExp(`(?<![\\d.,])${count}[\\s\\u00a0]+([\\p{L}]+\\.?)`, 'gu'))) {
          // A full stop is the abbreviation's (`mín.`) or the sentence's (`stafir.`).
          const word = ANY[locale].has(match[1]!) ? match[1]! : match[1]!.replace(/\.$/, '');
          if (ANY[locale].has(word)) continue;
          expect(FORMS[locale][word], `${key}: "${word}" is not in the table of counted words`).toBeDefined();
          expect(FORMS[locale][word], `${key}: "${text}"`).toBe(category);
        }
      }
    }
  });

  it('read as Icelandic does', () => {
    const on = (minutes: number) => translate('is', 'lock.settings.on', { minutes });
    expect(on(1)).toContain('eftir 1 mínútu án notkunar');
    expect(on(21)).toContain('eftir 21 mínútu án notkunar');
    expect(on(11)).toContain('eftir 11 mínútur án notkunar');
    expect(translate('is', 'lock.settings.minutes', { count: 1 })).toBe('1 mínútu');
    expect(translate('is', 'grant.endsInDays', { date: '3. mars 2027', days: 21 })).toBe(
      'Aðgangur þinn að bankanum rennur út 3. mars 2027, eftir 21 dag.',
    );
    expect(translate('en', 'lock.settings.minutes', { count: 1 })).toBe('1 minute');
  });
});

describe('the values the app puts in a message', () => {
  /** The renderer's sources, where messages are filled in. */
  function sources(folder: string): string[] {
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  /**
   * What each kind of placeholder is filled with: {time} is a time of day, which "kl." stands before, so a date-time
   * there would read "kl. 26. nóv. 2026, 10:36"; a date-time has its own {dateTime}.
   */
  const FILLED_BY: Record<string, readonly string[]> = {
    time: ['formatTime', 'formatTimeOfDay', 'formatGmtTime'],
    date: ['formatDate', 'formatDateTime', 'gmtDay'],
    dateTime: ['formatDateTime'],
  };

  it('fills {time} with a time of day only, and {date} with a date', () => {
    const found: string[] = [];
    for (const path of sources(join(import.meta.dirname, '../../renderer/src'))) {
      const source = readFileSync(path, 'utf8');
      for (const [name, allowed] of Object.entries(FILLED_BY)) {
        for (const match of source.matchAll(new RegExp(`\\b${name}:\\s*(\\w+)\\(`, 'g'))) {
          if (!allowed.includes(match[1]!)) found.push(`${path}: {${name}} filled by ${match[1]!}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the payment store stopped (issue 39)', () => {
  it.each(['en', 'is'] as const)(
    '%s: has words of its own: what happened, that nothing was lost, what to do',
    (locale) => {
      const text = translate(locale, 'error.STORE_STOPPED');
      expect(text).not.toBe(translate(locale, 'error.unknown'));
      expect(text).toMatch(
        locale === 'en'
          ? /Nothing you saved was lost.*restart the app/s
          : /Ekkert sem þú vistaðir glataðist.*endurræsa/s,
      );
    },
  );
});
