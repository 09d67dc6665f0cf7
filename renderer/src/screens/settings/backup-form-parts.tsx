import { useId } from 'react';
import { useT } from '../../i18n/index.ts';

// What the backup's two dialogs (MakeBackup.tsx, RestoreBackup.tsx) draw alike: the passphrase's Show box and their
// buttons.

/** Shows the passphrase as typed, or hides it again. */
export function ShowPassphrase({ visible, onChange }: { visible: boolean; onChange: (visible: boolean) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={visible} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{t('backup.show')}</label>
    </div>
  );
}

/** A dialog's two buttons: its action (while ready, once at a time) and Cancel (not while the action runs). */
export function SubmitOrCancel({
  label,
  ready,
  busy,
  onClose,
}: {
  label: string;
  ready: boolean;
  busy: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <div className="actions">
      {/* Busy, not disabled: a disabled button drops the focus to the page (issue 42); the form runs once at a time. */}
      <button
        type="submit"
        className="primary"
        disabled={!ready}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {label}
      </button>
      <button type="button" onClick={busy ? undefined : onClose} aria-disabled={busy || undefined}>
        {t('action.cancel')}
      </button>
    </div>
  );
}
