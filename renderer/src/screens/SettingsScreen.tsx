import { useT } from '../i18n/index.ts';

export function SettingsScreen() {
  const t = useT();
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
    </section>
  );
}
