import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode } from '../../lib/api.ts';
import { useApp } from '../../state/wallet-context.tsx';

/**
 * The keychain has not opened the key of the data on this computer (issue 39): what happened, that nothing was
 * changed or lost, and what to do (unlock the keychain, then Try again). Starting without the data is offered too,
 * behind a question that says what it means; the safe choice has the focus.
 */
export function KeychainLocked({ reason, name }: { reason: 'temporary' | 'refused'; name: string }) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useApp((state) => state.actions);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string>();
  const [afresh, setAfresh] = useState(false);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setTried(true);
    } catch (caught) {
      setError(errorCode(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="keychain-title" className="lock-panel" data-testid="keychain-locked">
      <h1 id="keychain-title">{t('keychain.title', { app: name })}</h1>
      <p>{t(reason === 'temporary' ? 'keychain.temporary' : 'keychain.refused')}</p>
      <p>{t('keychain.what')}</p>
      <div role="status">
        {tried && !busy && <p data-testid="keychain-still-locked">{t('keychain.stillLocked')}</p>}
        {error && <p className="error">{errorText(error)}</p>}
      </div>
      <div className="actions">
        <button
          type="button"
          className="primary"
          autoFocus
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(() => actions.retryKeychain())}
        >
          {busy ? t('keychain.retrying') : t('keychain.retry')}
        </button>
        <button type="button" className="link" onClick={() => setAfresh(true)}>
          {t('keychain.afresh')}
        </button>
      </div>
      {afresh && (
        <Dialog title={t('keychain.afreshTitle')} onClose={() => setAfresh(false)}>
          <p>{t('keychain.afreshText')}</p>
          <div className="actions">
            <button type="button" className="primary" data-autofocus onClick={() => setAfresh(false)}>
              {t('keychain.afreshKeep')}
            </button>
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => void run(() => actions.startAfresh()).then(() => setAfresh(false))}
            >
              {t('keychain.afreshConfirm')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
