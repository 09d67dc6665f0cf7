import { hasMessage, useT } from '../i18n/index.ts';

/** Explains an error code from the main process in the language in use. */
export function useErrorText(): (code: string, message?: string) => string {
  const t = useT();
  return (code, message = '') => {
    const key = `error.${code}`;
    return hasMessage(key) ? t(key, { message }) : t('error.unknown');
  };
}
