/**
 * The languages the app speaks, and the customer's choice among them. Zod-free, so the renderer uses the same list
 * as the settings schema (common/settings.ts) that the main process checks with.
 */
export const APP_LOCALES = ['is', 'en'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

/** One of the app's languages, or `system`: whichever of them the system prefers. */
export const LANGUAGE_CHOICES = ['system', ...APP_LOCALES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** The BCP 47 tag Intl formats with: Icelandic as in Iceland, English as in Britain (day before month, 24 hours). */
export const localeTag = (locale: AppLocale): 'is-IS' | 'en-GB' => (locale === 'is' ? 'is-IS' : 'en-GB');

/** The first of the system's preferred languages that the app speaks (`is-IS`, `en_US`, ...); English otherwise. */
export function localeFromLanguageTags(preferred: readonly string[]): AppLocale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    const spoken = APP_LOCALES.find((locale) => locale === language);
    if (spoken) return spoken;
  }
  return 'en';
}
