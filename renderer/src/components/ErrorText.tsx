import { hasMessage, useT } from '../i18n/index.ts';

/**
 * Explains an error code from the main process in the language in use. A code about payments that has no sentence
 * of its own here (a token renewal that failed, say) gets the failure explainer's words, title and action, so no
 * screen falls back to "Something went wrong" for it.
 */
export function useErrorText(): (code: string, message?: string) => string {
  const t = useT();
  return (code, message = '') => {
    const key = `error.${code}`;
    if (hasMessage(key)) return t(key, { message });
    const title = `failure.${code}.title`;
    const action = `failure.${code}.action`;
    if (hasMessage(title)) return hasMessage(action) ? `${t(title)} ${t(action)}` : t(title);
    return t('error.unknown');
  };
}
