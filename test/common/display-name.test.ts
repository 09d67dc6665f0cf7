import { describe, expect, it } from 'vitest';
import { looksLikeCompany, nameDisguise, nameKey, nameScripts } from '../../common/display-name.ts';

/** Issue 26, finding 3: the rules for a name someone else typed, without zod, as both sides apply them. */
describe('a name made to look like another', () => {
  it.each([
    ['Anna Jónsdóttir', undefined],
    ['Þórður Ægir Öðinsson', undefined],
    ['Nguyễn Thị Ánh', undefined],
    ['Jo\u0301n', undefined],
    ['x\u0301\u0302', undefined],
    ['山田 はなこ', undefined],
    ['Иван Петров', undefined],
    ['\u0410nna', 'scripts'],
    ['Anna 山田', 'scripts'],
    ['Αnna', 'scripts'],
    ['x\u0301\u0302\u0303', 'marks'],
    [`a${'\u0300'.repeat(60)}`, 'marks'],
    ['\u0301a', 'marks'],
    ['a \u0301b', 'marks'],
    ['An\u034Fna', 'invisible'],
    ['An\u00ADna', 'invisible'],
    ['Anna\u3164', 'invisible'],
    ['Anna\u202E', 'invisible'],
    ['Anna\u0007', 'invisible'],
    // Letters in a style of their own, and a second dot on an i (found by an attacker's review of issue 26).
    ['\u{1D400}\u{1D427}\u{1D427}\u{1D41A}', 'styled'],
    ['\u{1D400}nna Jónsdóttir', 'styled'],
    ['\uFF21nna', 'styled'],
    ['\u1D2Cnna', 'styled'],
    ['Anna Jónsdótti\u0307r', 'styled'],
    ['ﬁnnur', 'styled'],
  ] as const)('%j: %s', (name, expected) => {
    expect(nameDisguise(name)).toBe(expected);
  });

  it('names the scripts of a name’s letters, Chinese, Japanese and Korean as one', () => {
    expect(nameScripts('\u0410nna')).toEqual(['Cyrillic', 'Latin']);
    expect(nameScripts('山田 はなこ カタカナ 김')).toEqual(['Han']);
    expect(nameScripts('O’Brien-Smith')).toEqual(['Latin']);
  });
});

describe('names compared as people read them', () => {
  it('sets case, spaces, apostrophes, composition and width aside', () => {
    const key = nameKey('Anna Jónsdóttir');
    for (const same of ['ANNA JÓNSDÓTTIR', '  anna   jónsdóttir ', 'Anna Jo\u0301nsdo\u0301ttir', 'Ａnna Jónsdóttir']) {
      expect(nameKey(same), same).toBe(key);
    }
    expect(nameKey('O’Brien')).toBe(nameKey("O'Brien"));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    // A forger's variants of a saved name still read as that name, so its conflict is found (issue 26 review).
    for (const same of [
      'Anna Jonsdottir',
      'Anna Jónsdóttir.',
      'Anna Jóns-dóttir',
      "Anna Jónsdóttir'",
      'ᴀnna Jónsdóttir',
      'ɑnna Jónsdóttir',
    ]) {
      expect(nameKey(same), same).toBe(key);
    }
    expect(nameKey('Guđrún')).toBe(nameKey('Guðrún'));
    expect(nameKey('Anna Jónsdóttir')).not.toBe(nameKey('Anna Jónasdóttir'));
  });
});

describe('a name that reads as a company’s', () => {
  it.each([
    'Landsbankinn hf',
    'Landsbankinn hf.',
    'ARION BANKI',
    'Íslandsbanki',
    'Kvika banki hf.',
    'Acme ehf',
    'Acme Ltd',
  ])('%s', (name) => expect(looksLikeCompany(name)).toBe(true));
  it.each(['Anna Jónsdóttir', 'Hafdís Hafsteinsdóttir', 'Bankhead', 'Ehfa Sif', 'Sigfús Ólafsson'])('not %s', (name) =>
    expect(looksLikeCompany(name)).toBe(false),
  );
});
