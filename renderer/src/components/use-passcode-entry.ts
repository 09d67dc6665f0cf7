import { useState, type FormEvent } from 'react';
import { errorCode } from '../lib/api.ts';

/**
 * A field for the passcode in use and what sending it does: one send at a time (a second press while the first is on
 * its way does nothing), and on a refusal its code (a wrong passcode, a wait) with the field cleared for another try.
 */
export function usePasscodeEntry(send: (passcode: string) => Promise<void>) {
  const [passcode, setPasscode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || passcode === '') return;
    setBusy(true);
    setError(undefined);
    try {
      await send(passcode);
    } catch (caught) {
      setError(errorCode(caught));
      setPasscode('');
    } finally {
      setBusy(false);
    }
  };
  return { passcode, setPasscode, busy, error, submit };
}
