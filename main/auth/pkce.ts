import { createHash, randomBytes } from 'node:crypto';

/** The one-time values of a sign-in (RFC 7636 PKCE, the OAuth state, the OpenID nonce). */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
  codeChallenge: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

export function newSignInSecrets(): SignInSecrets {
  const codeVerifier = random(48);
  return {
    state: random(24),
    nonce: random(24),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  };
}

/**
 * The authorization request exactly as bank-service.md shows it (scope joined by `+`), plus PKCE and a nonce,
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
