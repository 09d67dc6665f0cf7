import { useId, useMemo, useState, type FormEvent } from 'react';
import type { BackupExported, BackupRestored } from '../../../../common/backup.ts';
import { PASSCODE_MAX_LENGTH } from '../../../../common/passcode-rules.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { useOneAtATime } from '../../lib/one-at-a-time.ts';
import {
  BACKUP_EXTENSION,
  BACKUP_FILE_MAX_BYTES,
  backupPassphraseProblem,
} from '../../../../common/backup-passphrase.ts';
import { restoredTexts, savedText } from './backup-texts.ts';
import { usePassphraseEstimator } from '../../components/use-passphrase-estimator.ts';

/** What the section last did, for whom (a profile and its signed-in customer): shown only while they still are. */
type Outcome = { owner: string } & (
  { kind: 'saved'; saved: BackupExported } | { kind: 'restored'; restored: BackupRestored }
);

/**
 * A move to a new computer (issue 29, docs/BACKUP.md): a backup of the signed-in customer's data in the active
 * profile, sealed under a passphrase they choose (main's exportBackup, which asks where to save it), and its restore
 * on another computer (restoreBackup), merged into what is there. Each dialog says why it cannot go on, in words,
 * with what to do; main refuses a weak passphrase and every wrong file again, changing nothing.
 */
export function Backup() {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const session = useApp((state) => state.session);
  const owner = session?.signedIn ? `${session.profileId}|${session.maskedKennitala ?? ''}` : undefined;
  const [open, setOpen] = useState<'make' | 'restore'>();
  const [outcome, setOutcome] = useState<Outcome>();
  const shown = outcome && outcome.owner === owner ? outcome : undefined;

  // What the last one said goes as the next begins, so that the next one's words are read out even when the same.
  const begin = (which: 'make' | 'restore') => {
    setOutcome(undefined);
    setOpen(which);
  };
  const done = (next: Outcome) => {
    setOpen(undefined);
    setOutcome(next);
  };

  return (
    <section aria-labelledby="settings-backup" className="settings-section" data-testid="backup">
      <h3 id="settings-backup">{t('backup.title')}</h3>
      {owner === undefined ? (
        <p>{t('backup.signedOut')}</p>
      ) : (
        <>
          <p>{t('backup.make.text')}</p>
          <p>{t('backup.restore.text')}</p>
          <div className="actions">
            <button type="button" onClick={() => begin('make')}>
              {t('backup.make')}
            </button>
            <button type="button" onClick={() => begin('restore')}>
              {t('backup.restore')}
            </button>
          </div>
        </>
      )}
      {/* Always there, so that what it comes to say is read out. */}
      <div role="status" className="backup-outcome" data-testid="backup-outcome">
        {shown?.kind === 'saved' && (
          <>
            <p>{savedText(t, locale, shown.saved)}</p>
            <p className="hint">{t('backup.saved.next')}</p>
          </>
        )}
        {shown?.kind === 'restored' && restoredTexts(t, locale, shown.restored).map((text) => <p key={text}>{text}</p>)}
      </div>
      {open === 'make' && owner !== undefined && (
        <MakeBackup onClose={() => setOpen(undefined)} onSaved={(saved) => done({ owner, kind: 'saved', saved })} />
      )}
      {open === 'restore' && owner !== undefined && (
        <RestoreBackup
          onClose={() => setOpen(undefined)}
          onRestored={(restored) => done({ owner, kind: 'restored', restored })}
        />
      )}
    </section>
  );
}

/** The passphrase typed twice, shown or not; a problem said as it is typed; Save asks main, once. */
function MakeBackup({ onClose, onSaved }: { onClose: () => void; onSaved: (saved: BackupExported) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const masked = useApp((state) => state.session?.maskedKennitala);
  const name = useApp((state) => state.session?.name);
  const estimator = usePassphraseEstimator(true);
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [visible, setVisible] = useState(false);
  const { busy, error, run } = useOneAtATime();

  // The birth date of the masked kennitala (every century of it) and her name: main checks again with the whole
  // kennitala. Measured by the estimator once it has loaded, once a change (it takes some tens of milliseconds).
  const problem = useMemo(
    () =>
      backupPassphraseProblem(passphrase, {
        kennitolur: masked ? [masked] : [],
        ...(name && { names: [name] }),
        ...(estimator && { estimator }),
      }),
    [passphrase, masked, name, estimator],
  );
  // Said once the second one can no longer become the first by typing on.
  const mismatch = again !== '' && again !== passphrase && !passphrase.startsWith(again);
  const ready = !problem && again === passphrase;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    await run(async () => {
      const saved = await unwrap(wallet.exportBackup({ passphrase }));
      // Cancelled where to save it: nothing to say, and the dialog stays for another try or Cancel.
      if (saved.saved) onSaved(saved);
    });
  };

  return (
    <Dialog title={t('backup.make')} onClose={busy ? undefined : onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="backup-make">
        <p>{t('backup.make.intro')}</p>
        <TextField
          label={t('backup.passphrase')}
          type={visible ? 'text' : 'password'}
          value={passphrase}
          onChange={setPassphrase}
          hint={t('backup.passphraseHint')}
          error={passphrase && problem ? t(`backup.problem.${problem}`, { max: PASSCODE_MAX_LENGTH }) : undefined}
          testId="backup-passphrase"
        />
        <TextField
          label={t('backup.passphraseAgain')}
          type={visible ? 'text' : 'password'}
          value={again}
          onChange={setAgain}
          error={mismatch ? t('backup.problem.mismatch') : undefined}
          testId="backup-passphrase-again"
        />
        <ShowPassphrase visible={visible} onChange={setVisible} />
        {busy && (
          <p role="status" className="hint">
            {t('backup.saving')}
          </p>
        )}
        {error && (
          <p role="alert" className="error" data-testid="backup-error">
            {errorText(error)}
          </p>
        )}
        <SubmitOrCancel label={t('backup.save')} ready={ready} busy={busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** The file and its passphrase; a file too large to be a backup is refused here, before anything is sent. */
function RestoreBackup({
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

function ShowPassphrase({ visible, onChange }: { visible: boolean; onChange: (visible: boolean) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={visible} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{t('backup.show')}</label>
    </div>
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

/** A dialog's two buttons: its action (while ready, once at a time) and Cancel (not while the action runs). */
function SubmitOrCancel({
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
      <button type="submit" className="primary" disabled={!ready || busy} aria-busy={busy || undefined}>
        {label}
      </button>
      <button type="button" onClick={onClose} disabled={busy}>
        {t('action.cancel')}
      </button>
    </div>
  );
}
