import type { SignedOutReason } from '../../common/session.ts';
import { WalletError } from '../wallet-error.ts';
import type { CallbackOutcome } from './callback-page.ts';

/** Ends after which the customer stays known: nothing they did, so their own history stays theirs. */
export const KEEPS_CUSTOMER: ReadonlySet<SignedOutReason> = new Set(['grant-ended', 'revoked', 'expired', 'passcode']);

/** What the browser tab says when the exchange or the identity check failed. */
export function outcomeOf(error: unknown): CallbackOutcome {
  const code = error instanceof WalletError ? error.code : '';
  if (code === 'COMPANY_KENNITALA') return 'not-individual';
  if (['ID_TOKEN_INVALID', 'NO_KENNITALA', 'BAD_KENNITALA', 'USERINFO_FAILED'].includes(code)) return 'identity-failed';
  return 'exchange-failed';
}
