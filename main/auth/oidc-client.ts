import {
  allowInsecureRequests,
  clockSkew,
  clockTolerance,
  customFetch,
  ClientSecretBasic,
  ClientSecretPost,
  None,
  type AuthorizationServer,
  type Client,
  type ClientAuth,
  type CustomFetchOptions,
} from 'oauth4webapi';
import type { Profile } from '../../common/profile.ts';
import { boundedExchange, ExchangeFailed } from '../net/bounded-exchange.ts';
import type { HttpBounds } from '../net/http-limits.ts';

/**
 * What the app hands oauth4webapi (panva's OAuth 2.0 / OpenID Connect client, docs/SIGN-IN.md): the bank as an
 * authorization server, the app as its client, how the client authenticates, and the one HTTP path every call takes.
 * The library builds the requests and checks the answers; which addresses it calls, with what bounds, stays the
 * app's.
 */

/**
 * Every call the library makes goes through the app's bounded exchange (main/net/bounded-exchange.ts): one total
 * deadline, the 1 MiB answer cap counted as the bytes arrive, redirects refused (never followed: a code, a secret or
 * a token would go with them), over Node's fetch or Chromium's as the host has it, and listed on the profile's tap
 * as a sign-in call. It fails only with `ExchangeFailed`, which each step turns into its own `WalletError`.
 */
export function bankFetch(bounds: HttpBounds): BankFetch {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of new Headers(init.headers)) {
      // The bank sees the User-Agent of every other call of the app (the bounded exchange's), not the library's.
      if (name !== 'user-agent') headers[name] = value;
    }
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const answer = await boundedExchange(
      { method: init.method === 'POST' ? 'POST' : 'GET', url, headers, ...(body === undefined ? {} : { body }) },
      { deadlineMs: bounds.deadlineMs, maxResponseBytes: bounds.maxResponseBytes },
      { tap: bounds.tap, service: 'sign-in' },
    );
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.text, { status: answer.status, headers: answer.headers });
  };
}

export type BankFetch = (url: string, init: CustomFetchOptions<string, unknown>) => Promise<Response>;

export interface LibraryOptions {
  [customFetch]: BankFetch;
  [allowInsecureRequests]?: boolean;
}

/**
 * The options of a library call to `urls`: the bank fetch, and plain http where one of them is http. The library
 * refuses http unless told; the app has already refused it everywhere but loopback (a typed address by the profile's
 * rules, one from discovery by the same rules in endpoints.ts): the local sandbox and the tests' banks.
 */
export function libraryOptions(bounds: HttpBounds, ...urls: (string | undefined)[]): LibraryOptions {
  const loopbackHttp = urls.some((url) => url?.startsWith('http:'));
  return { [customFetch]: bankFetch(bounds), ...(loopbackHttp ? { [allowInsecureRequests]: true } : {}) };
}

/** Whether a failure is the bank fetch's own (the bank unreachable, too slow, too big, a redirect). */
export const exchangeFailure = (error: unknown): ExchangeFailed | undefined =>
  error instanceof ExchangeFailed ? error : undefined;

/** The app as the bank's client; `now` is the app's clock, which the id_token's times are read against. */
export function clientOf(profile: Pick<Profile, 'clientId'>, now?: number): Client {
  return {
    client_id: profile.clientId,
    // The app's clock (the sandbox's in tests) rather than the machine's; 60 s of leeway, as before.
    ...(now === undefined ? {} : { [clockSkew]: Math.round((now - Date.now()) / 1000) }),
    [clockTolerance]: 60,
  };
}

/**
 * How the app proves it is the client at the token endpoint: a public client (RFC 8252 8.4) only names itself, and
 * PKCE proves the rest; otherwise the secret in the form (bank-service.md) or, per profile, HTTP Basic.
 */
export function clientAuthOf(profile: Pick<Profile, 'clientSecret' | 'tokenEndpointAuth'>): ClientAuth {
  if (profile.clientSecret === '') return None();
  return profile.tokenEndpointAuth === 'client_secret_basic'
    ? ClientSecretBasic(profile.clientSecret)
    : ClientSecretPost(profile.clientSecret);
}

/**
 * The id_token algorithms accepted with the bank's keys: every asymmetric one, as jose's key set accepted before
 * (the library's own default is RS256 only); a secret-keyed one (HS256) can never be checked with published keys.
 */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'Ed25519',
  'EdDSA',
];

/** The bank as an authorization server: its issuer and the endpoints a step needs. */
export function serverOf(issuer: string, endpoints: Omit<AuthorizationServer, 'issuer'> = {}): AuthorizationServer {
  return { issuer, id_token_signing_alg_values_supported: ASYMMETRIC_ALGORITHMS, ...endpoints };
}
