import { describe, expect, it } from 'vitest';
import { APP_LOCALES, LANGUAGE_CHOICES, localeFromLanguageTags, localeTag } from '../../common/locale.ts';
import { AppLocaleSchema, LanguageChoiceSchema } from '../../common/settings.ts';

describe('locale', () => {
  it('takes the first preferred language the app speaks, whatever the spelling of its tag', () => {
    expect(localeFromLanguageTags(['is-IS', 'en-US'])).toBe('is');
    expect(localeFromLanguageTags(['IS_is'])).toBe('is');
    expect(localeFromLanguageTags(['de-DE', 'is', 'en'])).toBe('is');
    expect(localeFromLanguageTags(['en-US', 'is-IS'])).toBe('en');
  });

  it('falls back to English when it speaks none of them, or is told none', () => {
    expect(localeFromLanguageTags(['de-DE', 'fr'])).toBe('en');
    expect(localeFromLanguageTags([])).toBe('en');
    expect(localeFromLanguageTags(['island'])).toBe('en');
  });

  it('formats Icelandic as in Iceland and English as in Britain', () => {
    expect(localeTag('is')).toBe('is-IS');
    expect(localeTag('en')).toBe('en-GB');
    expect(new Intl.DateTimeFormat(localeTag('en'), { timeZone: 'UTC' }).format(Date.UTC(2026, 10, 22))).toBe(
      '22/11/2026',
    );
  });

  it('is what the settings schema accepts, no more and no less', () => {
    for (const locale of APP_LOCALES) expect(AppLocaleSchema.safeParse(locale).success).toBe(true);
    for (const choice of LANGUAGE_CHOICES) expect(LanguageChoiceSchema.safeParse(choice).success).toBe(true);
    expect(AppLocaleSchema.safeParse('system').success).toBe(false);
    expect(LanguageChoiceSchema.safeParse('de').success).toBe(false);
  });
});
