import { createHash } from 'node:crypto';
import { generateRandomCodeVerifier, generateRandomNonce, generateRandomState } from 'oauth4webapi';

/** The one-time values of a sign-in (RFC 7636 PKCE, the OAuth state, the OpenID nonce), made by oauth4webapi. */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
  codeChallenge: string;
}

/**
 * The library's random values: 32 random bytes each (256 bits, base64url). The S256 challenge (RFC 7636 4.2) is
 * computed here, synchronously, to the same value as the library's `calculatePKCECodeChallenge` (a test holds the
 * two together): the library tells the digest's bytes apart by `instanceof ArrayBuffer`, which fails where the core
 * runs beside another realm's globals (the renderer tests run it under jsdom).
 */
export function newSignInSecrets(): SignInSecrets {
  const codeVerifier = generateRandomCodeVerifier();
  return {
    state: generateRandomState(),
    nonce: generateRandomNonce(),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  };
}

/**
 * The authorization request is the app's own (oauth4webapi leaves building it to its caller): exactly as
 * bank-service.md shows it (scope joined by `+`), plus PKCE and a nonce,
 * which a server that does not know them ignores. A profile that asks for `offline_access` also gets
 * `prompt=consent`, which OpenID Connect Core 11 requires before a server issues a refresh token for it.
 */
export function authorizationUrl(options: {
  /** The authorization endpoint: discovery's, an override, or `{authUrl}/as/authorization.oauth2`. */
  endpoint: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  secrets: SignInSecrets;
}): string {
  const params: [string, string][] = [
    ['client_id', options.clientId],
    ['response_type', 'code'],
    ['redirect_uri', options.redirectUri],
    ['state', options.secrets.state],
    ['code_challenge', options.secrets.codeChallenge],
    ['code_challenge_method', 'S256'],
    ['nonce', options.secrets.nonce],
  ];
  if (options.scopes.includes('offline_access')) params.push(['prompt', 'consent']);
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const scope = options.scopes.map(encodeURIComponent).join('+');
  return `${options.endpoint}?${query}&scope=${scope}`;
}
