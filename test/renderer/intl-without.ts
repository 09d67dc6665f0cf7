/**
 * Issue 16: an engine built without a language's ICU data, as a stand-in for Intl. Such an engine does not fail:
 * `supportedLocalesOf` leaves the language out, and a formatter asked for it formats in the engine's default (en-US).
 * Install it with `vi.stubGlobal('Intl', intlWithout('is'))`.
 */
const REAL = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat, PluralRules: Intl.PluralRules };

export function intlWithout(language: string): typeof Intl {
  const lacks = (tag: unknown) => typeof tag === 'string' && tag.toLowerCase().split(/[-_]/)[0] === language;
  const asked = (locales: unknown): string[] =>
    [locales].flat().filter((tag): tag is string => typeof tag === 'string');
  const usable = (locales: unknown) => {
    const left = asked(locales).filter((tag) => !lacks(tag));
    return left.length > 0 ? left : 'en-US';
  };
  const supported =
    (real: (locales: string[]) => string[]) =>
    (locales: unknown): string[] =>
      real(asked(locales).filter((tag) => !lacks(tag)));
  class NumberFormat extends Intl.NumberFormat {
    constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
      super(usable(locales), options);
    }
    static override supportedLocalesOf = supported((tags) => REAL.NumberFormat.supportedLocalesOf(tags));
  }
  class DateTimeFormat extends Intl.DateTimeFormat {
    constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(usable(locales), options);
    }
    static override supportedLocalesOf = supported((tags) => REAL.DateTimeFormat.supportedLocalesOf(tags));
  }
  class PluralRules extends Intl.PluralRules {
    constructor(locales?: string | string[], options?: Intl.PluralRulesOptions) {
      super(usable(locales), options);
    }
    static override supportedLocalesOf = supported((tags) => REAL.PluralRules.supportedLocalesOf(tags));
  }
  return Object.assign(Object.create(Intl) as typeof Intl, { NumberFormat, DateTimeFormat, PluralRules });
}
