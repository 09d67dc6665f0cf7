import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../renderer/src/i18n/amount-words.ts';
import { formatDuration, formatGmtTime } from '../../renderer/src/i18n/format.ts';
import { translate } from '../../renderer/src/i18n/index.ts';
import { messages, sections } from '../../renderer/src/i18n/sections.ts';

// A plain {name}, or a counted one: {minutes, plural, one {# mínútu} other {# mínútur}}.
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[},]/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it.each(Object.entries(sections))('%s has every English key in Icelandic, and no other', (_name, section) => {
    expect(Object.keys(section.is).sort()).toEqual(Object.keys(section.en).sort());
  });

  it('has no empty text, and the same {placeholders} in both languages', () => {
    for (const key of Object.keys(messages.en) as (keyof typeof messages.en)[]) {
      expect(messages.en[key].trim(), key).not.toBe('');
      expect(messages.is[key].trim(), key).not.toBe('');
      expect(placeholders(messages.is[key]), key).toEqual(placeholders(messages.en[key]));
    }
  });

  it('fills in placeholders', () => {
    expect(translate('en', 'app.version', { version: '1.2.3' })).toBe('Version 1.2.3');
    expect(translate('is', 'app.version', { version: '1.2.3' })).toBe('Útgáfa 1.2.3');
  });
});

describe('amounts in words', () => {
  it.each([
    [1, 'ein króna', 'one króna'],
    [21, 'tuttugu og ein króna', 'twenty-one krónur'],
    [105, 'eitt hundrað og fimm krónur', 'one hundred and five krónur'],
    [125, 'eitt hundrað tuttugu og fimm krónur', 'one hundred and twenty-five krónur'],
    [1500, 'eitt þúsund og fimm hundruð krónur', 'one thousand five hundred krónur'],
    [1520, 'eitt þúsund fimm hundruð og tuttugu krónur', 'one thousand five hundred and twenty krónur'],
    [2004, 'tvö þúsund og fjórar krónur', 'two thousand and four krónur'],
    [150_000, 'eitt hundrað og fimmtíu þúsund krónur', 'one hundred and fifty thousand krónur'],
    [200_000, 'tvö hundruð þúsund krónur', 'two hundred thousand krónur'],
    [1_000_000, 'ein milljón krónur', 'one million krónur'],
  ])('%i kr.', (value, icelandic, english) => {
    expect(amountInWords(value, 'is')).toBe(icelandic);
    expect(amountInWords(value, 'en')).toBe(english);
  });
});

describe('times', () => {
  it('says GMT, whatever the clock of the machine', () => {
    expect(formatGmtTime(Date.parse('2026-11-23T00:00:00Z'), 'en')).toBe('00:00 GMT');
    expect(formatGmtTime(Date.parse('2026-11-23T00:00:00Z'), 'is')).toBe('00:00 GMT');
  });

  it('counts down in hours and minutes', () => {
    expect(formatDuration((3 * 60 + 12) * 60_000, 'en')).toBe('3 h 12 min');
    expect(formatDuration((3 * 60 + 12) * 60_000, 'is')).toBe('3 klst. 12 mín.');
    expect(formatDuration(59_000, 'en')).toBe('1 min');
  });
});
