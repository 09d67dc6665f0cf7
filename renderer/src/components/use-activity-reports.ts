import { useEffect } from 'react';
import { reportActivity } from '../lib/activity.ts';
import { useApp, useWallet } from '../state/wallet-context.tsx';

/** Reports the customer's input while the app is unlocked and has a passcode, the only time main needs it. */
export function useActivityReports(): void {
  const wallet = useWallet();
  const watched = useApp((state) => state.phase === 'ready' && state.lock?.passcodeSet === true);
  useEffect(() => (watched ? reportActivity(wallet) : undefined), [wallet, watched]);
}
