import { useEffect, useRef, useState } from 'react';
import type { ProfileSummary } from '../../../common/profile.ts';
import { Dialog } from '../components/Dialog.tsx';
import { useErrorText } from '../components/ErrorText.tsx';
import { useT } from '../i18n/index.ts';
import { profileName } from '../i18n/profile-name.ts';
import { errorCode } from '../lib/api.ts';
import { useApp } from '../state/wallet-context.tsx';
import { editButtonId, ProfileCard } from './profiles/ProfileCard.tsx';
import { ProfileForm } from './profiles/ProfileForm.tsx';
import './profiles/profiles.css';

const ADD_BUTTON_ID = 'profile-add';
const TITLE_ID = 'profiles-title';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: string };

/**
 * Every profile, the active one marked; switching to another; and, where the vendor allows it, adding, editing,
 * removing a tester's own profile and resetting a shipped one. The local sandbox is read-only.
 */
export function ProfilesScreen() {
  const t = useT();
  const errorText = useErrorText();
  const list = useApp((state) => state.profiles);
  const actions = useApp((state) => state.actions);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [confirming, setConfirming] = useState<ProfileSummary>();
  // A production profile asked for while a test one is in use: waits for "real money from now on" to be confirmed.
  const [goingLive, setGoingLive] = useState<ProfileSummary>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ code: string; message: string }>();
  // An element id to move the focus to once the next render is on screen (an object, so the same id can repeat).
  const [focusTarget, setFocusTarget] = useState<{ id: string }>();
  const busy = useRef(false);

  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const profiles = list?.profiles ?? [];
  const canEdit = list?.canEdit ?? false;

  /** One call at a time; its failure is explained above the list. */
  const run = async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setError(undefined);
    setStatus('');
    try {
      await work();
    } catch (caught) {
      setError({ code: errorCode(caught), message: caught instanceof Error ? caught.message : '' });
    } finally {
      busy.current = false;
    }
  };

  const switchTo = (profile: ProfileSummary) =>
    run(async () => {
      await actions.switchProfile(profile.id);
      setStatus(t('profiles.switched', { name: profileName(profile, t) }));
      setFocusTarget({ id: TITLE_ID });
    });

  /**
   * From a test profile to production, payments start moving real money, and the only sign of it is the test banner
   * going away: so that one step is confirmed first. Between test profiles, or production to production, nothing
   * changes for the customer's money, and the switch happens at once.
   */
  const askToSwitch = (profile: ProfileSummary) => {
    const current = profiles.find((each) => each.active);
    if (profile.environment === 'production' && current?.environment !== 'production') setGoingLive(profile);
    else void switchTo(profile);
  };

  const remove = (profile: ProfileSummary) =>
    run(async () => {
      setConfirming(undefined);
      // One call: main answers with the profiles and the session of the one active now.
      await actions.removeProfile(profile.id);
      setStatus(t(profile.builtIn ? 'profiles.wasReset' : 'profiles.removed', { name: profileName(profile, t) }));
      // A reset profile's button is still there (the dialog gives the focus back to it); a removed one's is gone.
      if (!profile.builtIn) setFocusTarget({ id: TITLE_ID });
    });

  const editing = mode.kind === 'edit' ? profiles.find((profile) => profile.id === mode.id) : undefined;
  const showForm = mode.kind === 'add' || (mode.kind === 'edit' && editing !== undefined);
  const back = (focusId: string) => {
    setMode({ kind: 'list' });
    setFocusTarget({ id: focusId });
  };
  const open = (next: Mode) => {
    setError(undefined);
    setStatus('');
    setMode(next);
  };

  return (
    <section aria-labelledby={TITLE_ID} className="profiles-screen">
      <h2 id={TITLE_ID} tabIndex={-1}>
        {t('profiles.title')}
      </h2>
      <p role="status" className="profiles-status">
        {status}
      </p>
      {showForm ? (
        <ProfileForm
          key={editing?.id ?? 'new'}
          editing={editing}
          takenIds={profiles.map((profile) => profile.id)}
          onCancel={() => back(editing ? editButtonId(editing.id) : ADD_BUTTON_ID)}
          onSaved={(next, id) => {
            actions.setProfiles(next);
            const saved = next.profiles.find((profile) => profile.id === id);
            setStatus(t('profiles.saved', { name: saved ? profileName(saved, t) : id }));
            back(editButtonId(id));
          }}
        />
      ) : (
        <ProfileListView
          profiles={profiles}
          canEdit={canEdit}
          error={error && errorText(error.code, error.message)}
          onSwitch={askToSwitch}
          onEdit={(profile) => open({ kind: 'edit', id: profile.id })}
          onAdd={() => open({ kind: 'add' })}
          onRemove={setConfirming}
        />
      )}
      {confirming && (
        <Dialog
          title={t(confirming.builtIn ? 'profiles.resetTitle' : 'profiles.removeTitle', {
            name: profileName(confirming, t),
          })}
          onClose={() => setConfirming(undefined)}
        >
          <p>
            {t(confirming.builtIn ? 'profiles.resetText' : 'profiles.removeText', {
              name: profileName(confirming, t),
            })}
          </p>
          {confirming.active && <p>{t('profiles.removeActive')}</p>}
          <div className="actions">
            {/* Cancel first: the dialog focuses it, so Enter at once does no harm. */}
            <button type="button" data-autofocus onClick={() => setConfirming(undefined)}>
              {t('action.cancel')}
            </button>
            <button type="button" className="danger" onClick={() => void remove(confirming)}>
              {confirming.builtIn ? t('profiles.reset') : t('action.remove')}
            </button>
          </div>
        </Dialog>
      )}
      {goingLive && (
        <Dialog
          title={t('profiles.goLiveTitle', { name: profileName(goingLive, t) })}
          onClose={() => setGoingLive(undefined)}
        >
          <p>{t('profiles.goLiveText', { name: profileName(goingLive, t) })}</p>
          <div className="actions">
            {/* Cancel first and focused: Enter pressed out of habit stays on the test profile. */}
            <button type="button" data-autofocus onClick={() => setGoingLive(undefined)}>
              {t('action.cancel')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setGoingLive(undefined);
                void switchTo(goingLive);
              }}
            >
              {t('profiles.goLive')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function ProfileListView({
  profiles,
  canEdit,
  error,
  onSwitch,
  onEdit,
  onAdd,
  onRemove,
}: {
  profiles: ProfileSummary[];
  canEdit: boolean;
  error?: string;
  onSwitch: (profile: ProfileSummary) => void;
  onEdit: (profile: ProfileSummary) => void;
  onAdd: () => void;
  onRemove: (profile: ProfileSummary) => void;
}) {
  const t = useT();
  return (
    <>
      <p>{t('profiles.intro')}</p>
      {!canEdit && <p className="notice">{t('profiles.vendorManaged')}</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <ul className="profile-list">
        {profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileCard
              profile={profile}
              canEdit={canEdit}
              onSwitch={() => onSwitch(profile)}
              onEdit={() => onEdit(profile)}
              onRemove={() => onRemove(profile)}
            />
          </li>
        ))}
      </ul>
      {canEdit && (
        <button type="button" id={ADD_BUTTON_ID} className="primary" onClick={onAdd}>
          {t('profiles.add')}
        </button>
      )}
    </>
  );
}
