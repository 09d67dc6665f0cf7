import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { localeTag, type AppLocale } from '../../../common/locale.ts';
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
  const format = new IntlMessageFormat(message, localeTag(locale), undefined, PARSE_OPTIONS);
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
 * A filled-in value that ends in a full stop (an amount, `12.500 kr.`; a duration, `3 mín.`) ends the sentence too
 * where it is last: the message's own full stop after it is dropped, so that no text reads `kr..`.
 */
const oneFullStop = (text: string, params: Params): string =>
  Object.values(params).reduce<string>(
    (out, value) => (typeof value === 'string' && value.endsWith('.') ? out.replaceAll(`${value}.`, value) : out),
    text,
  );
