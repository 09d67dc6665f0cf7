import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { Profile } from '../../common/profile.ts';
import type { Endpoints } from '../../main/auth/endpoints.ts';
import { identify } from '../../main/auth/identity.ts';
import { WalletError } from '../../main/wallet-error.ts';
import { rejectionOf } from '../helpers/rejection.ts';
import { profileOf, startFakeBank, unsignedJwt, type FakeBank } from '../main/auth/fake-bank.ts';

/**
 * Case 6 of issue 13: the nonce sent must come back in the id_token, verified or not; identity comes from a
 * verified id_token (and the bank's userinfo) where the profile gives a way to verify, never from an unverified
 * JWT such as the access token.
 */
const ANNA = { kennitala: '1203852089', name: 'Anna Jónsdóttir' };
const MALLORY = { kennitala: '0507922189', name: 'Mallory' };
const NONCE = 'the-nonce-of-this-sign-in';

let bank: FakeBank;
let profile: Profile;
beforeEach(async () => {
  bank = await startFakeBank();
  profile = profileOf(bank);
});
afterEach(() => bank.close());

const verifiable = (): Endpoints => ({
  authorization: `${bank.url}/authorize`,
  token: `${bank.url}/token`,
  jwks: `${bank.url}/jwks`,
  issuer: bank.url,
});
const unverifiable = (): Endpoints => ({ authorization: `${bank.url}/authorize`, token: `${bank.url}/token` });
const tokens = (idToken: string | undefined, accessToken = 'opaque') => ({
  access_token: accessToken,
  token_type: 'Bearer',
  expires_in: 600,
  ...(idToken ? { id_token: idToken } : {}),
});
const who = (endpoints: Endpoints, idToken: string | undefined, accessToken?: string) =>
  identify(profile, endpoints, tokens(idToken, accessToken), NONCE, Date.now());
const refusal = async (promise: Promise<unknown>) => (await rejectionOf(promise, WalletError)).code;

describe('the nonce', () => {
  it('is required in a verified id_token', async () => {
    const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', ...ANNA });
    expect(await refusal(who(verifiable(), idToken))).toBe('ID_TOKEN_INVALID');
  });

  it('is checked where the id_token cannot be verified: missing or another sign-in’s is refused', async () => {
    const missing = unsignedJwt({ aud: 'wallet', sub: 'anna', ...ANNA });
    expect(await refusal(who(unverifiable(), missing))).toBe('ID_TOKEN_INVALID');
    const other = unsignedJwt({ aud: 'wallet', sub: 'anna', nonce: 'another', ...ANNA });
    expect(await refusal(who(unverifiable(), other))).toBe('ID_TOKEN_INVALID');
    const right = unsignedJwt({ aud: 'wallet', sub: 'anna', nonce: NONCE, ...ANNA });
    expect(await who(unverifiable(), right)).toEqual(ANNA);
  });

  it('is required at all: a token response without an id_token is refused', async () => {
    const access = unsignedJwt({ sub: 'anna', ...ANNA });
    expect(await refusal(who(unverifiable(), undefined, access))).toBe('ID_TOKEN_INVALID');
  });
});

describe('where identity comes from', () => {
  it('a verified id_token wins over an unsigned access token’s claims', async () => {
    const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', nonce: NONCE, ...ANNA });
    expect(await who(verifiable(), idToken, unsignedJwt({ sub: 'mallory', ...MALLORY }))).toEqual(ANNA);
  });

  it('never from an unverified access token where the id_token can be verified', async () => {
    const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', nonce: NONCE });
    expect(await refusal(who(verifiable(), idToken, unsignedJwt({ sub: 'anna', ...MALLORY })))).toBe('NO_KENNITALA');
  });

  it('an id_token signed by someone else is refused', async () => {
    const forged = unsignedJwt({ aud: 'wallet', sub: 'anna', nonce: NONCE, iss: bank.url, ...MALLORY });
    expect(await refusal(who(verifiable(), forged))).toBe('ID_TOKEN_INVALID');
  });

  it('from userinfo where the verified id_token lacks the claims, if userinfo names the same person', async () => {
    const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', nonce: NONCE });
    bank.answers.set('/userinfo', { json: { sub: 'anna', ...ANNA } });
    const endpoints = { ...verifiable(), userinfo: `${bank.url}/userinfo` };
    expect(await who(endpoints, idToken, unsignedJwt(MALLORY))).toEqual(ANNA);
    bank.answers.set('/userinfo', { json: { sub: 'mallory', ...MALLORY } });
    expect(await refusal(who(endpoints, idToken))).toBe('ID_TOKEN_INVALID');
  });

  it('without a way to verify: from the token response, the id_token first, the access token only filling gaps', async () => {
    const idToken = unsignedJwt({ aud: 'wallet', sub: 'anna', nonce: NONCE, ...ANNA });
    expect(await who(unverifiable(), idToken, unsignedJwt(MALLORY))).toEqual(ANNA);
    const nameless = unsignedJwt({ aud: 'wallet', sub: 'anna', nonce: NONCE, kennitala: ANNA.kennitala });
    expect(await who(unverifiable(), nameless, unsignedJwt({ name: ANNA.name }))).toEqual(ANNA);
    const foreign = unsignedJwt({ aud: 'another-app', sub: 'anna', nonce: NONCE, ...ANNA });
    expect(await refusal(who(unverifiable(), foreign))).toBe('ID_TOKEN_INVALID');
  });
});

describe('the bank’s keys', () => {
  /** A key of the bank's own, published at its /jwks beside or instead of the first, and a token signed with it. */
  async function newKey(kid: string) {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const sign = (claims: JWTPayload) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(bank.url)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    return { jwk, sign };
  }
  const claims = { aud: 'wallet', sub: 'anna', nonce: NONCE, ...ANNA };

  it('replaced since they were read: the new key is read at once, not after a wait', async () => {
    expect(await who(verifiable(), await bank.sign(claims))).toEqual(ANNA);
    // Seconds later, the bank signs with a new key, under a new kid, published at the same address.
    const next = await newKey('k2');
    bank.answers.set('/jwks', { json: { keys: [next.jwk] } });
    expect(await who(verifiable(), await next.sign(claims))).toEqual(ANNA);
  });

  it('a kid the bank does not publish, even when read again, is refused', async () => {
    expect(await who(verifiable(), await bank.sign(claims))).toEqual(ANNA);
    const stranger = await newKey('k9');
    expect(await refusal(who(verifiable(), await stranger.sign(claims)))).toBe('ID_TOKEN_INVALID');
    // The bank's own key still verifies after the look.
    expect(await who(verifiable(), await bank.sign(claims))).toEqual(ANNA);
  });
});
