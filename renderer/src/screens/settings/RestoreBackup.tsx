import { useId, useState, type FormEvent } from 'react';
import type { BackupRestored } from '../../../../common/backup.ts';
import { BACKUP_EXTENSION, BACKUP_FILE_MAX_BYTES } from '../../../../common/backup-passphrase.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useOneAtATime } from '../../lib/one-at-a-time.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { ShowPassphrase, SubmitOrCancel } from './backup-form-parts.tsx';

/** The file and its passphrase; a file too large to be a backup is refused here, before anything is sent. */
export function RestoreBackup({
  onClose,
  onRestored,
}: {
  onClose: () => void;
  onRestored: (restored: BackupRestored) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const actions = useApp((state) => state.actions);
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [passphrase, setPassphrase] = useState('');
  const [visible, setVisible] = useState(false);
  const { busy, error, setError, run } = useOneAtATime();

  // Refused here, before anything is sent: larger than any backup main opens, or empty (no backup is).
  const refused =
    file === undefined
      ? undefined
      : file.size > BACKUP_FILE_MAX_BYTES
        ? 'BACKUP_TOO_LARGE'
        : file.size === 0
          ? 'BACKUP_NOT_A_BACKUP'
          : undefined;
  const ready = file !== undefined && !refused && passphrase !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    await run(async () => {
      const restored = await unwrap(wallet.restoreBackup({ file: await readBase64(file), passphrase }));
      // What the backup brought is main's now: the settings (its language, its notifications) and whether the
      // history can be trusted are read again; Pay and History read their lists when they open.
      void actions.updateSettings({}).catch(() => undefined);
      actions.readHistoryTrust();
      onRestored(restored);
    });
  };

  const shownError = refused ?? error;
  return (
    <Dialog title={t('backup.restore')} onClose={busy ? undefined : onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="backup-restore">
        <p>{t('backup.restore.intro')}</p>
        <FieldFrame id={fileId} label={t('backup.file')} hint={t('backup.fileHint')}>
          {(describedBy) => (
            // The browser's own button would say "Choose File" in the system's language, not the app's: the input
            // is kept (focusable, labelled, read as a file button) but drawn as the app's button and the file's name.
            <div className="input-row backup-file">
              <input
                id={fileId}
                type="file"
                className="visually-hidden"
                accept={`.${BACKUP_EXTENSION}`}
                aria-describedby={describedBy}
                aria-invalid={refused ? true : undefined}
                data-testid="backup-file"
                onChange={(event) => {
                  setFile(event.target.files?.[0]);
                  setError(undefined);
                }}
              />
              <label htmlFor={fileId} className="file-button" aria-hidden="true">
                {t('backup.chooseFile')}
              </label>
              <span className="file-name" data-testid="backup-file-name">
                {file?.name ?? t('backup.noFile')}
              </span>
            </div>
          )}
        </FieldFrame>
        <TextField
          label={t('backup.passphrase')}
          type={visible ? 'text' : 'password'}
          value={passphrase}
          onChange={(typed) => {
            setPassphrase(typed);
            setError(undefined);
          }}
          testId="backup-restore-passphrase"
        />
        <ShowPassphrase visible={visible} onChange={setVisible} />
        {busy && (
          <p role="status" className="hint">
            {t('backup.restoring')}
          </p>
        )}
        {shownError && (
          <p role="alert" className="error" data-testid="backup-error">
            {errorText(shownError)}
            {shownError.startsWith('BACKUP_') && ` ${t('backup.nothingChanged')}`}
          </p>
        )}
        <SubmitOrCancel label={t('backup.restore.button')} ready={ready} busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** The file's bytes as base64, as the bridge carries them (a data: URL's tail: the browser encodes it). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
