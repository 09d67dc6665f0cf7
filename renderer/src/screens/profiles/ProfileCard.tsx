import { useId } from 'react';
import type { ProfileSummary } from '../../../../common/profile.ts';
import { LOCAL_SANDBOX_ID } from '../../../../common/profile-rules.ts';
import { useT } from '../../i18n/index.ts';
import { profileName } from '../../i18n/profile-name.ts';

export const editButtonId = (id: string) => `profile-edit-${id}`;

/** One profile as the list shows it: where it points, whether it is ready, never a secret. */
export function ProfileCard({
  profile,
  canEdit,
  onSwitch,
  onEdit,
  onRemove,
}: {
  profile: ProfileSummary;
  canEdit: boolean;
  onSwitch: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const readOnly = profile.id === LOCAL_SANDBOX_ID;
  const name = profileName(profile, t);
  const notSet = <span className="muted">{t('profiles.notSet')}</span>;
  const url = (value: string) =>
    value !== '' ? (
      <code className="profile-url">{value}</code>
    ) : readOnly ? (
      <span className="muted">{t('profiles.url.whenStarted')}</span>
    ) : (
      notSet
    );

  return (
    <article
      className={profile.active ? 'card profile-card active' : 'card profile-card'}
      aria-labelledby={headingId}
      data-testid={`profile-${profile.id}`}
    >
      <header className="profile-card-header">
        <h3 id={headingId}>{name}</h3>
        {profile.active && <span className="badge profile-badge-active">{t('profiles.active')}</span>}
        <span className={profile.complete ? 'badge profile-badge-complete' : 'badge'}>
          {profile.complete ? t('profiles.complete') : t('profiles.incomplete')}
        </span>
      </header>
      <dl className="summary">
        <dt>{t('profiles.field.environment')}</dt>
        <dd>{t(`profiles.env.${profile.environment}`)}</dd>
        <dt>{t('profiles.field.baseUrl')}</dt>
        <dd>{url(profile.baseUrl)}</dd>
        <dt>{t('profiles.field.authUrl')}</dt>
        <dd>{url(profile.authUrl)}</dd>
        <dt>{t('profiles.field.clientId')}</dt>
        <dd>{profile.clientId !== '' ? <code>{profile.clientId}</code> : notSet}</dd>
        <dt>{t('profiles.field.apiKey')}</dt>
        <dd>{profile.apiKeyMasked !== '' ? <code>{profile.apiKeyMasked}</code> : notSet}</dd>
        <dt>{t('profiles.field.clientSecret')}</dt>
        <dd>{profile.hasClientSecret ? t('profiles.secretSet') : t('profiles.secretNotSet')}</dd>
        <dt>{t('profiles.origin')}</dt>
        <dd>
          {readOnly
            ? t('profiles.origin.readOnly')
            : profile.builtIn
              ? t('profiles.origin.shipped')
              : t('profiles.origin.own')}
        </dd>
      </dl>
      {!profile.complete && <p className="hint">{t('profiles.incompleteHint')}</p>}
      <div className="actions">
        {!profile.active && (
          <button type="button" aria-label={t('profiles.switchTo', { name })} onClick={onSwitch}>
            {t('profiles.switch')}
          </button>
        )}
        {canEdit && !readOnly && (
          <>
            <button
              type="button"
              id={editButtonId(profile.id)}
              aria-label={t('profiles.editNamed', { name })}
              onClick={onEdit}
            >
              {t('profiles.edit')}
            </button>
            <button
              type="button"
              className="danger"
              aria-label={profile.builtIn ? t('profiles.resetNamed', { name }) : t('profiles.removeNamed', { name })}
              onClick={onRemove}
            >
              {profile.builtIn ? t('profiles.reset') : t('action.remove')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
