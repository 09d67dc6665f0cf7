import { useMemo, useState, type FormEvent } from 'react';
import type { BackupExported } from '../../../../common/backup.ts';
import { backupPassphraseProblem } from '../../../../common/backup-passphrase.ts';
import { PASSCODE_MAX_LENGTH } from '../../../../common/passcode-rules.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { TextField } from '../../components/Field.tsx';
import { usePassphraseEstimator } from '../../components/use-passphrase-estimator.ts';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useOneAtATime } from '../../lib/one-at-a-time.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { ShowPassphrase, SubmitOrCancel } from './backup-form-parts.tsx';

/** The passphrase typed twice, shown or not; a problem said as it is typed; Save asks main, once. */
export function MakeBackup({ onClose, onSaved }: { onClose: () => void; onSaved: (saved: BackupExported) => void }) {
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
