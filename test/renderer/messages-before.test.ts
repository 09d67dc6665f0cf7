import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppLocale } from '../../common/locale.ts';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { argumentSets, hasSyntax, WRITTEN_COUNT } from './message-samples.ts';

/**
 * Issue 43: moving the catalogue onto intl-messageformat changes no text but the ones listed. messages-before.json is
 * what the previous implementation (a regex over an ICU subset, at commit aed2abe) rendered for every message with any
 * ICU syntax character, read with message-samples.ts's arguments; each entry carries a hash of the message it was
 * read from, and a message edited since is not compared (its new text is its author's). A message without such a
 * character reads as written.
 *
 * The one change: `#` in a plural is the count written as the language writes numbers, so a count given as a number
 * (not already written by formatNumber) of 1 000 or more is grouped: `1.000 greiðslur`, `1,000 payments`, as the
 * counts that callers give written out always were. (No message had a typewriter apostrophe, so none changed by ICU's
 * quoting.)
 */
const BEFORE = JSON.parse(readFileSync(join(import.meta.dirname, 'messages-before.json'), 'utf8')) as Record<
  AppLocale,
  Record<string, { source: string; texts: string[] }>
>;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

describe('every message reads as it did before ICU MessageFormat', () => {
  it.each(['en', 'is'] as const)('in %s', (locale) => {
    let compared = 0;
    for (const key of Object.keys(messages[locale]) as MessageKey[]) {
      const text = messages[locale][key];
      if (!hasSyntax(text)) {
        expect(translate(locale, key, {}), key).toBe(text);
        continue;
      }
      const before = BEFORE[locale][key];
      if (before?.source !== hash(text)) continue;
      compared += 1;
      const sets = argumentSets(text, locale);
      const now = sets.map((args) => translate(locale, key, args));
      // The listed change: a count of 1 000 given as a number, which `#` now writes grouped.
      const grouped = (index: number) => /, plural,/.test(text) && Object.values(sets[index] ?? {}).includes(1000);
      const expected = before.texts.map((old, index) =>
        grouped(index) ? old.replaceAll('1000', WRITTEN_COUNT[locale]) : old,
      );
      expect(now, key).toEqual(expected);
    }
    expect(compared).toBeGreaterThan(100);
  });
});
