import { useRef, useState } from 'react';
import { errorCode } from './api.ts';

/**
 * One request of a form or a control at a time: a second click before React has drawn the first one's busy state
 * does nothing (no second backup, bundle or fault). `run` clears the last error, marks busy while `work` runs, and
 * keeps the error code of a failure for the screen to say.
 */
export function useOneAtATime(): {
  busy: boolean;
  error: string | undefined;
  setError: (code: string | undefined) => void;
  run: (work: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const running = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(errorCode(caught));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
