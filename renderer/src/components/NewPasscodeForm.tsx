import { useMemo, useRef, useState, type FormEvent } from 'react';
import { passcodeProblem, type PasscodeContext } from '../../../common/passcode-rules.ts';
import { useErrorText } from './ErrorText.tsx';
import { TextField } from './Field.tsx';
import { useT } from '../i18n/index.ts';
import { errorCode } from '../lib/api.ts';
import { useApp } from '../state/wallet-context.tsx';
import { usePassphraseEstimator } from './use-passphrase-estimator.ts';

/**
 * The rules a new passcode is held to here, from what the window knows: where the keychain protects nothing, the
 * passcode will encrypt the data key, so only a strong passphrase will do, one the strength estimator (loaded for
 * it) finds hard to guess; and the signed-in customer's birth date (the masked kennitala's six digits: every century
 * is refused) and name. Main checks again with every customer it knows.
 */
export function usePasscodeContext(): PasscodeContext {
  // Main's lock status says it even while locked (a vendor's build asks for the first passcode before anything).
  const required = useApp((state) => state.lock?.passphraseRequired);
  const protection = useApp((state) => state.settings?.protection);
  const masked = useApp((state) => state.session?.maskedKennitala);
  const name = useApp((state) => state.session?.name);
  const guardsDataKey = required ?? (protection !== undefined && protection !== 'secure');
  const estimator = usePassphraseEstimator(guardsDataKey);
  return useMemo(
    () => ({
      guardsDataKey,
      kennitolur: masked ? [masked] : [],
      ...(name && { names: [name] }),
      ...(estimator && { estimator }),
    }),
    [guardsDataKey, masked, name, estimator],
  );
}

/**
 * A new passcode, typed twice, checked as it is typed with the rules main applies, and saying why one is refused;
 * with the passcode in use first where there is one. `onDone` runs once main has it.
 */
export function NewPasscodeForm({ withCurrent = false, onDone }: { withCurrent?: boolean; onDone?: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useApp((state) => state.actions);
  const context = usePasscodeContext();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A second press before the first's render (busy) is seen: one set at a time. */
  const running = useRef(false);
  const [error, setError] = useState<string>();

  // Measured once a change, not at every render: the estimator takes some tens of milliseconds.
  const problem = useMemo(() => passcodeProblem(next, context), [next, context]);
  const mismatch = repeat !== next;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (running.current || problem || mismatch) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await actions.setPasscode(next, withCurrent ? current : undefined);
      onDone?.();
    } catch (caught) {
      setError(errorCode(caught));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="passcode-form" noValidate>
      {withCurrent && (
        <TextField
          label={t('lock.current')}
          type="password"
          value={current}
          onChange={setCurrent}
          testId="passcode-current"
        />
      )}
      <TextField
        label={t('lock.new')}
        type="password"
        value={next}
        onChange={setNext}
        hint={t(context.guardsDataKey ? 'passcode.rules.strong' : 'passcode.rules')}
        error={tried && problem ? t(`lock.problem.${problem}`) : undefined}
        testId="passcode-new"
        autoFocus={!withCurrent}
      />
      <TextField
        label={t('lock.repeat')}
        type="password"
        value={repeat}
        onChange={setRepeat}
        error={tried && !problem && mismatch ? t('lock.problem.mismatch') : undefined}
        testId="passcode-repeat"
      />
      {error && (
        <p role="alert" className="error">
          {errorText(error)}
        </p>
      )}
      <div className="actions">
        {/* Busy, not disabled: a disabled button drops the focus to the page (issue 42). */}
        <button type="submit" className="primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {withCurrent ? t('lock.change') : t('lock.set')}
        </button>
      </div>
    </form>
  );
}
