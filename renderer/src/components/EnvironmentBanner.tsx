import type { Environment } from '../../../common/profile-rules.ts';
import { useT } from '../i18n/index.ts';

/**
 * Every profile but production says, always, that it is a test environment: on every screen, the lock screen too
 * (where the environment comes with the lock's status, as nothing else may be read while locked).
 */
export function EnvironmentBanner({ environment }: { environment: Environment | undefined }) {
  const t = useT();
  if (!environment || environment === 'production') return null;
  return (
    <div className={`env-banner env-${environment}`} role="note" data-testid="env-banner">
      <strong>{t(`env.${environment}`)}</strong> <span>{t('env.notice')}</span>
    </div>
  );
}
