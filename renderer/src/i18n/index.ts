import { createContext, use, useCallback, useContext } from 'react';
import type { AppLocale } from '../../../common/locale.ts';
import type { compileMessage, Fill, Params } from './compile.ts';
import type { Catalogue, MessageKey } from './sections.ts';

export type { Params } from './compile.ts';
export type { Catalogue, MessageKey } from './sections.ts';

/**
 * Each language's messages are a chunk of their own (catalogue-en.ts, catalogue-is.ts): the window's first load
 * carries neither, and fetches only the language it shows. The app's first screen waits for it (App.tsx shows its
 * loading line meanwhile), so the first paint is in the saved language; the other language is fetched when it is
 * chosen. The message format's runtime (compile.ts, intl-messageformat) comes with the first of them. Tests load both
 * first (test/renderer/setup.ts).
 */
const CATALOGUES: Record<AppLocale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./catalogue-en.ts'),
  is: () => import('./catalogue-is.ts'),
};
const loaded: Partial<Record<AppLocale, Catalogue>> = {};
const loading = new Map<AppLocale, Promise<Catalogue>>();
const listeners = new Set<() => void>();
let compiler: { compileMessage: typeof compileMessage } | undefined;

/** Fetches a language's messages once; a fetch that failed is tried again at the next call. */
export function loadMessages(locale: AppLocale): Promise<Catalogue> {
  const have = loaded[locale];
  if (have) return Promise.resolve(have);
  let promise = loading.get(locale);
  if (!promise) {
    promise = Promise.all([CATALOGUES[locale](), import('./compile.ts')]).then(
      ([{ default: catalogue }, runtime]) => {
        compiler = runtime;
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

/** Each message compiled once per language and key, when it is first shown (compile.ts), not at every render. */
const compiled = new WeakMap<Catalogue, Map<MessageKey, Fill>>();

export function translate(locale: AppLocale, key: MessageKey, params: Params = {}): string {
  return fill(catalogue(locale), locale, key, params);
}

function fill(messages: Catalogue, locale: AppLocale, key: MessageKey, params: Params = {}): string {
  let byKey = compiled.get(messages);
  if (!byKey) compiled.set(messages, (byKey = new Map()));
  let message = byKey.get(key);
  if (!message) {
    if (!compiler) throw new Error('the message format is not loaded yet (loadMessages)');
    message = compiler.compileMessage(messages[key], locale);
    byKey.set(key, message);
  }
  return message(params);
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
