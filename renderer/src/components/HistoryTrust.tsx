import { useEffect, useId, useState } from 'react';
import type { HistoryIntegrity } from '../../../common/bridge-contract.ts';
import { useT, type MessageKey } from '../i18n/index.ts';
import { errorCode } from '../lib/api.ts';
import { useApp } from '../state/wallet-context.tsx';
import { Dialog } from './Dialog.tsx';
import { useErrorText } from './ErrorText.tsx';

/** What happened to the history on this computer, in the customer's words. */
const WHAT: Record<NonNullable<HistoryIntegrity['problem']>, MessageKey> = {
  older: 'trust.older',
  gap: 'trust.gap',
  unreadable: 'trust.unreadable',
  damagedRows: 'trust.damagedRows',
};

/**
 * At the top of Pay and History while the signed-in customer's payment history on this computer is not the one the
 * app last wrote (an older copy put back, records removed, unreadable): what happened, what it means (payments may be
 * missing or out of date here; every payment asks to be confirmed as new) and what to do (check the online banking).
 * "I have checked" asks once more in a dialog, so a stray click does not clear it; once taken, the banner goes and
 * the focus goes to the screen's heading (the Dialog's way back when the control it came from is gone).
 */
export function HistoryTrustBanner({ readOnOpen = true }: { readOnOpen?: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const trust = useApp((state) => state.historyTrust);
  const actions = useApp((state) => state.actions);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [accepted, setAccepted] = useState(false);
  const titleId = useId();
  // Read whenever Pay opens: another window, or main at start, may have found it since. (History's first page
  // brings it: `readOnOpen` false.)
  useEffect(() => {
    if (readOnOpen) actions.readHistoryTrust();
  }, [actions, readOnOpen]);

  const untrusted = trust !== undefined && !trust.trusted;
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await actions.acceptHistory();
      setAccepted(true);
      setConfirming(false);
    } catch (caught) {
      setError(errorCode(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* Said once the banner has gone, since the focus moves on to the heading. */}
      <p role="status" className="visually-hidden" data-testid="history-trust-status">
        {accepted && !untrusted ? t('trust.accepted') : ''}
      </p>
      {untrusted && (
        <div className="warning history-trust" role="alert" aria-labelledby={titleId} data-testid="history-trust">
          <h3 id={titleId}>{t('trust.title')}</h3>
          <p>
            {trust.problem ? `${t(WHAT[trust.problem])} ` : ''}
            {t('trust.meaning')}
          </p>
          <p>
            <strong>{t('trust.todo')}</strong>
          </p>
          <button
            type="button"
            data-testid="history-trust-checked"
            onClick={() => {
              setError(undefined);
              setConfirming(true);
            }}
          >
            {t('trust.checked')}
          </button>
        </div>
      )}
      {untrusted && confirming && (
        <Dialog title={t('trust.confirmTitle')} onClose={() => setConfirming(false)}>
          <p>{t('trust.confirmText')}</p>
          {error && (
            <p role="alert" className="error">
              {errorText(error)}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="primary"
              aria-disabled={busy || undefined}
              data-testid="history-trust-confirm"
              onClick={() => void confirm()}
            >
              {t('trust.confirm')}
            </button>
            {/* The safe choice is the one focused: Enter on a dialog opened by mistake changes nothing. */}
            <button type="button" data-autofocus onClick={() => setConfirming(false)}>
              {t('action.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
