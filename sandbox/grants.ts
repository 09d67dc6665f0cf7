import { randomBytes } from 'node:crypto';

export const CODE_LIFETIME_MS = 60 * 1000;
export const GRANT_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** How long a browser may linger between the authorization request and the consent. */
export const PENDING_LIFETIME_MS = 15 * 60 * 1000;

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** An authorization request between the browser's arrival and its consent. */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge?: string;
  nonce?: string;
  createdAt: number;
  /** Set once the user has logged in. */
  username?: string;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  username: string;
  scopes: string[];
  codeChallenge?: string;
  nonce?: string;
  authorizedAt: number;
  used: boolean;
  /** The grant the first exchange created: a second use of the code revokes it (RFC 6749 4.1.2). */
  grantId?: string;
}

export interface Grant {
  id: string;
  clientId: string;
  username: string;
  scopes: string[];
  authorizedAt: number;
  expiresAt: number;
  revoked: boolean;
  refreshToken: string;
}

/** Everything the authorization server remembers: pending logins, codes, grants and their current refresh tokens. */
export class GrantStore {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #codes = new Map<string, AuthorizationCode>();
  readonly #grants = new Map<string, Grant>();
  readonly #byRefreshToken = new Map<string, Grant>();

  addPending(request: Omit<PendingAuthorization, 'id'>): PendingAuthorization {
    this.#forgetStale(request.createdAt);
    const pending = { ...request, id: randomToken() };
    this.#pending.set(pending.id, pending);
    return pending;
  }

  pending(id: string, now: number): PendingAuthorization | undefined {
    const pending = this.#pending.get(id);
    return pending && now - pending.createdAt < PENDING_LIFETIME_MS ? pending : undefined;
  }

  /** A consent ends the pending request, whatever the decision: the form cannot be submitted twice. */
  endPending(id: string): void {
    this.#pending.delete(id);
  }

  issueCode(pending: PendingAuthorization, username: string, now: number): AuthorizationCode {
    const code: AuthorizationCode = {
      code: randomToken(),
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      username,
      scopes: pending.scopes,
      authorizedAt: now,
      used: false,
      ...(pending.codeChallenge === undefined ? {} : { codeChallenge: pending.codeChallenge }),
      ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
    };
    this.#codes.set(code.code, code);
    return code;
  }

  code(code: string): AuthorizationCode | undefined {
    return this.#codes.get(code);
  }

  createGrant(code: AuthorizationCode): Grant {
    const grant: Grant = {
      id: randomToken(16),
      clientId: code.clientId,
      username: code.username,
      scopes: code.scopes,
      authorizedAt: code.authorizedAt,
      expiresAt: code.authorizedAt + GRANT_LIFETIME_MS,
      revoked: false,
      refreshToken: randomToken(),
    };
    code.used = true;
    code.grantId = grant.id;
    this.#grants.set(grant.id, grant);
    this.#byRefreshToken.set(grant.refreshToken, grant);
    return grant;
  }

  grant(id: string): Grant | undefined {
    return this.#grants.get(id);
  }

  byRefreshToken(token: string): Grant | undefined {
    return this.#byRefreshToken.get(token);
  }

  /** Rotation: the old refresh token stops working the moment the new one exists. */
  rotate(grant: Grant): string {
    this.#byRefreshToken.delete(grant.refreshToken);
    grant.refreshToken = randomToken();
    this.#byRefreshToken.set(grant.refreshToken, grant);
    return grant.refreshToken;
  }

  revoke(grant: Grant): void {
    grant.revoked = true;
    this.#byRefreshToken.delete(grant.refreshToken);
  }

  /** The customer revoked the app(s) in online banking: every grant of that user ends. Returns how many did. */
  revokeUser(username: string): number {
    let count = 0;
    for (const grant of this.#grants.values()) {
      if (grant.username === username && !grant.revoked) {
        this.revoke(grant);
        count += 1;
      }
    }
    return count;
  }

  isLive(grant: Grant, now: number): boolean {
    return !grant.revoked && now < grant.expiresAt;
  }

  clear(): void {
    this.#pending.clear();
    this.#codes.clear();
    this.#grants.clear();
    this.#byRefreshToken.clear();
  }

  #forgetStale(now: number): void {
    for (const [id, pending] of this.#pending) {
      if (now - pending.createdAt >= PENDING_LIFETIME_MS) this.#pending.delete(id);
    }
    for (const [code, entry] of this.#codes) {
      if (now - entry.authorizedAt >= CODE_LIFETIME_MS && !entry.grantId) this.#codes.delete(code);
    }
  }
}
