import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import { localeTag, type AppLocale } from '../../../common/locale.ts';
import { formatNumber, pluralCategory } from './format.ts';
import { isPlainText, PARSE_OPTIONS } from './syntax.ts';

export type Params = Record<string, string | number>;
export type Fill = (params: Params) => string;

/**
 * One message made ready to fill in: ICU MessageFormat by intl-messageformat over the platform's Intl
 * (docs/TRANSLATING.md). `{count, plural, one {# greiðsla} other {# greiðslur}}` picks by the language's CLDR rule
 * (Icelandic: 1, 21, 101 take `one`, 11 does not), `=1 {einu sinni}` matches a count of exactly one, and `#` is the
 * count written as the language writes numbers (`1.000`). The build ships each catalogue already parsed
 * (electron.vite.config.ts), so the window carries no parser; tests and `npm run dev` parse here. This module is
 * loaded with the first language's messages (index.ts), not with the window.
 */
export function compileMessage(message: string | MessageFormatElement[], locale: AppLocale): Fill {
  if (typeof message === 'string' && isPlainText(message)) return () => message;
  const format = new IntlMessageFormat(message, localeTag(locale), undefined, {
    ...PARSE_OPTIONS,
    formatters: formattersFor(locale),
  });
  /** Every argument, so that one a caller left out shows as `{name}`, as it is written, and not as an error. */
  const names = new Set<string>();
  /** The arguments a plural picks its form by: a count, which some callers give written out (`formatNumber`). */
  const counts = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural) counts.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(format.getAst());
  return (params) => {
    const values: Params = { ...params };
    for (const name of names) values[name] ??= `{${name}}`;
    for (const name of counts) {
      const given = values[name];
      // Written out (`1.234`, `1,234`), a count is the number it writes.
      if (typeof given === 'string' && /\d/.test(given)) values[name] = Number(given.replace(/[^\d-]/g, ''));
    }
    return oneFullStop(String(format.format(values)), params);
  };
}

/**
 * How a message writes `#` and picks its plural form: as the rest of the window writes numbers and counts (format.ts),
 * which holds where the engine has no locale data of the language. Chromium's, and so Electron's, leaves Icelandic
 * out (`Intl.NumberFormat.supportedLocalesOf(['is'])` is empty there): its own Intl would write `1,000` in an
 * Icelandic sentence. Dates and times are never formatted by a message: they come written (format.ts).
 */
function formattersFor(locale: AppLocale): Formatters {
  const number = { format: (value: number) => formatNumber(value, locale) } as unknown as Intl.NumberFormat;
  const plural = {
    select: (count: number) => pluralCategory(count, locale),
    resolvedOptions: () => ({ locale: localeTag(locale) }),
  } as unknown as Intl.PluralRules;
  return {
    getNumberFormat: () => number,
    getPluralRules: () => plural,
    getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  };
}

/**
 * A filled-in value that ends in a full stop (an amount, `12.500 kr.`; a duration, `3 mín.`) ends the sentence too
 * where it is last: the message's own full stop after it is dropped, so that no text reads `kr..`.
 */
const oneFullStop = (text: string, params: Params): string =>
  Object.values(params).reduce<string>(
    (out, value) => (typeof value === 'string' && value.endsWith('.') ? out.replaceAll(`${value}.`, value) : out),
    text,
  );
