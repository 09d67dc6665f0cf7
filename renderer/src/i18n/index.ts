import { createContext, use, useCallback, useContext } from 'react';
import type { AppLocale } from '../../../common/locale.ts';
import { pluralCategory } from './format.ts';
import type { Catalogue, MessageKey } from './sections.ts';

export type { Catalogue, MessageKey } from './sections.ts';

/**
 * Each language's messages are a chunk of their own (catalogue-en.ts, catalogue-is.ts): the window's first load
 * carries neither, and fetches only the language it shows. The app's first screen waits for it (App.tsx shows its
 * loading line meanwhile), so the first paint is in the saved language; the other language is fetched when it is
 * chosen. Tests load both first (test/renderer/setup.ts).
 */
const CATALOGUES: Record<AppLocale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./catalogue-en.ts'),
  is: () => import('./catalogue-is.ts'),
};
const loaded: Partial<Record<AppLocale, Catalogue>> = {};
const loading = new Map<AppLocale, Promise<Catalogue>>();
const listeners = new Set<() => void>();

/** Fetches a language's messages once; a fetch that failed is tried again at the next call. */
export function loadMessages(locale: AppLocale): Promise<Catalogue> {
  const have = loaded[locale];
  if (have) return Promise.resolve(have);
  let promise = loading.get(locale);
  if (!promise) {
    promise = CATALOGUES[locale]().then(
      ({ default: catalogue }) => {
        loaded[locale] = catalogue;
        for (const listener of listeners) listener();
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

/** Whether a language's messages are here, and a subscription to their arrival (for useSyncExternalStore). */
export const messagesLoaded = (locale: AppLocale): boolean => loaded[locale] !== undefined;
export function onMessagesLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function catalogue(locale: AppLocale): Catalogue {
  const have = loaded[locale];
  if (!have) throw new Error(`the ${locale} messages are not loaded yet (loadMessages)`);
  return have;
}

/** A language's messages in a component: it waits (suspends) until they are here. */
export function useMessages(locale: AppLocale): Catalogue {
  return loaded[locale] ?? use(loadMessages(locale));
}

export type Params = Record<string, string | number>;

/**
 * A counted word in the message itself, in ICU's shape: `{minutes, plural, one {# mínútu} other {# mínútur}}`, `#`
 * being the count as given (a whole number, perhaps grouped: `1.234`). The language's rule picks the form (Icelandic:
 * 1, 21 and 31 take the singular, 11 does not), so no caller has to know which counts are singular, and a count can
 * sit anywhere in a sentence. An `=1 {...}` before `one` is said for a count of exactly one (`einu sinni`, not
 * `1 sinni`; 21 still takes `one`).
 */
const PLURAL = /\{(\w+), plural, (?:=1 \{([^{}]*)\} )?one \{([^{}]*)\} other \{([^{}]*)\}\}/g;

/**
 * A filled-in value that ends in a full stop (an amount, `12.500 kr.`; a duration, `3 mín.`) ends the sentence too
 * where it is last: the message's own full stop after it is dropped, so that no text reads `kr..`.
 */
const VALUE = /\{(\w+)\}(\.?)/g;

export function translate(locale: AppLocale, key: MessageKey, params: Params = {}): string {
  return fill(catalogue(locale), locale, key, params);
}

function fill(messages: Catalogue, locale: AppLocale, key: MessageKey, params: Params = {}): string {
  return messages[key]
    .replace(PLURAL, (whole, name: string, exactlyOne: string | undefined, one: string, other: string) => {
      if (!(name in params)) return whole;
      const given = String(params[name]);
      const count = Number(given.replace(/[^\d-]/g, ''));
      // ICU's `=1 {einu sinni}`: a count of exactly one said in words, where "1 sinni" would not read as written.
      if (exactlyOne !== undefined && count === 1) return exactlyOne;
      const form = pluralCategory(count, locale) === 'one' ? one : other;
      return form.replaceAll('#', given);
    })
    .replace(VALUE, (whole, name: string, stop: string) => {
      if (!(name in params)) return whole;
      const value = String(params[name]);
      return value.endsWith('.') ? value : value + stop;
    });
}

export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * The language in use, given by the window's provider (state/wallet-context.tsx, from the app store): i18n imports
 * nothing of the window, so the screens, components and state may all import it.
 */
const LocaleContext = createContext<AppLocale | undefined>(undefined);
export const LocaleProvider = LocaleContext.Provider;

/** The translate function for the language in use. */
export function useT(): Translate {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useT outside <WalletProvider>');
  const messages = useMessages(locale);
  return useCallback((key, params) => fill(messages, locale, key, params), [messages, locale]);
}

/** Some texts are chosen from data (an error code, a state): the key if it exists, else the fallback. */
export function hasMessage(key: string): key is MessageKey {
  // Every language has the same keys (sections.ts), so any that is here answers.
  return Object.values(loaded).some((messages) => Object.hasOwn(messages, key));
}
