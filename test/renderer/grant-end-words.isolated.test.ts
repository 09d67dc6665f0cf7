import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppLocale } from '../../common/locale.ts';
import { grantDaysLeft } from '../../common/time.ts';
import { grantEndWords } from '../../renderer/src/components/grant-end-words.ts';
import { translate, type MessageKey, type Params } from '../../renderer/src/i18n/index.ts';
import { addDays, civilDate, endAndClock } from '../support/calendar.ts';

afterEach(() => vi.unstubAllEnvs());

const WORDS = {
  en: { today: ' today', tomorrow: ' tomorrow', days: (n: number) => `in ${String(n)} days` },
  is: { today: ' í dag', tomorrow: ' á morgun', days: (n: number) => `eftir ${String(n)} dag` },
} as const;

/** The end's time of day and date on the zone's clock, written independently of the app's formatters. */
function clockOf(instant: number, zone: string): { time: string; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { time: `${part('hour')}:${part('minute')}`, day: Number(part('day')) };
}

describe('the words for the grant’s end (property, both languages)', () => {
  it.each(['en', 'is'] as const)(
    'say today, tomorrow or in N days by the customer’s calendar, the time on the last two days, and the date (%s)',
    (locale: AppLocale) => {
      const t = (key: MessageKey, params?: Params) => translate(locale, key, params);
      fc.assert(
        fc.property(endAndClock, ({ end, now, zone }) => {
          fc.pre(now < end);
          // The customer's zone, for the formatters as for main's count (both read the process's).
          vi.stubEnv('TZ', zone);
          const days = grantDaysLeft(now, end, zone);
          const { sentence, title } = grantEndWords(t, locale, days, end);
          const today = civilDate(now, zone) === civilDate(end, zone);
          const tomorrow = addDays(civilDate(now, zone), 1) === civilDate(end, zone);
          const { time, day } = clockOf(end, zone);
          expect(sentence.includes(WORDS[locale].today)).toBe(today);
          expect(title.includes(WORDS[locale].today)).toBe(today);
          expect(sentence.includes(WORDS[locale].tomorrow)).toBe(tomorrow);
          expect(title.includes(WORDS[locale].tomorrow)).toBe(tomorrow);
          // The time of day only on those two days; the end's day of the month always.
          expect(sentence.includes(time)).toBe(today || tomorrow);
          expect(sentence).toMatch(new RegExp(`\\b${String(day)}\\b`));
          if (!today && !tomorrow) {
            const n = [...Array(100).keys()].find((k) => addDays(civilDate(now, zone), k) === civilDate(end, zone));
            expect(sentence).toContain(WORDS[locale].days(n ?? -1));
          }
        }),
        { numRuns: 200 },
      );
    },
  );
});
