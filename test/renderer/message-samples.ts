import type { AppLocale } from '../../common/locale.ts';

/**
 * Fixed arguments for reading every message (test/renderer/messages-before.test.ts, and the script that wrote
 * messages-before.json from the catalogue's previous implementation). Fixed strings, not the formatters' output, so
 * that the table depends on the messages alone. Amounts and durations end in a full stop, as the app's do.
 */
export const FIXED: Readonly<Record<string, string | number>> = {
  amount: '12.500 kr.',
  limit: 'ISK 200,000',
  left: '187.500 kr.',
  time: '10:36',
  date: '26. nóvember 2026',
  dateTime: '26 Nov 2026, 10:36',
  duration: '3 klst. 12 mín.',
  name: 'Björn Jónsson',
  payee: '050792-2189',
  app: 'A2A Wallet',
  kennitala: '120385-2089',
  account: '0133-26-012345',
  requestId: '0b9f5c1e-7d1a-4f0e-9c55-2f1d8e3a6b70',
  version: '1.2.3',
  file: 'greidslur-2026-11-26.csv',
  fileName: 'kvittun-2026-11-26.pdf',
  folder: '/home/anna/Skjöl',
  environment: 'Local sandbox',
  masked: '••••3f9a',
  message: 'baseUrl',
  code: 'RJCT',
  status: ', HTTP 409',
  state: 'Paid',
  port: 80,
  attempt: 3,
  when: 'mán., 30. nóv.',
  from: '27. nóv.',
  to: '11. des.',
  dates: 'Mon 30 Nov; Thu 31 Dec',
  weekday: 'föstudaga',
  ordinal: '31.',
  list: '2 payments and 1 account',
};

/** Placeholders that hold a count, and the counts each message that has one is read with. */
export const COUNTED: ReadonlySet<string> = new Set(['count', 'days', 'hours', 'minutes', 'seconds', 'max']);
export const COUNTS = [0, 1, 2, 5, 11, 21, 101, 1000] as const;
/** A count as some callers pass it, already written by formatNumber. */
export const WRITTEN_COUNT: Record<AppLocale, string> = { is: '1.000', en: '1,000' };

export const placeholdersOf = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{(\w+)[},]/g)].map((match) => match[1]!)),
];

/** The argument sets a message is read with: one, or one a count (and the count 1 000 written out) if it has one. */
export function argumentSets(text: string, locale: AppLocale): Record<string, string | number>[] {
  const names = placeholdersOf(text);
  const withCount = (count: number | string) =>
    Object.fromEntries(names.map((name) => [name, COUNTED.has(name) ? count : (FIXED[name] ?? `‹${name}›`)]));
  if (!names.some((name) => COUNTED.has(name))) return [withCount(0)];
  return [...COUNTS.map(withCount), withCount(WRITTEN_COUNT[locale])];
}

/** Whether a text can read differently under ICU MessageFormat than as written: braces, apostrophes, `#`, tags. */
export const hasSyntax = (text: string): boolean => /[{}'#<]/.test(text);
