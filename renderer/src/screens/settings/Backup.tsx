import { useState } from 'react';
import type { BackupExported, BackupRestored } from '../../../../common/backup.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { restoredTexts, savedText } from './backup-texts.ts';
import { MakeBackup } from './MakeBackup.tsx';
import { RestoreBackup } from './RestoreBackup.tsx';

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
