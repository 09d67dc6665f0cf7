import type { Notice } from '../../main/payments/outcome-notice.ts';
import type { WalletEvent } from '../../main/wallet.ts';
import { inProcessWallet, type InProcessWallet } from './in-process-wallet.ts';

/** A desktop notification the core showed, with what clicking it does. */
export interface Shown {
  notice: Notice;
  click?: () => void;
}

/**
 * The real core, signed in, with every notification it shows and every event it tells kept in order (the due
 * payments' tests: due-bridge, due-reminder).
 */
export async function notifiedWallet(): Promise<{ fixture: InProcessWallet; notices: Shown[]; events: WalletEvent[] }> {
  const notices: Shown[] = [];
  const events: WalletEvent[] = [];
  const fixture = await inProcessWallet({
    platform: { notify: (notice, click) => void notices.push({ notice, ...(click ? { click } : {}) }) },
  });
  fixture.onEvent((event) => void events.push(event));
  await fixture.value('signIn');
  return { fixture, notices, events };
}
