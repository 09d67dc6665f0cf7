/**
 * How guessable a passphrase is, where it is the only thing between a copy of the data and an offline guesser: the
 * passcode that encrypts the data key where no keychain does, and a backup file's passphrase (issue 38, item 6).
 * Length and pattern rules (common/passcode-rules.ts) let `password12345678` and `reykjavik2026!!!` through; a
 * strength estimator that knows what people choose does not. This module is small and has no dictionary: the
 * estimator (zxcvbn-ts with its dictionaries and ours, common/passphrase-estimator.ts, several hundred KB) is loaded
 * on first use, so that the window's first load does not carry it (the forms that need it load it; main loads it at
 * the first check).
 */

import type { PassphraseEstimator } from './passphrase-terms.ts';

export * from './passphrase-terms.ts';

let loading: Promise<PassphraseEstimator> | undefined;

/** The estimator, loaded once per process (its dictionaries take about 0.2 s to unpack); tried again after a failure. */
export function loadPassphraseEstimator(): Promise<PassphraseEstimator> {
  loading ??= import('./passphrase-estimator.ts').then(
    (module) => module.createPassphraseEstimator(),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
