import { useT } from '../i18n/index.ts';
import { useApp } from '../state/wallet-context.tsx';
import { Dialog } from './Dialog.tsx';
import { useErrorText } from './ErrorText.tsx';
import { TextField } from './Field.tsx';
import { usePasscodeEntry } from './use-passcode-entry.ts';

/** The passcode once more before the payment goes: a wrong one is said here, and the customer may try again. */
export function PresencePrompt({
  amount,
  onConfirmed,
  onCancel,
}: {
  amount: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useApp((state) => state.actions);
  const { passcode, setPasscode, busy, error, submit } = usePasscodeEntry(async (typed) => {
    await actions.confirmPresence(typed);
    onConfirmed();
  });
  return (
    <Dialog title={t('lock.presenceTitle')} onClose={onCancel}>
      <form onSubmit={(event) => void submit(event)}>
        <p>{t('lock.presenceText', { amount })}</p>
        <TextField
          label={t('lock.passcode')}
          type="password"
          value={passcode}
          onChange={setPasscode}
          error={error ? errorText(error) : undefined}
          testId="presence-passcode"
          autoFocus
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy} aria-busy={busy || undefined}>
            {t('lock.presenceConfirm')}
          </button>
          <button type="button" onClick={onCancel}>
            {t('action.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
