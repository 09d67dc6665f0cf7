import { useState } from 'react';
import type { LockStatus } from '../../../common/lock.ts';
import { TRIES_BEFORE_WIPE } from '../../../common/passcode-rules.ts';
import { KeychainLocked } from './lock/KeychainLocked.tsx';
import { NewPasscodeForm } from '../components/NewPasscodeForm.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { EnvironmentBanner } from '../components/EnvironmentBanner.tsx';
import { useErrorText } from '../components/ErrorText.tsx';
import { TextField } from '../components/Field.tsx';
import { usePasscodeEntry } from '../components/use-passcode-entry.ts';
import { useT } from '../i18n/index.ts';
import { formatDate, formatTime, pluralCategory, sameDay } from '../i18n/format.ts';
import { errorCode } from '../lib/api.ts';
import { useApp } from '../state/wallet-context.tsx';

/**
 * All the window shows while the app is locked: a test profile's banner (as on every screen), the app's name, why it
 * is locked, the passcode field (focused, so the customer types and presses Enter), how many tries are left and when
 * the next may be made, and the way out for a forgotten passcode. Nothing else is mounted, so no payment, name or
 * account is on screen.
 */
export function LockScreen() {
  const lock = useApp((state) => state.lock);
  const name = useApp((state) => state.appInfo?.name) ?? 'A2A Wallet';
  if (!lock) return null;
  return (
    <div className="app lock-screen" data-testid="lock-screen">
      <EnvironmentBanner environment={lock.environment} />
      <main className="lock-main">
        {lock.keychain ? (
          <KeychainLocked reason={lock.keychain} name={name} />
        ) : lock.reason === 'setup' ? (
          <SetupPasscode name={name} />
        ) : (
          <Unlock lock={lock} name={name} />
        )}
      </main>
    </div>
  );
}

function Unlock({ lock, name }: { lock: LockStatus; name: string }) {
  const t = useT();
  const errorText = useErrorText();
  const locale = useApp((state) => state.locale);
  const actions = useApp((state) => state.actions);
  const { passcode, setPasscode, busy, error, submit } = usePasscodeEntry(async (typed) => {
    await actions.unlock(typed);
  });
  const [forgetting, setForgetting] = useState(false);

  // What main counts, said whenever it holds (after a restart too), not only right after a wrong try.
  const triesLeft = TRIES_BEFORE_WIPE - lock.wrongTries;
  const counting = !lock.signInsWiped && lock.wrongTries > 0 && triesLeft > 0;

  return (
    <section aria-labelledby="lock-title" className="lock-panel">
      <h1 id="lock-title" data-testid="lock-title">
        {t('lock.title', { app: name })}
      </h1>
      {lock.reason && <p>{t(`lock.reason.${lock.reason}`, { minutes: String(lock.idleMinutes) })}</p>}
      {lock.signInsWiped && (
        <p className="warning" role="note">
          {t('lock.wiped')}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('lock.passcode')}
          type="password"
          value={passcode}
          onChange={setPasscode}
          error={error ? errorText(error) : undefined}
          testId="lock-passcode"
          autoFocus
        />
        <div className="lock-tries" role="status" data-testid="lock-tries">
          {counting && <p>{t(`lock.triesLeft.${pluralCategory(triesLeft, locale)}`, { count: String(triesLeft) })}</p>}
          {lock.signInsWiped && <p>{t('lock.wipedWaits')}</p>}
          {lock.waitUntil !== undefined && (
            // Main's clock, to the second: the time of day the next try is let through.
            <p data-testid="lock-wait">
              {sameDay(lock.waitUntil, lock.asOf)
                ? t('lock.wait', { time: formatTime(lock.waitUntil, locale) })
                : t('lock.waitDay', {
                    date: formatDate(lock.waitUntil, locale),
                    time: formatTime(lock.waitUntil, locale),
                  })}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('lock.unlocking') : t('lock.unlock')}
          </button>
          <button type="button" className="link" onClick={() => setForgetting(true)}>
            {t('lock.forgot')}
          </button>
        </div>
      </form>
      {forgetting && <ForgetPasscode keepsData={lock.forgetKeepsData} onClose={() => setForgetting(false)} />}
    </section>
  );
}

/**
 * "Forgot your passcode?": what it does, said before it is done. The safe choice comes first and has the focus, so
 * Enter pressed at once (or a key held down from the passcode field) forgets nothing.
 */
function ForgetPasscode({ keepsData, onClose }: { keepsData: boolean; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useApp((state) => state.actions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const forget = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      // The store lets go of what the window held of the last customer's (the pay form too).
      await actions.forgetPasscode();
      onClose();
    } catch (caught) {
      setError(errorCode(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('lock.forgotTitle')} onClose={onClose}>
      <p>{t(keepsData ? 'lock.forgotText' : 'lock.forgotTextLosesData')}</p>
      {error && (
        <p role="alert" className="error">
          {errorText(error)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" data-autofocus onClick={onClose}>
          {t('lock.forgotKeep')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void forget()}
        >
          {t('lock.forgotConfirm')}
        </button>
      </div>
    </Dialog>
  );
}

function SetupPasscode({ name }: { name: string }) {
  const t = useT();
  return (
    <section aria-labelledby="lock-setup-title" className="lock-panel">
      <h1 id="lock-setup-title">{t('lock.setupTitle', { app: name })}</h1>
      <p>{t('lock.setupText')}</p>
      <NewPasscodeForm />
    </section>
  );
}
