import { maskKennitala } from '../../common/kennitala.ts';
import type { Profile } from '../../common/profile.ts';
import type { Session, SignedOutReason } from '../../common/session.ts';
import { dueGrantReminder, grantDaysLeft, type Clock } from '../../common/time.ts';
import { WalletError } from '../wallet-error.ts';
import { stillBound } from './binding.ts';
import { KEEPS_CUSTOMER } from './sign-in-outcome.ts';
import type { StoredSession, TokenVault } from './token-vault.ts';

export interface SessionReadModelOptions {
  profiles: { get(id: string): Profile };
  vault: TokenVault;
  clock: Clock;
  /** A sign-in of the profile is under way (the sign-in flow's). */
  signingIn(profileId: string): boolean;
  onChange?(session: Session): void;
}

/**
 * What a profile's session is, as the rest of the app reads it: the stored session while its grant lasts and its
 * profile is still the one its tokens were issued under, its ends, the status the renderer is told (with what it
 * was last told, for `recheck`), and who the customer is.
 */
export class SessionReadModel {
  readonly #options: SessionReadModelOptions;
  /** What the screen shows of each profile's grant, as the renderer was last told it (see `recheck`). */
  readonly #told = new Map<string, string>();
  /** Grants found ended on a read so far: each such end is told once that read is over. */
  #endsFound = 0;

  constructor(options: SessionReadModelOptions) {
    this.#options = options;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  /** Tells the renderer the profile's session as it is now. */
  emit(profileId: string): void {
    this.#options.onChange?.(this.status(profileId));
  }

  /**
   * The stored session, unless its grant has ended or its profile is no longer the one its tokens were issued under
   * (edited in the app, or in the data folder behind its back): then it is removed, with that reason.
   */
  current(profileId: string): StoredSession | undefined {
    const session = this.#options.vault.load(profileId);
    if (!session) return undefined;
    if (this.#now() >= session.grantExpiresAt) {
      this.end(profileId, 'grant-ended');
      // Found on a read (the core's tick, a screen's, a payment's): the renderer is told, once the read is over.
      this.#endsFound += 1;
      queueMicrotask(() => this.emit(profileId));
      return undefined;
    }
    let profile: Profile | undefined;
    try {
      profile = this.#options.profiles.get(profileId);
    } catch {
      profile = undefined;
    }
    if (!profile || !stillBound(profile, session.binding)) {
      this.end(profileId, 'profile-changed');
      return undefined;
    }
    return session;
  }

  /**
   * Wipes the tokens. Where the grant ended, was withdrawn or expired, or wrong passcodes ended it behind the lock,
   * the customer stays known (their history stays readable until they sign out); any other end forgets them
   * (KEEPS_CUSTOMER).
   */
  end(profileId: string, reason: SignedOutReason): void {
    const { vault } = this.#options;
    const session = vault.load(profileId);
    vault.delete(profileId);
    const customer = session
      ? { kennitala: session.kennitala, name: session.name }
      : vault.loadLast(profileId)?.customer;
    const keep = KEEPS_CUSTOMER.has(reason) && customer !== undefined;
    vault.saveLast(profileId, { reason, ...(keep ? { customer } : {}) });
  }

  #reason(profileId: string): SignedOutReason | undefined {
    return this.#options.vault.loadLast(profileId)?.reason;
  }

  /** The session as the renderer sees it; every answer and event carries one, so this is what it was last told. */
  status(profileId: string): Session {
    const session = this.#view(profileId);
    this.#told.set(profileId, grantShown(session));
    return session;
  }

  /**
   * The clock moved on (the core's tick, a status read): where what the screen shows of the grant changed since the
   * renderer was last told (a day fewer left, a reminder due, the grant over), or this run has not told it yet, it is
   * told now, without waiting for it to ask.
   */
  recheck(profileId: string): Session {
    const told = this.#told.get(profileId);
    const ends = this.#endsFound;
    const session = this.status(profileId);
    // An end found on this very read is told once the read is over (see `current`), not twice.
    if (told !== grantShown(session) && ends === this.#endsFound) this.#options.onChange?.(session);
    return session;
  }

  #view(profileId: string): Session {
    const session = this.current(profileId);
    const base = {
      profileId,
      signingIn: this.#options.signingIn(profileId),
      persistent: this.#options.vault.persistent,
    };
    if (!session) return { ...base, signedIn: false, signedOutReason: this.#reason(profileId) ?? 'never' };
    const now = this.#now();
    const reminder = dueGrantReminder(now, session.grantExpiresAt);
    return {
      ...base,
      signedIn: true,
      name: session.name,
      maskedKennitala: maskKennitala(session.kennitala),
      grantStart: session.authorizedAt,
      grantEnd: session.grantExpiresAt,
      daysLeft: grantDaysLeft(now, session.grantExpiresAt),
      ...(reminder ? { reminder } : {}),
    };
  }

  /** See SessionService.knownCustomer. */
  knownCustomer(profileId: string): { kennitala: string; name: string } | undefined {
    const session = this.current(profileId);
    if (session) return { kennitala: session.kennitala, name: session.name };
    const last = this.#options.vault.loadLast(profileId);
    return last?.reason && KEEPS_CUSTOMER.has(last.reason) ? last.customer : undefined;
  }

  /** The signed-in customer, for payments; refused once the grant has ended. */
  customer(profileId: string): { kennitala: string } {
    const session = this.current(profileId);
    if (session) return { kennitala: session.kennitala };
    const reason = this.#reason(profileId);
    if (reason === 'profile-changed')
      throw new WalletError('PROFILE_CHANGED', 'The profile’s bank settings changed: sign in again');
    if (reason === 'grant-ended') throw new WalletError('GRANT_ENDED', 'The 90-day access has ended: sign in again');
    if (reason === 'revoked') throw new WalletError('GRANT_REVOKED', 'Access was withdrawn at the bank: sign in again');
    throw new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
  }

  /** Why there is no session: the error `customer` throws. */
  signedOutError(profileId: string): WalletError {
    try {
      this.customer(profileId);
    } catch (error) {
      if (error instanceof WalletError) return error;
    }
    return new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
  }
}

/** What the screen shows of a session's grant: the banner's days and reminder, or the prompt after its end. */
function grantShown(session: Session): string {
  const { signedIn, signedOutReason, grantEnd, daysLeft, reminder } = session;
  return JSON.stringify([signedIn, signedOutReason, grantEnd, daysLeft, reminder]);
}
