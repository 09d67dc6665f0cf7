import {
  getValidatedIdTokenClaims,
  jwksCache,
  JSON_ATTRIBUTE_COMPARISON,
  KEY_SELECTION,
  OperationProcessingError,
  processAuthorizationCodeResponse,
  processUserInfoResponse,
  userInfoRequest,
  validateApplicationLevelSignature,
  type JWKSCacheInput,
} from 'oauth4webapi';
import { checkKennitala } from '../../common/kennitala.ts';
import type { Profile } from '../../common/profile.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import type { Endpoints } from './endpoints.ts';
import { clientOf, libraryOptions, serverOf, type LibraryOptions } from './oidc-client.ts';
import type { TokenResponse } from './token-client.ts';

/**
 * Who signed in, from the id_token of this sign-in: it must carry the nonce the app sent, always. Where the profile
 * gives a way to verify it (a JWKS URL, or discovery's `jwks_uri`), oauth4webapi checks it (signature with the bank's
 * keys, issuer, audience, expiry, issue time, nonce) and identity comes only from it and from the bank's userinfo
 * endpoint; an access token, which the app cannot verify and which is meant for the API, never supplies or overrides
 * it. Where there is no way to verify, the claims are read from the token endpoint's own answer over TLS (see
 * docs/SIGN-IN.md), the id_token's first; that reading is the app's own, as the library checks only what it can
 * verify. Claims the id_token lacks are asked of userinfo (through the library), whose `sub` must be the id_token's.
 */
export interface Identity {
  kennitala: string;
  name: string;
}

type Claims = Record<string, unknown>;

const invalid = (why: string) => new WalletError('ID_TOKEN_INVALID', `The bank’s proof of identity ${why}`);

/** A JWT's claims, unverified: its middle part, base64url JSON. Undefined for anything else (an opaque token). */
function unverifiedClaims(token: string | undefined): Claims | undefined {
  const [, payload, signature, ...more] = token?.split('.') ?? [];
  if (payload === undefined || signature === undefined || more.length > 0) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Claims) : undefined;
  } catch {
    return undefined;
  }
}

interface IdContext {
  profile: Profile;
  endpoints: Endpoints;
  nonce: string;
  now: number;
  bounds: HttpBounds;
}

/**
 * The bank's keys, read once and kept (the library's JWKS cache, one per key-set address and bounds), for five
 * minutes at most.
 */
const keySets = new Map<string, JWKSCacheInput>();

const keySetKey = (jwksUrl: string, bounds: HttpBounds) =>
  `${jwksUrl}|${bounds.deadlineMs ?? ''}|${bounds.maxResponseBytes ?? ''}|${bounds.tap?.id ?? ''}`;

/**
 * The id_token's signature checked with the bank's published keys. A key the set read before does not have is
 * looked for once more in the keys as they are now: the bank may have replaced its keys since (the library alone
 * would not read them again within a minute, and the customer's sign-in would fail).
 */
async function checkSignature(issuer: string, jwksUrl: string, answer: Response, context: IdContext) {
  const key = keySetKey(jwksUrl, context.bounds);
  const options = (): LibraryOptions & { [jwksCache]: JWKSCacheInput } => {
    let cache = keySets.get(key);
    if (!cache) keySets.set(key, (cache = {}));
    return { ...libraryOptions(context.bounds, jwksUrl), [jwksCache]: cache };
  };
  // A server object of its own each time: the library keeps the keys it read per server object too.
  const server = () => serverOf(issuer, { jwks_uri: jwksUrl });
  try {
    await validateApplicationLevelSignature(server(), answer, options());
  } catch (error) {
    if (!(error instanceof OperationProcessingError && error.code === KEY_SELECTION)) throw error;
    keySets.delete(key);
    await validateApplicationLevelSignature(server(), answer, options());
  }
}

/** The id_token checked by the library against the bank's keys, this sign-in's nonce and the app's clock. */
async function verifiedClaims(tokens: TokenResponse, jwksUrl: string, context: IdContext): Promise<Claims> {
  const { profile, endpoints } = context;
  // Where neither the profile nor discovery names the issuer, the token's own stands (it was not checked before).
  const issuer = endpoints.issuer ?? unverifiedClaims(tokens.id_token)?.['iss'];
  if (typeof issuer !== 'string' || issuer === '') throw invalid('did not check out');
  // The token endpoint's answer as it was read (token-client.ts), now with the id_token and what this sign-in sent.
  const answer = new Response(JSON.stringify(tokens), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
  try {
    const result = await processAuthorizationCodeResponse(
      serverOf(issuer, { jwks_uri: jwksUrl }),
      clientOf(profile, context.now),
      answer,
      { expectedNonce: context.nonce, requireIdToken: true },
    );
    await checkSignature(issuer, jwksUrl, answer, context);
    return { ...getValidatedIdTokenClaims(result) };
  } catch (error) {
    // The nonce ties the id_token to this sign-in; one without it could be replayed from another.
    throw invalid(
      error instanceof Error && error.message.includes('"nonce"')
        ? 'does not belong to this sign-in'
        : 'did not check out',
    );
  }
}

/** Without a way to verify: the id_token as the token endpoint gave it, to this app, unexpired, for this sign-in. */
function readClaims(idToken: string, context: IdContext): Claims {
  const payload = unverifiedClaims(idToken);
  if (!payload) throw invalid('is unreadable');
  const audience = typeof payload['aud'] === 'string' ? [payload['aud']] : payload['aud'];
  if (!Array.isArray(audience) || !audience.includes(context.profile.clientId)) {
    throw invalid('was issued to another application');
  }
  const exp = payload['exp'];
  if (typeof exp === 'number' && exp * 1000 + 60_000 < context.now) throw invalid('has expired');
  if (payload['nonce'] !== context.nonce) throw invalid('does not belong to this sign-in');
  return payload;
}

/** What userinfo says of the id_token's subject (OpenID Connect Core 5.3.2: another subject's is not used). */
async function userinfoClaims(url: string, accessToken: string, subject: unknown, context: IdContext) {
  const { profile, endpoints, bounds } = context;
  const server = serverOf(endpoints.issuer ?? new URL(url).origin, { userinfo_endpoint: url });
  const client = clientOf(profile, context.now);
  let response: Response;
  try {
    response = await userInfoRequest(server, client, accessToken, libraryOptions(bounds, url));
  } catch {
    throw new WalletError('USERINFO_FAILED', 'The bank did not say who signed in (userinfo)');
  }
  try {
    return { ...(await processUserInfoResponse(server, client, String(subject), response)) } as Claims;
  } catch (error) {
    if (error instanceof OperationProcessingError && error.code === JSON_ATTRIBUTE_COMPARISON) {
      throw invalid('and the bank’s userinfo name different people');
    }
    throw new WalletError('USERINFO_FAILED', 'The bank did not say who signed in (userinfo)');
  }
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
  const context = { profile, endpoints, nonce, now, bounds };
  const idClaims = endpoints.jwks
    ? await verifiedClaims(tokens, endpoints.jwks, context)
    : readClaims(tokens.id_token, context);
  const sources: Claims[] = [idClaims];
  const lacking = () =>
    pick(Object.assign({}, ...sources), profile.kennitalaClaims) === undefined ||
    pick(Object.assign({}, ...sources), profile.nameClaims) === undefined;
  if (lacking() && endpoints.userinfo) {
    sources.push(await userinfoClaims(endpoints.userinfo, tokens.access_token, idClaims['sub'], context));
  }
  // Without a way to verify, everything came over the same TLS answer: the access token may fill gaps, never override.
  if (lacking() && !endpoints.jwks) sources.push(unverifiedClaims(tokens.access_token) ?? {});
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
