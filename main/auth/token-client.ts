import {
  authorizationCodeGrantRequest,
  processGenericTokenEndpointResponse,
  refreshTokenGrantRequest,
  ResponseBodyError,
  skipStateCheck,
  validateAuthResponse,
  type AuthorizationServer,
  type Client,
  type ClientAuth,
} from 'oauth4webapi';
import { z } from 'zod';
import type { Profile } from '../../common/profile.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import type { Endpoints } from './endpoints.ts';
import {
  clientAuthOf,
  clientOf,
  exchangeFailure,
  libraryOptions,
  serverOf,
  type LibraryOptions,
} from './oidc-client.ts';

/**
 * The token endpoint (bank-service.md's `{auth_url}/as/token.oauth2`, or discovery's): the code exchange, and the
 * refresh (not shown there; standard RFC 6749 6), made and read by oauth4webapi over the bank fetch, so every call
 * has a total deadline and a response size cap, and a bank that drips or floods cannot hold a sign-in or a payment
 * for ever. The library builds the request (the grant, PKCE's verifier, the client's authentication) and checks the
 * answer (RFC 6749 5.1 and 5.2); the app adds what it needs of a grant (a Bearer token with its lifetime) and says
 * what went wrong in its own codes.
 */
export const TokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    id_token: z.string().min(1).optional(),
    token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'token_type must be Bearer'),
    expires_in: z.coerce.number().int().positive(),
  })
  .loose();
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() }).loose();

/** Ended for good: the customer revoked the app, the 90 days are over, or the code was already used. */
export class InvalidGrantError extends WalletError {
  constructor(description: string) {
    super('INVALID_GRANT', description);
  }
}

type TokenProfile = Pick<Profile, 'clientId' | 'clientSecret' | 'tokenEndpointAuth'>;

const unreadable = () =>
  new WalletError('BAD_TOKEN_RESPONSE', 'The bank answered the sign-in with something unreadable');

/** Why the bank refused (RFC 6749 5.2): the library's reading of the error, else the answer's own body. */
async function refusal(error: unknown, answer: Response): Promise<WalletError> {
  const body: unknown = error instanceof ResponseBodyError ? error.cause : await answer.json().catch(() => undefined);
  const oauthError = OAuthErrorSchema.safeParse(body);
  if (oauthError.success && oauthError.data.error === 'invalid_grant') {
    return new InvalidGrantError(oauthError.data.error_description ?? 'The grant is no longer valid');
  }
  const code = oauthError.success ? oauthError.data.error : `HTTP ${answer.status}`;
  return new WalletError('TOKEN_REQUEST_FAILED', `The bank refused the token request: ${code.slice(0, 64)}`);
}

type Send = (as: AuthorizationServer, client: Client, auth: ClientAuth, options: LibraryOptions) => Promise<Response>;

/**
 * One call to the token endpoint, made by the library with `send`, and its answer checked by it. The id_token of a
 * good answer is set aside from that check: identity.ts hands the answer to the library again with this sign-in's
 * nonce and the bank's keys, which only it has; the id_token of a refresh is not used (who signed in was settled at
 * sign-in). The issuer named here is only a placeholder the library asks for: nothing in this call is checked
 * against it.
 */
async function tokenCall(endpoint: string, profile: TokenProfile, bounds: HttpBounds, send: Send) {
  const as = serverOf(new URL(endpoint).origin, { token_endpoint: endpoint });
  const client = clientOf(profile);
  let answer: Response;
  try {
    answer = await send(as, client, clientAuthOf(profile), libraryOptions(bounds, endpoint));
  } catch (error) {
    // The bank answered, with a redirect the app does not follow (the code and secret would go with it).
    if (exchangeFailure(error)?.failure === 'Redirect') {
      throw new WalletError('TOKEN_REQUEST_FAILED', 'The bank refused the token request: a redirect');
    }
    // Unreachable, too slow in total, or an answer over the size cap: the same for the customer.
    throw new WalletError('BANK_UNREACHABLE', 'The bank could not be reached, or did not answer in time');
  }
  if (answer.status !== 200) {
    const copy = answer.clone();
    const error = await processGenericTokenEndpointResponse(as, client, answer).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    throw await refusal(error, copy);
  }
  const body: unknown = await answer
    .clone()
    .json()
    .catch(() => undefined);
  const { id_token: idToken, ...rest } = isObject(body) ? body : {};
  let checked: Record<string, unknown>;
  try {
    const withoutIdToken = isObject(body) ? new Response(JSON.stringify(rest), answer) : answer;
    checked = { ...(await processGenericTokenEndpointResponse(as, client, withoutIdToken)) };
  } catch {
    throw unreadable();
  }
  const parsed = TokenResponseSchema.safeParse(idToken === undefined ? checked : { ...checked, id_token: idToken });
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The callback the loopback listener took, checked by the library: its state (the listener has checked it too), its
 * error, and RFC 9207's `iss`, which must name the bank's issuer where the callback carries one, and must be there
 * where discovery said the bank always sends it. A callback from another server (a mix-up) is SIGN_IN_FAILED, and
 * its code is never sent. Where the app knows no issuer (the bank's documented paths), there is nothing to hold
 * `iss` to.
 */
export function checkCallback(
  endpoints: Pick<Endpoints, 'issuer' | 'issInCallback'>,
  profile: Pick<Profile, 'clientId'>,
  parameters: URLSearchParams | undefined,
  state: string,
): void {
  if (!parameters) throw new WalletError('SIGN_IN_FAILED', 'The bank ended the sign-in: no code');
  const issuer = endpoints.issuer ?? parameters.get('iss');
  if (!issuer) return;
  try {
    validateAuthResponse(
      serverOf(issuer, endpoints.issInCallback ? { authorization_response_iss_parameter_supported: true } : {}),
      clientOf(profile),
      parameters,
      state,
    );
  } catch {
    throw new WalletError('SIGN_IN_FAILED', 'The bank ended the sign-in: its answer did not check out (iss)');
  }
}

/** The code of the callback, which the flow has checked with the library (`checkCallback`). */
export function exchangeCode(
  endpoint: string,
  profile: TokenProfile,
  request: { code: string; redirectUri: string; codeVerifier: string },
  bounds: HttpBounds = {},
): Promise<TokenResponse> {
  return tokenCall(endpoint, profile, bounds, (as, client, auth, options) => {
    // The library takes the code only as a callback it has read; the flow read the real one (sign-in-flow.ts).
    const callback = validateAuthResponse(as, client, new URLSearchParams({ code: request.code }), skipStateCheck);
    return authorizationCodeGrantRequest(
      as,
      client,
      auth,
      callback,
      request.redirectUri,
      request.codeVerifier,
      options,
    );
  });
}

export function refreshTokens(
  endpoint: string,
  profile: TokenProfile,
  refreshToken: string,
  bounds: HttpBounds = {},
): Promise<TokenResponse> {
  return tokenCall(endpoint, profile, bounds, (as, client, auth, options) =>
    refreshTokenGrantRequest(as, client, auth, refreshToken, options),
  );
}
