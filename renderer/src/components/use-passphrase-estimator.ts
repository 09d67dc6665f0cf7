import { useEffect, useState } from 'react';
import { loadPassphraseEstimator, type PassphraseEstimator } from '../../../common/passphrase-strength.ts';

/**
 * The passphrase strength estimator, loaded when a form first needs it: its dictionaries are several hundred KB, so
 * they stay out of the window's first load (issue 41's budget). Undefined until it has loaded, or where it is not
 * needed; the form then checks the length and pattern rules alone, and main measures again anyway.
 */
export function usePassphraseEstimator(needed: boolean): PassphraseEstimator | undefined {
  const [estimator, setEstimator] = useState<PassphraseEstimator>();
  useEffect(() => {
    if (!needed || estimator) return;
    let current = true;
    loadPassphraseEstimator().then(
      // A function in state is stored through an updater, or React would call it.
      (loaded) => current && setEstimator(() => loaded),
      // Not loaded (a broken build): the form keeps its other rules, and main's refusal says why.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, estimator]);
  return needed ? estimator : undefined;
}
