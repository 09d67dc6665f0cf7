import type { AppLocale } from '../../common/locale.ts';
import type { Profile } from '../../common/profile.ts';
import type { Session, SignedOutReason } from '../../common/session.ts';
import type { Clock } from '../../common/time.ts';
import type { CallTap } from '../net/call-tap.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import type { LoopbackOptions } from './loopback-listener.ts';
import { SessionReadModel } from './session-read-model.ts';
import { SignInFlow } from './sign-in-flow.ts';
import { TokenRefresher } from './token-refresher.ts';
import type { TokenVault } from './token-vault.ts';

/** Why the app's passcode ended every sign-in (see `SessionService.endAll`). */
export type PasscodeEnd = Extract<SignedOutReason, 'passcode' | 'passcode-forgotten'>;

/**
 * Signing in with the bank in the customer's own browser (RFC 8252), keeping the tokens fresh, and the 90-day
 * grant: reminders before its end, and no payments after it until the customer signs in again.
 */
export interface SessionServiceOptions {
  profiles: { get(id: string): Profile };
  vault: TokenVault;
  clock: Clock;
  openExternal(url: string): Promise<void>;
  focusApp?(): void;
  locale(): AppLocale;
  appName: string;
  schedule?: LoopbackOptions['schedule'];
  signInTimeoutMs?: number;
  /** Refresh this long before the access token expires. */
  refreshAheadMs?: number;
  /** Deadline and size cap of every call to the bank's sign-in endpoints; tests inject short ones. */
  http?: HttpBounds;
  /** The profile's calls are listed (main/calls) through its tap, where it has one. */
  tap?: (profileId: string) => CallTap | undefined;
  onChange?(session: Session): void;
}

/**
 * A profile's session with its bank: the sign-in flow (sign-in-flow.ts), the token refresher (token-refresher.ts)
 * and what the session is as the app reads it (session-read-model.ts); here, the ends the rest of the app asks for.
 */
export class SessionService {
  readonly #options: SessionServiceOptions;
  readonly #sessions: SessionReadModel;
  readonly #flow: SignInFlow;
  readonly #refresher: TokenRefresher;

  constructor(options: SessionServiceOptions) {
    this.#options = options;
    const { profiles, vault, clock } = options;
    const bounds = (profileId: string): HttpBounds => ({ ...options.http, tap: options.tap?.(profileId) });
    this.#sessions = new SessionReadModel({
      profiles,
      vault,
      clock,
      signingIn: (profileId) => this.#flow.signingIn(profileId),
      ...(options.onChange ? { onChange: (session: Session) => options.onChange?.(session) } : {}),
    });
    const sessions = this.#sessions;
    this.#flow = new SignInFlow({
      profiles,
      vault,
      clock,
      openExternal: (url) => options.openExternal(url),
      focusApp: options.focusApp ? () => options.focusApp?.() : undefined,
      locale: () => options.locale(),
      appName: options.appName,
      schedule: options.schedule,
      signInTimeoutMs: options.signInTimeoutMs,
      bounds,
      status: (profileId) => sessions.status(profileId),
      emit: (profileId) => sessions.emit(profileId),
    });
    this.#refresher = new TokenRefresher({
      profiles,
      vault,
      clock,
      sessions,
      refreshAheadMs: options.refreshAheadMs,
      bounds,
    });
  }

  /** The session as the renderer sees it; every answer and event carries one, so this is what it was last told. */
  status(profileId: string): Session {
    return this.#sessions.status(profileId);
  }

  /** Tells the renderer where what it shows of the grant moved on with the clock (SessionReadModel.recheck). */
  recheck(profileId: string): Session {
    return this.#sessions.recheck(profileId);
  }

  /** One sign-in at a time: starting another cancels the one still waiting. */
  signIn(profileId: string): Promise<Session> {
    return this.#flow.signIn(profileId);
  }

  cancelSignIn(): Promise<void> {
    return this.#flow.cancel();
  }

  /** The app is closing: no sign-in waits, and no listener stays open. */
  close(): Promise<void> {
    return this.#flow.close();
  }

  signOut(profileId: string): Session {
    this.#sessions.end(profileId, 'signed-out');
    this.#sessions.emit(profileId);
    return this.status(profileId);
  }

  /**
   * After the profile was saved: if its bank, client or sign-in settings changed, its session ends now and its
   * tokens are wiped, before anything could send them under the new settings.
   */
  profileChanged(profileId: string): void {
    const before = this.#options.vault.load(profileId);
    if (before && !this.#sessions.current(profileId)) this.#sessions.emit(profileId);
  }

  /**
   * The app's passcode ended every profile's session at once, and its tokens are wiped.
   *
   * `passcode`: it failed too often. The app stays locked, so the customer stays known and their history stays
   * theirs behind the lock; they sign in with the bank again to pay.
   *
   * `passcode-forgotten`: the app opens to whoever is at the keyboard, who may not be the customer. Every profile's
   * last customer is forgotten too, also where no session was left to end (a grant that had ended, ten wrong
   * passcodes before): nothing of theirs is read until the bank identifies a customer again, and then only that
   * customer's own (the history is kept, by customer, and comes back when the same kennitala signs in).
   */
  endAll(profileIds: readonly string[], reason: PasscodeEnd = 'passcode'): void {
    const { vault } = this.#options;
    for (const profileId of profileIds) {
      const ending = vault.load(profileId) !== undefined;
      const stillKnown = reason === 'passcode-forgotten' && vault.loadLast(profileId)?.customer !== undefined;
      if (!ending && !stillKnown) continue;
      this.#sessions.end(profileId, reason);
      this.#sessions.emit(profileId);
    }
  }

  /** The profile is removed (or reset to how it shipped): its tokens and its known customer go with it. */
  forget(profileId: string): void {
    this.#options.vault.delete(profileId);
    this.#options.vault.deleteLast(profileId);
  }

  /**
   * The signed-in customer; or, where the grant ended, was withdrawn or expired, or wrong passcodes ended it, still
   * that last customer (their history stays theirs until they sign out). Undefined after an explicit sign-out, a
   * forgotten passcode, a changed profile, or before any sign-in.
   */
  knownCustomer(profileId: string): { kennitala: string; name: string } | undefined {
    return this.#sessions.knownCustomer(profileId);
  }

  /** The signed-in customer, for payments; refused once the grant has ended. */
  customer(profileId: string): { kennitala: string } {
    return this.#sessions.customer(profileId);
  }

  /** A fresh access token: refreshed ahead of its expiry; concurrent callers share one refresh. */
  accessToken(profileId: string): Promise<string> {
    return this.#refresher.accessToken(profileId);
  }

  /** After a 401: one refresh. False when there is no way to a new token (the customer must sign in). */
  refreshAfterUnauthorized(profileId: string): Promise<boolean> {
    return this.#refresher.refreshAfterUnauthorized(profileId);
  }
}
