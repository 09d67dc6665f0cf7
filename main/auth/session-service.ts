import type { AppLocale } from '../../common/locale.ts';
import { maskKennitala } from '../../common/kennitala.ts';
import { missingFields, type Profile } from '../../common/profile.ts';
import type { Session, SignedOutReason } from '../../common/session.ts';
import { dueGrantReminder, grantDaysLeft, grantExpiry, type Clock } from '../../common/time.ts';
import type { CallTap } from '../calls/call-tap.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import { bindingOf, stillBound } from './binding.ts';
import { callbackPage } from './callback-page.ts';
import { resolveEndpoints } from './endpoints.ts';
import { identify } from './identity.ts';
import { KEEPS_CUSTOMER, outcomeOf } from './sign-in-outcome.ts';
import { listenForCallback, type LoopbackOptions, type PendingCallback } from './loopback-listener.ts';
import { authorizationUrl, newSignInSecrets } from './pkce.ts';
import { exchangeCode, InvalidGrantError, refreshTokens } from './token-client.ts';
import type { StoredSession, TokenVault } from './token-vault.ts';

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

export class SessionService {
  readonly #options: SessionServiceOptions;
  #pending: { profileId: string; callback: PendingCallback } | undefined;
  /** The last sign-in's listener, given up on and answering its late tab (see loopback-listener.ts). */
  #lingering: PendingCallback | undefined;
  readonly #refreshing = new Map<string, Promise<StoredSession>>();
  /** Bumped by every cancel: a sign-in still reading discovery when the next one starts gives way to it. */
  #generation = 0;
  /** What the screen shows of each profile's grant, as the renderer was last told it (see `recheck`). */
  readonly #told = new Map<string, string>();
  /** Grants found ended on a read so far: each such end is told once that read is over. */
  #endsFound = 0;

  constructor(options: SessionServiceOptions) {
    this.#options = options;
  }

  #bounds(profileId: string): HttpBounds {
    return { ...this.#options.http, tap: this.#options.tap?.(profileId) };
  }

  #now(): number {
    return this.#options.clock.now();
  }

  #emit(profileId: string): void {
    this.#options.onChange?.(this.status(profileId));
  }

  /**
   * The stored session, unless its grant has ended or its profile is no longer the one its tokens were issued under
   * (edited in the app, or in the data folder behind its back): then it is removed, with that reason.
   */
  #current(profileId: string): StoredSession | undefined {
    const session = this.#options.vault.load(profileId);
    if (!session) return undefined;
    if (this.#now() >= session.grantExpiresAt) {
      this.#end(profileId, 'grant-ended');
      // Found on a read (the core's tick, a screen's, a payment's): the renderer is told, once the read is over.
      this.#endsFound += 1;
      queueMicrotask(() => this.#emit(profileId));
      return undefined;
    }
    let profile: Profile | undefined;
    try {
      profile = this.#options.profiles.get(profileId);
    } catch {
      profile = undefined;
    }
    if (!profile || !stillBound(profile, session.binding)) {
      this.#end(profileId, 'profile-changed');
      return undefined;
    }
    return session;
  }

  /**
   * Wipes the tokens. Where the grant ended, was withdrawn or expired, or wrong passcodes ended it behind the lock,
   * the customer stays known (their history stays readable until they sign out); any other end forgets them
   * (KEEPS_CUSTOMER).
   */
  #end(profileId: string, reason: SignedOutReason): void {
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
    // An end found on this very read is told once the read is over (see #current), not twice.
    if (told !== grantShown(session) && ends === this.#endsFound) this.#options.onChange?.(session);
    return session;
  }

  #view(profileId: string): Session {
    const session = this.#current(profileId);
    const base = {
      profileId,
      signingIn: this.#pending?.profileId === profileId,
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

  /** One sign-in at a time: starting another cancels the one still waiting. */
  async signIn(profileId: string): Promise<Session> {
    await this.cancelSignIn();
    // An earlier sign-in's listener still answering its late tab gives its port to this one.
    await this.#lingering?.close();
    this.#lingering = undefined;
    const profile = this.#options.profiles.get(profileId);
    const missing = missingFields(profile);
    if (missing.length > 0)
      throw new WalletError('PROFILE_INCOMPLETE', `The profile is missing: ${missing.join(', ')}`);

    const bounds = this.#bounds(profileId);
    // Before the browser opens: a bank whose discovery does not answer fails here, not after the customer approved.
    const generation = this.#generation;
    const endpoints = await resolveEndpoints(profile, bounds);
    if (generation !== this.#generation) throw new WalletError('SIGN_IN_CANCELLED', 'The sign-in was cancelled');
    const secrets = newSignInSecrets();
    const callback = await listenForCallback({
      ports: profile.redirectPorts,
      expectedState: secrets.state,
      page: (outcome) => callbackPage(outcome, this.#options.locale(), this.#options.appName),
      ...(this.#options.focusApp ? { onCallback: this.#options.focusApp } : {}),
      ...(this.#options.schedule ? { schedule: this.#options.schedule } : {}),
      ...(this.#options.signInTimeoutMs ? { timeoutMs: this.#options.signInTimeoutMs } : {}),
    });
    const pending = { profileId, callback };
    this.#pending = pending;
    try {
      this.#emit(profileId);
      const url = authorizationUrl({
        endpoint: endpoints.authorization,
        clientId: profile.clientId,
        redirectUri: callback.redirectUri,
        scopes: profile.scopes,
        secrets,
      });
      await this.#options.openExternal(url).catch(() => {
        throw new WalletError('BROWSER_FAILED', 'The browser could not be opened');
      });
      const code = await callback.code;
      try {
        const request = { code, redirectUri: callback.redirectUri, codeVerifier: secrets.codeVerifier };
        const tokens = await exchangeCode(endpoints.token, profile, request, bounds);
        const now = this.#now();
        const identity = await identify(profile, endpoints, tokens, secrets.nonce, now, bounds);
        // A new grant replaces the old one, for the whole 90 days; the history stays with the profile.
        this.#options.vault.save(profileId, {
          accessToken: tokens.access_token,
          ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
          ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
          accessExpiresAt: now + tokens.expires_in * 1000,
          kennitala: identity.kennitala,
          name: identity.name,
          authorizedAt: now,
          grantExpiresAt: grantExpiry(now),
          binding: bindingOf(profile, endpoints),
        });
        this.#options.vault.saveLast(profileId, { customer: identity });
      } catch (error) {
        callback.respond(outcomeOf(error));
        throw error;
      }
      callback.respond('signed-in');
      // Not signing in any more: the answer says so, as the event that follows does.
      if (this.#pending === pending) this.#pending = undefined;
      return this.status(profileId);
    } finally {
      // Given up on (cancelled, timed out): it goes on telling a late tab so, until the next sign-in or a while.
      if (callback.lingering) this.#lingering = callback;
      else await callback.close();
      if (this.#pending === pending) this.#pending = undefined;
      this.#emit(profileId);
    }
  }

  cancelSignIn(): Promise<void> {
    this.#generation += 1;
    this.#pending?.callback.cancel();
    return Promise.resolve();
  }

  /** The app is closing: no sign-in waits, and no listener stays open. */
  async close(): Promise<void> {
    this.#generation += 1;
    await Promise.all([this.#pending?.callback.close(), this.#lingering?.close()]);
    this.#lingering = undefined;
  }

  signOut(profileId: string): Session {
    this.#end(profileId, 'signed-out');
    this.#emit(profileId);
    return this.status(profileId);
  }

  /**
   * After the profile was saved: if its bank, client or sign-in settings changed, its session ends now and its
   * tokens are wiped, before anything could send them under the new settings.
   */
  profileChanged(profileId: string): void {
    const before = this.#options.vault.load(profileId);
    if (before && !this.#current(profileId)) this.#emit(profileId);
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
      this.#end(profileId, reason);
      this.#emit(profileId);
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
    const session = this.#current(profileId);
    if (session) return { kennitala: session.kennitala, name: session.name };
    const last = this.#options.vault.loadLast(profileId);
    return last?.reason && KEEPS_CUSTOMER.has(last.reason) ? last.customer : undefined;
  }

  /** The signed-in customer, for payments; refused once the grant has ended. */
  customer(profileId: string): { kennitala: string } {
    const session = this.#current(profileId);
    if (session) return { kennitala: session.kennitala };
    const reason = this.#reason(profileId);
    if (reason === 'profile-changed')
      throw new WalletError('PROFILE_CHANGED', 'The profile’s bank settings changed: sign in again');
    if (reason === 'grant-ended') throw new WalletError('GRANT_ENDED', 'The 90-day access has ended: sign in again');
    if (reason === 'revoked') throw new WalletError('GRANT_REVOKED', 'Access was withdrawn at the bank: sign in again');
    throw new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
  }

  /** A fresh access token: refreshed ahead of its expiry; concurrent callers share one refresh. */
  async accessToken(profileId: string): Promise<string> {
    const session = this.#current(profileId);
    if (!session) throw this.#signedOutError(profileId);
    if (session.accessExpiresAt - this.#now() > (this.#options.refreshAheadMs ?? 60_000)) return session.accessToken;
    return (await this.#refresh(profileId)).accessToken;
  }

  /** After a 401: one refresh. False when there is no way to a new token (the customer must sign in). */
  async refreshAfterUnauthorized(profileId: string): Promise<boolean> {
    try {
      await this.#refresh(profileId);
      return true;
    } catch {
      return false;
    }
  }

  #signedOutError(profileId: string): WalletError {
    try {
      this.customer(profileId);
    } catch (error) {
      if (error instanceof WalletError) return error;
    }
    return new WalletError('NOT_SIGNED_IN', 'Sign in with your bank first');
  }

  #refresh(profileId: string): Promise<StoredSession> {
    let running = this.#refreshing.get(profileId);
    if (!running) {
      running = this.#doRefresh(profileId).finally(() => this.#refreshing.delete(profileId));
      this.#refreshing.set(profileId, running);
    }
    return running;
  }

  async #doRefresh(profileId: string): Promise<StoredSession> {
    const session = this.#current(profileId);
    if (!session) throw this.#signedOutError(profileId);
    if (!session.refreshToken) {
      this.#end(profileId, 'expired');
      this.#emit(profileId);
      throw new WalletError('SESSION_EXPIRED', 'The bank access has expired: sign in again');
    }
    try {
      // To the token endpoint that issued these tokens, which #current has just checked the profile still names.
      const profile = this.#options.profiles.get(profileId);
      const tokens = await refreshTokens(
        session.binding.tokenEndpoint,
        profile,
        session.refreshToken,
        this.#bounds(profileId),
      );
      if (this.#options.vault.load(profileId) !== session) {
        // Signed out, or the profile changed, while the bank was answering: the new tokens are not kept.
        throw this.#signedOutError(profileId);
      }
      const now = this.#now();
      const next: StoredSession = {
        ...session,
        accessToken: tokens.access_token,
        // Rotation: the bank may hand out a new refresh token and retire the old one.
        refreshToken: tokens.refresh_token ?? session.refreshToken,
        accessExpiresAt: Math.min(now + tokens.expires_in * 1000, session.grantExpiresAt),
      };
      this.#options.vault.save(profileId, next);
      return next;
    } catch (error) {
      if (error instanceof InvalidGrantError) {
        const ended = this.#now() >= session.grantExpiresAt;
        this.#end(profileId, ended ? 'grant-ended' : 'revoked');
        this.#emit(profileId);
        throw this.#signedOutError(profileId);
      }
      throw error;
    }
  }
}

/** What the screen shows of a session's grant: the banner's days and reminder, or the prompt after its end. */
function grantShown(session: Session): string {
  const { signedIn, signedOutReason, grantEnd, daysLeft, reminder } = session;
  return JSON.stringify([signedIn, signedOutReason, grantEnd, daysLeft, reminder]);
}
