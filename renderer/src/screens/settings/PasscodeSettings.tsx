import { useId, useState } from 'react';
import { IDLE_MINUTE_CHOICES, type IdleMinutes } from '../../../../common/passcode-rules.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { TextField } from '../../components/Field.tsx';
import { usePasscodeEntry } from '../../components/use-passcode-entry.ts';
import { useT } from '../../i18n/index.ts';
import { errorCode } from '../../lib/api.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { NewPasscodeForm } from '../../components/NewPasscodeForm.tsx';

/**
 * The passcode: what it protects against (the person at the keyboard; a copied disk only where it is what encrypts
 * the sign-in), set it, change it, remove it (unless the build requires one), and when the app locks itself. A
 * passcode set before this computer needed a passphrase is too weak to keep the sign-in on disk: this asks for one.
 */
export function PasscodeSettings() {
  const t = useT();
  const errorText = useErrorText();
  const lock = useApp((state) => state.lock);
  const settings = useApp((state) => state.settings);
  const actions = useApp((state) => state.actions);
  const [open, setOpen] = useState<'change' | 'remove'>();
  const [error, setError] = useState<string>();
  /** What was just done, said where the form was, with the focus on it (the form went with the focus: issue 42). */
  const [said, setSaid] = useState<'setDone' | 'changeDone' | 'removeDone'>();
  const focusAfter = useFocusAfter();
  const idleId = useId();
  const saidId = useId();
  if (!lock) return null;
  const noKeychain = settings !== undefined && settings.protection !== 'secure';
  const tooWeak = settings?.passcodeTooWeak === true;

  /**
   * What follows from the passcode (whether it encrypts the sign-in here, and whether the sign-in is kept) is main's
   * to say: an update with no change reads the settings again.
   */
  const reread = () => void actions.updateSettings({}).catch(() => undefined);
  const done = (what: 'setDone' | 'changeDone' | 'removeDone') => () => {
    setOpen(undefined);
    setSaid(what);
    focusAfter(() => document.getElementById(saidId));
    reread();
  };

  const toggle = (form: 'change' | 'remove') => {
    setSaid(undefined);
    setOpen(open === form ? undefined : form);
  };

  const setIdle = async (minutes: IdleMinutes) => {
    setError(undefined);
    try {
      await actions.updateLockSettings(minutes);
    } catch (caught) {
      setError(errorCode(caught));
    }
  };

  return (
    <section aria-labelledby="settings-lock" className="settings-section" data-testid="passcode-settings">
      <h3 id="settings-lock">{t('lock.settings')}</h3>
      {lock.required && <p>{t('lock.settings.required')}</p>}
      {said && (
        <p id={saidId} role="status" className="notice" data-testid="passcode-done">
          {t(`lock.settings.${said}`)}
        </p>
      )}
      <div data-testid="passcode-protects">
        <p>{t('passcode.protects')}</p>
        <p className={noKeychain ? 'notice' : 'hint'}>
          {t(noKeychain ? 'passcode.protects.noKeychain' : 'passcode.protects.keychain')}
        </p>
      </div>
      {lock.passcodeSet && tooWeak && (
        <div className="warning" role="note" aria-labelledby="passcode-too-weak" data-testid="passcode-too-weak">
          <strong id="passcode-too-weak">{t('passcode.tooWeak.title')}</strong>
          <p>{t('passcode.tooWeak')}</p>
          {open !== 'change' && (
            <button type="button" onClick={() => toggle('change')}>
              {t('passcode.tooWeak.action')}
            </button>
          )}
        </div>
      )}
      {!lock.passcodeSet ? (
        <>
          <p>{t('lock.settings.off')}</p>
          <NewPasscodeForm onDone={done('setDone')} />
        </>
      ) : (
        <>
          <p data-testid="lock-summary">
            {t('lock.settings.on', { minutes: lock.idleMinutes })}{' '}
            {/* When a payment asks again is the vendor's window, as main keeps it: not "every payment" unless it is 0. */}
            {lock.presenceSeconds === 0
              ? t('lock.settings.presenceEvery')
              : t('lock.settings.presence', { seconds: lock.presenceSeconds })}
          </p>
          <div className="field">
            <label htmlFor={idleId}>{t('lock.settings.idle')}</label>
            <select
              id={idleId}
              value={lock.idleMinutes}
              onChange={(event) => void setIdle(Number(event.target.value) as IdleMinutes)}
            >
              {IDLE_MINUTE_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('lock.settings.minutes', { count: minutes })}
                </option>
              ))}
            </select>
          </div>
          {error && (
            <p role="alert" className="error">
              {errorText(error)}
            </p>
          )}
          <div className="actions">
            <button type="button" onClick={() => toggle('change')}>
              {t('lock.change')}
            </button>
            {!lock.required && (
              <button type="button" onClick={() => toggle('remove')}>
                {t('lock.remove')}
              </button>
            )}
            <button type="button" onClick={() => void actions.lockNow()}>
              {t('lock.lockNow')}
            </button>
          </div>
          {open === 'change' && <NewPasscodeForm withCurrent onDone={done('changeDone')} />}
          {open === 'remove' && <RemovePasscode onDone={done('removeDone')} />}
        </>
      )}
    </section>
  );
}

function RemovePasscode({ onDone }: { onDone: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useApp((state) => state.actions);
  const {
    passcode: current,
    setPasscode: setCurrent,
    error,
    submit,
  } = usePasscodeEntry(async (typed) => {
    await actions.removePasscode(typed);
    onDone();
  });
  return (
    <form onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('lock.current')}
        type="password"
        value={current}
        onChange={setCurrent}
        error={error ? errorText(error) : undefined}
        testId="passcode-remove-current"
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="primary">
          {t('lock.remove')}
        </button>
      </div>
    </form>
  );
}
