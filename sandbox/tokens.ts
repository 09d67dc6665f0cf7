import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { randomToken } from './grants.ts';

export interface AccessClaims {
  sub: string;
  client_id: string;
  scope: string;
  kennitala: string;
  /** The grant the token was issued under: revoking it ends the token at once. */
  grant_id: string;
}

/** A verified access token, as the Payment Initiation API sees it. */
export interface VerifiedAccessToken extends AccessClaims {
  /** Seconds since the epoch. */
  exp: number;
  scopes: ReadonlySet<string>;
}

export interface IdClaims {
  sub: string;
  aud: string;
  name: string;
  kennitala: string;
  nonce?: string;
}

// A server sees few distinct tokens, each many times; verifying RS256 on every call costs more than the API work.
const MAX_CACHED_TOKENS = 10_000;

export class TokenService {
  readonly #privateKey: CryptoKey;
  readonly #publicKey: CryptoKey;
  readonly #jwk: JWK;
  readonly #verified = new Map<string, VerifiedAccessToken>();
  issuer = '';

  private constructor(privateKey: CryptoKey, publicKey: CryptoKey, jwk: JWK) {
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
    this.#jwk = jwk;
  }

  static async create(): Promise<TokenService> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomToken(8);
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return new TokenService(privateKey, publicKey, jwk);
  }

  get jwks(): { keys: JWK[] } {
    return { keys: [this.#jwk] };
  }

  /** `expSeconds` is decided by the caller, who knows the grant's end. */
  signAccessToken(claims: AccessClaims, nowMs: number, expSeconds: number): Promise<string> {
    return this.#sign({ ...claims }, 'at+jwt', nowMs, expSeconds);
  }

  signIdToken(claims: IdClaims, nowMs: number, expSeconds: number): Promise<string> {
    return this.#sign({ ...claims }, 'JWT', nowMs, expSeconds);
  }

  /** The claims of a genuine, unexpired access token of this sandbox, or undefined. Revocation is the caller's. */
  async verifyAccessToken(token: string, nowMs: number): Promise<VerifiedAccessToken | undefined> {
    let verified = this.#verified.get(token);
    if (!verified) {
      verified = await this.#verify(token, nowMs);
      if (!verified) return undefined;
      if (this.#verified.size >= MAX_CACHED_TOKENS) this.#verified.clear();
      this.#verified.set(token, verified);
    }
    return nowMs < verified.exp * 1000 ? verified : undefined;
  }

  forgetVerified(): void {
    this.#verified.clear();
  }

  async #verify(token: string, nowMs: number): Promise<VerifiedAccessToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#publicKey, {
        issuer: this.issuer,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        currentDate: new Date(nowMs),
        requiredClaims: ['sub', 'exp', 'client_id', 'scope', 'kennitala', 'grant_id'],
      });
      const { sub, exp, client_id, scope, kennitala, grant_id } = payload;
      if (
        typeof sub !== 'string' ||
        typeof exp !== 'number' ||
        typeof client_id !== 'string' ||
        typeof scope !== 'string' ||
        typeof kennitala !== 'string' ||
        typeof grant_id !== 'string'
      ) {
        return undefined;
      }
      return { sub, exp, client_id, scope, kennitala, grant_id, scopes: new Set(scope.split(' ')) };
    } catch {
      return undefined;
    }
  }

  /** RFC 9068's `at+jwt` keeps an id_token from being accepted as an access token. */
  #sign(claims: Record<string, unknown>, typ: string, nowMs: number, expSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.#jwk.kid ?? '', typ })
      .setIssuer(this.issuer)
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(expSeconds)
      .setJti(randomToken(12))
      .sign(this.#privateKey);
  }
}
