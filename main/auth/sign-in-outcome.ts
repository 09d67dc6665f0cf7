import type { SignedOutReason } from '../../common/session.ts';
import { WalletError } from '../wallet-error.ts';
import type { CallbackOutcome } from './callback-page.ts';

/**
 * Ends after which the customer stays known: nothing they did, so their own history stays theirs. Ten wrong passcodes
 * ('passcode') end the sign-ins while the app stays locked: the lock still guards the history. A forgotten passcode
 * ('passcode-forgotten') is not here: it opens the app to whoever is at the keyboard, so nothing of the last
 * customer's may show until the bank has identified them again (issue 26).
 */
export const KEEPS_CUSTOMER: ReadonlySet<SignedOutReason> = new Set(['grant-ended', 'revoked', 'expired', 'passcode']);

/** What the browser tab says when the exchange or the identity check failed. */
export function outcomeOf(error: unknown): CallbackOutcome {
  const code = error instanceof WalletError ? error.code : '';
  if (code === 'COMPANY_KENNITALA') return 'not-individual';
  if (['ID_TOKEN_INVALID', 'NO_KENNITALA', 'BAD_KENNITALA', 'USERINFO_FAILED'].includes(code)) return 'identity-failed';
  return 'exchange-failed';
}
