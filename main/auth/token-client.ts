import axios from 'axios';
import { z } from 'zod';
import type { Profile } from '../../common/profile.ts';
import { boundedAxiosConfig, type HttpBounds } from '../net/http-limits.ts';
import { axiosTransport } from '../net/network.ts';
import { isRedirectRefused } from '../net/redirect.ts';
import { WalletError } from '../wallet-error.ts';

/**
 * The token endpoint (bank-service.md's `{auth_url}/as/token.oauth2`, or discovery's): the code exchange, and the
 * refresh (not shown there; standard RFC 6749 6). Every call has a total deadline and a response size cap, so a
 * bank that drips or floods cannot hold a sign-in or a payment for ever.
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

async function post(
  endpoint: string,
  profile: TokenProfile,
  fields: Record<string, string>,
  bounds: HttpBounds,
): Promise<TokenResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const body = new URLSearchParams(fields);
  if (profile.clientSecret === '') {
    // A public client (RFC 8252 8.4): it says who it is, and PKCE proves the rest.
    body.set('client_id', profile.clientId);
  } else if (profile.tokenEndpointAuth === 'client_secret_basic') {
    const user = encodeURIComponent(profile.clientId);
    const secret = encodeURIComponent(profile.clientSecret);
    headers['authorization'] = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  } else {
    body.set('client_id', profile.clientId);
    body.set('client_secret', profile.clientSecret);
  }
  let response;
  try {
    response = await axios.post(endpoint, body.toString(), {
      headers,
      validateStatus: () => true,
      responseType: 'json',
      ...axiosTransport({ tap: bounds.tap, service: 'sign-in' }),
      ...boundedAxiosConfig(bounds),
    });
  } catch (error) {
    // The bank answered, with a redirect the app does not follow (the code and secret would go with it).
    if (isRedirectRefused(error)) {
      throw new WalletError('TOKEN_REQUEST_FAILED', 'The bank refused the token request: a redirect');
    }
    // Unreachable, too slow in total, or an answer over the size cap: the same for the customer.
    throw new WalletError('BANK_UNREACHABLE', 'The bank could not be reached, or did not answer in time');
  }
  if (response.status === 200) {
    const parsed = TokenResponseSchema.safeParse(response.data);
    if (!parsed.success)
      throw new WalletError('BAD_TOKEN_RESPONSE', 'The bank answered the sign-in with something unreadable');
    return parsed.data;
  }
  const error = OAuthErrorSchema.safeParse(response.data);
  if (error.success && error.data.error === 'invalid_grant') {
    throw new InvalidGrantError(error.data.error_description ?? 'The grant is no longer valid');
  }
  const code = error.success ? error.data.error : `HTTP ${response.status}`;
  throw new WalletError('TOKEN_REQUEST_FAILED', `The bank refused the token request: ${code.slice(0, 64)}`);
}

export function exchangeCode(
  endpoint: string,
  profile: TokenProfile,
  request: { code: string; redirectUri: string; codeVerifier: string },
  bounds: HttpBounds = {},
): Promise<TokenResponse> {
  return post(
    endpoint,
    profile,
    {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    },
    bounds,
  );
}

export function refreshTokens(
  endpoint: string,
  profile: TokenProfile,
  refreshToken: string,
  bounds: HttpBounds = {},
): Promise<TokenResponse> {
  return post(endpoint, profile, { grant_type: 'refresh_token', refresh_token: refreshToken }, bounds);
}
