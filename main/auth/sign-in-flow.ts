import type { AppLocale } from '../../common/locale.ts';
import { missingFields, type Profile } from '../../common/profile.ts';
import type { Session } from '../../common/session.ts';
import { grantExpiry, type Clock } from '../../common/time.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import { bindingOf } from './binding.ts';
import { callbackPage } from './callback-page.ts';
import { resolveEndpoints } from './endpoints.ts';
import { identify } from './identity.ts';
import { listenForCallback, type LoopbackOptions, type PendingCallback } from './loopback-listener.ts';
import { authorizationUrl, newSignInSecrets } from './pkce.ts';
import { outcomeOf } from './sign-in-outcome.ts';
import { checkCallback, exchangeCode } from './token-client.ts';
import type { TokenVault } from './token-vault.ts';

export interface SignInFlowOptions {
  profiles: { get(id: string): Profile };
  vault: TokenVault;
  clock: Clock;
  openExternal(url: string): Promise<void>;
  focusApp?: (() => void) | undefined;
  locale(): AppLocale;
  appName: string;
  schedule?: LoopbackOptions['schedule'] | undefined;
  signInTimeoutMs?: number | undefined;
  /** The bounds (and the tap) of the profile's calls to its bank's sign-in endpoints. */
  bounds(profileId: string): HttpBounds;
  /** The profile's session as the renderer sees it: the sign-in's answer. */
  status(profileId: string): Session;
  /** Tells the renderer the profile's session (signing in, or not any more). */
  emit(profileId: string): void;
}

/**
 * Signing in with the bank in the customer's own browser (RFC 8252): the bank's endpoints, a loopback listener for
 * the redirect, the authorization URL with PKCE, and the code exchanged for tokens and an identity. One at a time.
 */
export class SignInFlow {
  readonly #options: SignInFlowOptions;
  #pending: { profileId: string; callback: PendingCallback } | undefined;
  /** The last sign-in's listener, given up on and answering its late tab (see loopback-listener.ts). */
  #lingering: PendingCallback | undefined;
  /** Bumped by every cancel: a sign-in still reading discovery when the next one starts gives way to it. */
  #generation = 0;

  constructor(options: SignInFlowOptions) {
    this.#options = options;
  }

  /** A sign-in of this profile waits for the customer's browser. */
  signingIn(profileId: string): boolean {
    return this.#pending?.profileId === profileId;
  }

  /** One sign-in at a time: starting another cancels the one still waiting. */
  async signIn(profileId: string): Promise<Session> {
    await this.cancel();
    // An earlier sign-in's listener still answering its late tab gives its port to this one.
    await this.#lingering?.close();
    this.#lingering = undefined;
    const options = this.#options;
    const profile = options.profiles.get(profileId);
    const missing = missingFields(profile);
    if (missing.length > 0)
      throw new WalletError('PROFILE_INCOMPLETE', `The profile is missing: ${missing.join(', ')}`);

    const bounds = options.bounds(profileId);
    // Before the browser opens: a bank whose discovery does not answer fails here, not after the customer approved.
    const generation = this.#generation;
    const endpoints = await resolveEndpoints(profile, bounds);
    if (generation !== this.#generation) throw new WalletError('SIGN_IN_CANCELLED', 'The sign-in was cancelled');
    const secrets = newSignInSecrets();
    const callback = await listenForCallback({
      ports: profile.redirectPorts,
      expectedState: secrets.state,
      page: (outcome) => callbackPage(outcome, options.locale(), options.appName),
      ...(options.focusApp ? { onCallback: options.focusApp } : {}),
      ...(options.schedule ? { schedule: options.schedule } : {}),
      ...(options.signInTimeoutMs ? { timeoutMs: options.signInTimeoutMs } : {}),
    });
    const pending = { profileId, callback };
    this.#pending = pending;
    try {
      options.emit(profileId);
      const url = authorizationUrl({
        endpoint: endpoints.authorization,
        clientId: profile.clientId,
        redirectUri: callback.redirectUri,
        scopes: profile.scopes,
        secrets,
      });
      await options.openExternal(url).catch(() => {
        throw new WalletError('BROWSER_FAILED', 'The browser could not be opened');
      });
      const code = await callback.code;
      try {
        checkCallback(endpoints, profile, callback.parameters, secrets.state);
        const request = { code, redirectUri: callback.redirectUri, codeVerifier: secrets.codeVerifier };
        const tokens = await exchangeCode(endpoints.token, profile, request, bounds);
        const now = options.clock.now();
        const identity = await identify(profile, endpoints, tokens, secrets.nonce, now, bounds);
        // A new grant replaces the old one, for the whole 90 days; the history stays with the profile.
        options.vault.save(profileId, {
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
        options.vault.saveLast(profileId, { customer: identity });
      } catch (error) {
        callback.respond(outcomeOf(error));
        throw error;
      }
      callback.respond('signed-in');
      // Not signing in any more: the answer says so, as the event that follows does.
      if (this.#pending === pending) this.#pending = undefined;
      return options.status(profileId);
    } finally {
      // Given up on (cancelled, timed out): it goes on telling a late tab so, until the next sign-in or a while.
      if (callback.lingering) this.#lingering = callback;
      else await callback.close();
      if (this.#pending === pending) this.#pending = undefined;
      options.emit(profileId);
    }
  }

  cancel(): Promise<void> {
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
}
