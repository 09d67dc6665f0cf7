import { useT } from '../i18n/index.ts';

export function ProfilesScreen() {
  const t = useT();
  return (
    <section aria-labelledby="profiles-title">
      <h2 id="profiles-title">{t('profiles.title')}</h2>
    </section>
  );
}
