import { hasMessage, useT, type MessageKey } from '../i18n/index.ts';
import { useFocusIfLost } from '../lib/focus.ts';
import { useApp } from '../state/wallet-context.tsx';

/**
 * The sign-in with the bank, in the customer's browser: the button, the waiting state, and what went wrong. The button
 * says "Sign in", as the heading and every message do; after the grant ended, "Sign in again".
 */
export function SignInPanel({
  button = 'signIn.button',
  reasonShown = false,
}: {
  button?: MessageKey;
  /** The prompt around the panel already says why the customer was signed out. */
  reasonShown?: boolean;
}) {
  const t = useT();
  const session = useApp((state) => state.session);
  const error = useApp((state) => state.signInError);
  const settings = useApp((state) => state.settings);
  const profile = useApp((state) => state.profiles?.profiles.find((candidate) => candidate.active));
  const actions = useApp((state) => state.actions);
  const reason = session?.signedOutReason;
  const reasonKey = `signIn.signedOut.${reason ?? ''}`;
  const errorKey = `signIn.error.${error ?? ''}`;
  // Back from waiting (cancelled, or the bank said no), the Cancel button is gone: Sign in has the focus again.
  const signInButton = useFocusIfLost<HTMLButtonElement>(session?.signingIn ?? false, { onMount: false });

  if (session?.signingIn) return <SignInWaiting onCancel={() => void actions.cancelSignIn()} />;
  return (
    <div className="sign-in">
      {reason && !reasonShown && hasMessage(reasonKey) && <p className="notice">{t(reasonKey)}</p>}
      {error && (
        <p role="alert" className="error">
          {hasMessage(errorKey) ? t(errorKey) : t('signIn.error.other')}
        </p>
      )}
      {profile && !profile.complete ? (
        <>
          <p role="alert" className="error">
            {t('signIn.incomplete')}
          </p>
          <button type="button" onClick={() => actions.go('profiles')}>
            {t('signIn.goToProfiles')}
          </button>
        </>
      ) : (
        <button type="button" className="primary" ref={signInButton} onClick={() => void actions.signIn()}>
          {t(button)}
        </button>
      )}
      {settings && !settings.tokensPersist && <p className="hint">{t('signIn.memoryOnly')}</p>}
    </div>
  );
}

/**
 * While the customer signs in in their browser. Sign in is gone once pressed, so Cancel takes the focus: the one
 * thing to do here, and Enter on it stops waiting.
 */
function SignInWaiting({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const cancel = useFocusIfLost<HTMLButtonElement>();
  return (
    <div className="sign-in-waiting" role="status" aria-live="polite">
      <p className="spinner" aria-hidden="true" />
      <p>
        <strong>{t('signIn.waiting')}</strong>
      </p>
      <p>{t('signIn.waitingHelp')}</p>
      <button type="button" ref={cancel} onClick={onCancel}>
        {t('signIn.cancel')}
      </button>
    </div>
  );
}
