import { createRemoteJWKSet, customFetch, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { checkKennitala } from '../../common/kennitala.ts';
import type { Profile } from '../../common/profile.ts';
import { boundedFetch, boundedJson, DEFAULT_DEADLINE_MS, type HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import type { Endpoints } from './endpoints.ts';
import type { TokenResponse } from './token-client.ts';

/**
 * Who signed in, from the id_token of this sign-in: it must carry the nonce the app sent, always. Where the profile
 * gives a way to verify it (a JWKS URL, or discovery's `jwks_uri`), it is verified first (signature, issuer,
 * audience, expiry) and identity comes only from it and from the bank's userinfo endpoint; an access token, which
 * the app cannot verify and which is meant for the API, never supplies or overrides it. Where there is no way to
 * verify, the claims are read from the token endpoint's own answer over TLS (see docs/SIGN-IN.md), the id_token's
 * first. Claims the id_token lacks are asked of userinfo, whose `sub` must be the id_token's.
 */
export interface Identity {
  kennitala: string;
  name: string;
}

const invalid = (why: string) => new WalletError('ID_TOKEN_INVALID', `The bank’s proof of identity ${why}`);
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const keySetKey = (jwksUrl: string, bounds: HttpBounds) =>
  `${jwksUrl}|${bounds.deadlineMs ?? ''}|${bounds.maxResponseBytes ?? ''}|${bounds.tap?.id ?? ''}`;

function keysAt(jwksUrl: string, bounds: HttpBounds): ReturnType<typeof createRemoteJWKSet> {
  const key = keySetKey(jwksUrl, bounds);
  let keys = keySets.get(key);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: bounds.deadlineMs ?? DEFAULT_DEADLINE_MS,
      // jose's own fetch has a timeout but no size cap: the bounded one has both.
      [customFetch]: (url, options) => boundedFetch(url, { headers: options.headers, method: 'GET' }, bounds),
    });
    keySets.set(key, keys);
  }
  return keys;
}

/**
 * The id_token verified with the bank's published keys. A key the set read before does not have is looked for once
 * more in the keys as they are now: the bank may have replaced its keys since (jose alone would not read them again
 * for 30 s, and the customer's sign-in would fail).
 */
async function verified(
  idToken: string,
  jwksUrl: string,
  bounds: HttpBounds,
  options: Parameters<typeof jwtVerify>[2],
) {
  try {
    return (await jwtVerify(idToken, keysAt(jwksUrl, bounds), options)).payload;
  } catch (error) {
    if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
    keySets.delete(keySetKey(jwksUrl, bounds));
    return (await jwtVerify(idToken, keysAt(jwksUrl, bounds), options)).payload;
  }
}

function unverifiedClaims(token: string | undefined): JWTPayload {
  if (!token) return {};
  try {
    return decodeJwt(token);
  } catch {
    // An opaque access token carries no claims we can read.
    return {};
  }
}

interface IdContext {
  profile: Profile;
  endpoints: Endpoints;
  nonce: string;
  now: number;
  bounds: HttpBounds;
}

async function idTokenClaims(idToken: string, context: IdContext): Promise<JWTPayload> {
  const { profile, endpoints, now } = context;
  let payload: JWTPayload;
  if (endpoints.jwks) {
    try {
      payload = await verified(idToken, endpoints.jwks, context.bounds, {
        audience: profile.clientId,
        ...(endpoints.issuer ? { issuer: endpoints.issuer } : {}),
        currentDate: new Date(now),
        clockTolerance: 60,
      });
    } catch {
      throw invalid('did not check out');
    }
  } else {
    try {
      payload = decodeJwt(idToken);
    } catch {
      throw invalid('is unreadable');
    }
    const audience = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!audience.includes(profile.clientId)) throw invalid('was issued to another application');
    if (typeof payload.exp === 'number' && payload.exp * 1000 + 60_000 < now) throw invalid('has expired');
  }
  // The nonce ties the id_token to this sign-in; one without it could be replayed from another.
  if (payload['nonce'] !== context.nonce) throw invalid('does not belong to this sign-in');
  return payload;
}

const UserinfoSchema = z.object({ sub: z.string().min(1) }).loose();

function userinfoClaims(url: string, accessToken: string, bounds: HttpBounds): Promise<Record<string, unknown>> {
  return boundedJson(url, UserinfoSchema, {
    headers: { authorization: `Bearer ${accessToken}` },
    bounds,
    failed: () => new WalletError('USERINFO_FAILED', 'The bank did not say who signed in (userinfo)'),
  });
}

const pick = (claims: Record<string, unknown>, names: readonly string[]) =>
  names.map((name) => claims[name]).find((value): value is string => typeof value === 'string');

export async function identify(
  profile: Profile,
  endpoints: Endpoints,
  tokens: TokenResponse,
  nonce: string,
  now: number,
  bounds: HttpBounds = {},
): Promise<Identity> {
  if (!tokens.id_token) throw invalid('is missing (no id_token)');
  const idClaims = await idTokenClaims(tokens.id_token, { profile, endpoints, nonce, now, bounds });
  const sources: Record<string, unknown>[] = [idClaims];
  const lacking = () =>
    pick(Object.assign({}, ...sources), profile.kennitalaClaims) === undefined ||
    pick(Object.assign({}, ...sources), profile.nameClaims) === undefined;
  if (lacking() && endpoints.userinfo) {
    const userinfo = await userinfoClaims(endpoints.userinfo, tokens.access_token, bounds);
    // OpenID Connect Core 5.3.2: userinfo about another subject must not be used.
    if (userinfo['sub'] !== idClaims.sub) throw invalid('and the bank’s userinfo name different people');
    sources.push(userinfo);
  }
  // Without a way to verify, everything came over the same TLS answer: the access token may fill gaps, never override.
  if (lacking() && !endpoints.jwks) sources.push(unverifiedClaims(tokens.access_token));
  const first = (names: readonly string[]) => sources.map((claims) => pick(claims, names)).find((v) => v !== undefined);
  const raw = first(profile.kennitalaClaims);
  if (raw === undefined) {
    throw new WalletError('NO_KENNITALA', 'The bank did not say who signed in (no kennitala in the token)');
  }
  const kennitala = checkKennitala(raw);
  if (!kennitala.ok) {
    throw new WalletError(
      kennitala.error === 'company' ? 'COMPANY_KENNITALA' : 'BAD_KENNITALA',
      kennitala.error === 'company' ? 'The service is for individuals only' : 'The bank gave an invalid kennitala',
    );
  }
  return { kennitala: kennitala.value, name: first(profile.nameClaims) ?? '' };
}
