import type { Profile } from '../../common/profile.ts';
import type { Clock } from '../../common/time.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import type { SessionReadModel } from './session-read-model.ts';
import { InvalidGrantError, refreshTokens } from './token-client.ts';
import type { StoredSession, TokenVault } from './token-vault.ts';

export interface TokenRefresherOptions {
  profiles: { get(id: string): Profile };
  vault: TokenVault;
  clock: Clock;
  sessions: SessionReadModel;
  /** Refresh this long before the access token expires. */
  refreshAheadMs?: number | undefined;
  /** The bounds (and the tap) of the profile's calls to its bank's token endpoint. */
  bounds(profileId: string): HttpBounds;
}

/** Keeps the access token fresh: refreshed ahead of its expiry, once after a 401, one refresh per profile at a time. */
export class TokenRefresher {
  readonly #options: TokenRefresherOptions;
  readonly #refreshing = new Map<string, Promise<StoredSession>>();

  constructor(options: TokenRefresherOptions) {
    this.#options = options;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  /** A fresh access token: refreshed ahead of its expiry; concurrent callers share one refresh. */
  async accessToken(profileId: string): Promise<string> {
    const session = this.#options.sessions.current(profileId);
    if (!session) throw this.#options.sessions.signedOutError(profileId);
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

  #refresh(profileId: string): Promise<StoredSession> {
    let running = this.#refreshing.get(profileId);
    if (!running) {
      running = this.#doRefresh(profileId).finally(() => this.#refreshing.delete(profileId));
      this.#refreshing.set(profileId, running);
    }
    return running;
  }

  async #doRefresh(profileId: string): Promise<StoredSession> {
    const { sessions } = this.#options;
    const session = sessions.current(profileId);
    if (!session) throw sessions.signedOutError(profileId);
    if (!session.refreshToken) {
      sessions.end(profileId, 'expired');
      sessions.emit(profileId);
      throw new WalletError('SESSION_EXPIRED', 'The bank access has expired: sign in again');
    }
    try {
      // To the token endpoint that issued these tokens, which `current` has just checked the profile still names.
      const profile = this.#options.profiles.get(profileId);
      const tokens = await refreshTokens(
        session.binding.tokenEndpoint,
        profile,
        session.refreshToken,
        this.#options.bounds(profileId),
      );
      if (this.#options.vault.load(profileId) !== session) {
        // Signed out, or the profile changed, while the bank was answering: the new tokens are not kept.
        throw sessions.signedOutError(profileId);
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
        sessions.end(profileId, ended ? 'grant-ended' : 'revoked');
        sessions.emit(profileId);
        throw sessions.signedOutError(profileId);
      }
      throw error;
    }
  }
}
