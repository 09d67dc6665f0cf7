import { useT } from '../i18n/index.ts';

export function PayScreen() {
  const t = useT();
  return (
    <section aria-labelledby="pay-title">
      <h2 id="pay-title">{t('pay.title')}</h2>
    </section>
  );
}
