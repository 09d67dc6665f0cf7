import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { checkKennitala } from '../../common/kennitala.ts';
import type { Profile } from '../../common/profile.ts';
import { WalletError } from '../wallet-error.ts';
import type { TokenResponse } from './token-client.ts';

/**
 * Who signed in. The kennitala comes from the token claims (names from the profile), the display name from the
 * id_token. Where the profile names a JWKS or discovery document, the id_token is verified first: signature,
 * issuer, audience, expiry and nonce.
 */
export interface Identity {
  kennitala: string;
  name: string;
}

const DiscoverySchema = z.object({ issuer: z.string(), jwks_uri: z.string() }).loose();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function claimsOf(token: string | undefined): JWTPayload {
  if (!token) return {};
  try {
    return decodeJwt(token);
  } catch {
    // An opaque access token carries no claims we can read; the id_token may.
    return {};
  }
}

async function verifyIdToken(profile: Profile, idToken: string, nonce: string, now: number): Promise<JWTPayload> {
  let jwksUrl = profile.jwksUrl;
  let issuer = profile.issuer;
  if (profile.discoveryUrl) {
    const response = await fetch(profile.discoveryUrl).catch(() => undefined);
    const discovery = DiscoverySchema.safeParse(response?.ok ? await response.json() : undefined);
    if (!discovery.success) throw new WalletError('DISCOVERY_FAILED', 'The bank’s sign-in settings could not be read');
    jwksUrl ??= discovery.data.jwks_uri;
    issuer ??= discovery.data.issuer;
  }
  if (!jwksUrl) return claimsOf(idToken);
  let keys = keySets.get(jwksUrl);
  if (!keys) keySets.set(jwksUrl, (keys = createRemoteJWKSet(new URL(jwksUrl))));
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      audience: profile.clientId,
      ...(issuer ? { issuer } : {}),
      currentDate: new Date(now),
      clockTolerance: 60,
    });
    if (payload['nonce'] !== undefined && payload['nonce'] !== nonce) throw new Error('nonce mismatch');
    return payload;
  } catch {
    throw new WalletError('ID_TOKEN_INVALID', 'The bank’s proof of identity did not check out');
  }
}

export async function identify(profile: Profile, tokens: TokenResponse, nonce: string, now: number): Promise<Identity> {
  const idClaims = tokens.id_token ? await verifyIdToken(profile, tokens.id_token, nonce, now) : {};
  const claims = { ...idClaims, ...claimsOf(tokens.access_token) };
  const raw = profile.kennitalaClaims.map((name) => claims[name]).find((value) => typeof value === 'string');
  if (typeof raw !== 'string') {
    throw new WalletError('NO_KENNITALA', 'The bank did not say who signed in (no kennitala in the token)');
  }
  const kennitala = checkKennitala(raw);
  if (!kennitala.ok) {
    throw new WalletError(
      kennitala.error === 'company' ? 'COMPANY_KENNITALA' : 'BAD_KENNITALA',
      kennitala.error === 'company' ? 'The service is for individuals only' : 'The bank gave an invalid kennitala',
    );
  }
  const name = profile.nameClaims
    .map((claim) => idClaims[claim] ?? claims[claim])
    .find((value) => typeof value === 'string');
  return { kennitala: kennitala.value, name: typeof name === 'string' ? name : '' };
}
