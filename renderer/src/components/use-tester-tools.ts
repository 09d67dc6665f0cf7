import { useEffect } from 'react';
import { useApp } from '../state/wallet-context.tsx';

/**
 * Which tester's tools to show is main's to say, for the active profile as it is: asked again when the profile, its
 * environment or its session changes (a sign-in, say, as the sandbox's panel then knows the grant's end).
 */
export function useTesterTools() {
  const phase = useApp((state) => state.phase);
  const actions = useApp((state) => state.actions);
  const key = useApp((state) => {
    const active = state.profiles?.profiles.find((profile) => profile.active);
    return `${active?.id ?? ''}|${active?.environment ?? ''}|${String(state.session?.signedIn ?? false)}`;
  });
  useEffect(() => {
    if (phase === 'ready') void actions.readTesterTools();
  }, [phase, key, actions]);
}
