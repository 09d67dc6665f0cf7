import { useT } from '../i18n/index.ts';

export function HistoryScreen() {
  const t = useT();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
    </section>
  );
}
