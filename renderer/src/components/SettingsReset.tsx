import { useState } from 'react';
import { useT } from '../i18n/index.ts';
import { useApp } from '../state/wallet-context.tsx';

/**
 * This start found the settings file damaged and began with fresh settings (issue 39): what was reset, that the
 * payment history was kept, and where the damaged file is. Shown until the customer has read it, in this run.
 */
export function SettingsResetNotice() {
  const t = useT();
  const reset = useApp((state) => state.settings?.settingsReset === true);
  const [read, setRead] = useState(false);
  if (!reset || read) return null;
  return (
    <section className="notice warning" aria-labelledby="settings-reset-title" data-testid="settings-reset">
      <h2 id="settings-reset-title">{t('settingsReset.title')}</h2>
      <p>{t('settingsReset.text')}</p>
      <button type="button" onClick={() => setRead(true)}>
        {t('settingsReset.ok')}
      </button>
    </section>
  );
}
