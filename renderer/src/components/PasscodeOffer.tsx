import { useState } from 'react';
import { useT } from '../i18n/index.ts';
import { useApp } from '../state/wallet-context.tsx';

/**
 * Offered once signed in, while no passcode is set: a note under the screen, not a dialog, so nothing waits on it and
 * the pay form keeps its place. "Not now" hides it for this run; Settings has the same form.
 */
export function PasscodeOffer() {
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  const offer = useApp((state) => state.session?.signedIn === true && state.lock?.passcodeSet === false);
  const actions = useApp((state) => state.actions);
  const screen = useApp((state) => state.screen);
  if (!offer || dismissed || screen === 'settings') return null;
  return (
    <aside className="passcode-offer" aria-labelledby="passcode-offer-title" data-testid="passcode-offer">
      <p>
        <strong id="passcode-offer-title">{t('lock.offerTitle')}</strong> {t('lock.offerText')}
      </p>
      <button type="button" onClick={() => actions.go('settings')}>
        {t('lock.set')}
      </button>
      <button type="button" className="link" onClick={() => setDismissed(true)}>
        {t('lock.offerLater')}
      </button>
    </aside>
  );
}
