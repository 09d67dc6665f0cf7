import axios from 'axios';
import { z } from 'zod';
import type { Profile } from '../../common/profile.ts';
import { WalletError } from '../wallet-error.ts';

/** The token endpoint of bank-service.md: the code exchange, and the refresh (not shown there; standard RFC 6749 6). */
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

type TokenProfile = Pick<Profile, 'authUrl' | 'clientId' | 'clientSecret' | 'tokenEndpointAuth'>;

async function post(profile: TokenProfile, fields: Record<string, string>, timeoutMs: number): Promise<TokenResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const body = new URLSearchParams(fields);
  if (profile.tokenEndpointAuth === 'client_secret_basic') {
    const user = encodeURIComponent(profile.clientId);
    const secret = encodeURIComponent(profile.clientSecret);
    headers['authorization'] = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
  } else {
    body.set('client_id', profile.clientId);
    body.set('client_secret', profile.clientSecret);
  }
  let response;
  try {
    response = await axios.post(`${profile.authUrl}/as/token.oauth2`, body.toString(), {
      headers,
      timeout: timeoutMs,
      validateStatus: () => true,
      maxRedirects: 0,
      responseType: 'json',
    });
  } catch {
    throw new WalletError('BANK_UNREACHABLE', 'The bank could not be reached');
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
  profile: TokenProfile,
  request: { code: string; redirectUri: string; codeVerifier: string },
  timeoutMs = 30_000,
): Promise<TokenResponse> {
  return post(
    profile,
    {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    },
    timeoutMs,
  );
}

export function refreshTokens(profile: TokenProfile, refreshToken: string, timeoutMs = 30_000): Promise<TokenResponse> {
  return post(profile, { grant_type: 'refresh_token', refresh_token: refreshToken }, timeoutMs);
}
