import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';
import type { Sandbox } from '../../sandbox/index.ts';
import { expectBankError, getTransfer, postTransfer } from './bank-client.ts';
import { useSandbox } from './fixture.ts';
import { exchangeCode, obtainCode, pkcePair, refreshTokens, signIn } from './oauth-dance.ts';
import type { TokenSet } from './oauth-dance.ts';

const DAY = 24 * 60 * 60;

async function oauthError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(((await response.json()) as { error: string }).error).toBe(error);
}

async function tokens(response: Response): Promise<TokenSet> {
  expect(response.status).toBe(200);
  return (await response.json()) as TokenSet;
}

async function verifyWithJwks(s: Sandbox, jwt: string, audience?: string) {
  const jwks = (await (await fetch(`${s.url}/pf/JWKS`)).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
    issuer: s.url,
    currentDate: new Date(s.clock.now()),
    ...(audience === undefined ? {} : { audience }),
  });
  return payload;
}

describe('the token endpoint: authorization_code', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 600 });

  it("answers as bank-service.md shows, with RS256 tokens the JWKS verifies and the issue's claims", async () => {
    const s = sandbox();
    const code = await obtainCode(s.url, { username: 'bjorn', nonce: 'n-0S6' });
    const response = await exchangeCode(s.url, code);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const set = await tokens(response);
    expect(set).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(typeof set.refresh_token).toBe('string');
    const access = await verifyWithJwks(s, set.access_token);
    const now = Math.floor(s.clock.now() / 1000);
    expect(access).toMatchObject({
      iss: s.url,
      sub: 'bjorn',
      client_id: 'wallet-local',
      scope: 'profile openid customer accounts payments',
      kennitala: '0507922189',
      iat: now,
      exp: now + 600,
    });
    const id = await verifyWithJwks(s, set.id_token ?? '', 'wallet-local');
    expect(id).toMatchObject({
      aud: 'wallet-local',
      nonce: 'n-0S6',
      name: 'Björn Sigurðsson',
      kennitala: '0507922189',
    });
  });

  it('authenticates the client by HTTP Basic too', async () => {
    const s = sandbox();
    await tokens(await exchangeCode(s.url, await obtainCode(s.url), { basic: true }));
  });

  it('refuses a wrong client secret, by form or by Basic', async () => {
    const s = sandbox();
    const code = await obtainCode(s.url);
    await oauthError(await exchangeCode(s.url, code, { clientSecret: 'nope' }), 401, 'invalid_client');
    const basic = await exchangeCode(s.url, code, { clientSecret: 'nope', basic: true });
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    await oauthError(basic, 401, 'invalid_client');
    await tokens(await exchangeCode(s.url, code));
  });

  it('uses a code once: a second use fails and ends what the first one granted', async () => {
    const s = sandbox();
    const code = await obtainCode(s.url);
    const first = await tokens(await exchangeCode(s.url, code));
    await oauthError(await exchangeCode(s.url, code), 400, 'invalid_grant');
    await oauthError(await refreshTokens(s.url, first.refresh_token), 400, 'invalid_grant');
    await expectBankError(await postTransfer(s.url, { token: first.access_token }), 'Unauthorized');
  });

  it('binds the code to its redirect_uri and its client', async () => {
    const s = await startSandbox({
      clients: [{ clientId: 'other', clientSecret: 'other-secret', apiKey: 'other-key' }],
    });
    try {
      const code = await obtainCode(s.url);
      await oauthError(
        await exchangeCode(s.url, code, { redirectUri: 'http://127.0.0.1:1/other' }),
        400,
        'invalid_grant',
      );
      await oauthError(
        await exchangeCode(s.url, code, { clientId: 'other', clientSecret: 'other-secret' }),
        400,
        'invalid_grant',
      );
      await tokens(await exchangeCode(s.url, code));
    } finally {
      await s.stop();
    }
  });

  it('verifies PKCE when a challenge was sent', async () => {
    const s = sandbox();
    const { verifier } = pkcePair();
    const code = await obtainCode(s.url, { codeVerifier: verifier });
    await oauthError(await exchangeCode(s.url, code), 400, 'invalid_grant');
    await oauthError(await exchangeCode(s.url, code, { codeVerifier: pkcePair().verifier }), 400, 'invalid_grant');
    await tokens(await exchangeCode(s.url, code, { codeVerifier: verifier }));
  });

  it('refuses a code_verifier for a code that had no challenge', async () => {
    const s = sandbox();
    const code = await obtainCode(s.url);
    await oauthError(await exchangeCode(s.url, code, { codeVerifier: pkcePair().verifier }), 400, 'invalid_grant');
  });

  it('lets a code live 60 seconds', async () => {
    const s = sandbox();
    const onTime = await obtainCode(s.url);
    s.clock.advanceSeconds(60);
    await tokens(await exchangeCode(s.url, onTime));
    const late = await obtainCode(s.url);
    s.clock.advanceSeconds(61);
    await oauthError(await exchangeCode(s.url, late), 400, 'invalid_grant');
  });

  it('gives no id_token without the openid scope', async () => {
    const s = sandbox();
    const set = await signIn(s.url, { scope: 'payments' });
    expect(set.id_token).toBeUndefined();
    expect(decodeJwt(set.access_token).scope).toBe('payments');
  });

  it('answers malformed requests with RFC 6749 errors', async () => {
    const s = sandbox();
    const post = (body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(`${s.url}/as/token.oauth2`, { method: 'POST', headers: { 'content-type': type }, body });
    const client = 'client_id=wallet-local&client_secret=wallet-local-secret';
    await oauthError(await post(`grant_type=password&${client}`), 400, 'unsupported_grant_type');
    await oauthError(await post(client), 400, 'invalid_request');
    await oauthError(await post(`grant_type=authorization_code&${client}`), 400, 'invalid_request');
    await oauthError(await post(`grant_type=authorization_code&code=a&code=b&${client}`), 400, 'invalid_request');
    await oauthError(
      await post(JSON.stringify({ grant_type: 'refresh_token' }), 'application/json'),
      400,
      'invalid_request',
    );
    await oauthError(await post('grant_type=refresh_token&refresh_token=x'), 401, 'invalid_client');
    const basic = `Basic ${Buffer.from('wallet-local:wallet-local-secret').toString('base64')}`;
    const twice = await fetch(`${s.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: `grant_type=refresh_token&refresh_token=x&${client}`,
    });
    await oauthError(twice, 400, 'invalid_request');
  });
});

describe('the token endpoint: refresh_token', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 600 });

  it('rotates: each refresh returns a new refresh token, and the old one stops working', async () => {
    const s = sandbox();
    const first = await signIn(s.url);
    s.clock.advanceSeconds(700);
    await expectBankError(await postTransfer(s.url, { token: first.access_token }), 'Unauthorized');
    const second = await tokens(await refreshTokens(s.url, first.refresh_token));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.id_token).toBeDefined();
    expect((await postTransfer(s.url, { token: second.access_token })).status).toBe(201);
    await oauthError(await refreshTokens(s.url, first.refresh_token), 400, 'invalid_grant');
    const third = await tokens(await refreshTokens(s.url, second.refresh_token, { basic: true }));
    await oauthError(await refreshTokens(s.url, second.refresh_token), 400, 'invalid_grant');
    expect((await postTransfer(s.url, { token: third.access_token })).status).toBe(201);
  });

  it('may narrow the scope, never widen it', async () => {
    const s = sandbox();
    const set = await signIn(s.url, { scope: 'openid payments' });
    await oauthError(
      await refreshTokens(s.url, set.refresh_token, { scope: 'openid payments customer' }),
      400,
      'invalid_scope',
    );
    const narrowed = await tokens(await refreshTokens(s.url, set.refresh_token, { scope: 'openid' }));
    await expectBankError(await postTransfer(s.url, { token: narrowed.access_token }), 'Unauthorized');
    const again = await tokens(await refreshTokens(s.url, narrowed.refresh_token));
    expect(decodeJwt(again.access_token).scope).toBe('openid payments');
  });

  it('refuses another client’s refresh token', async () => {
    const s = await startSandbox({
      clients: [{ clientId: 'other', clientSecret: 'other-secret', apiKey: 'other-key' }],
    });
    try {
      const set = await signIn(s.url);
      await oauthError(
        await refreshTokens(s.url, set.refresh_token, { clientId: 'other', clientSecret: 'other-secret' }),
        400,
        'invalid_grant',
      );
    } finally {
      await s.stop();
    }
  });

  it('fails after the customer revoked the grant, and only for that customer', async () => {
    const s = sandbox();
    const anna = await signIn(s.url, { username: 'anna' });
    const bjorn = await signIn(s.url, { username: 'bjorn' });
    expect(s.revoke('anna')).toBe(1);
    await oauthError(await refreshTokens(s.url, anna.refresh_token), 400, 'invalid_grant');
    await tokens(await refreshTokens(s.url, bjorn.refresh_token));
  });

  it('works until 90 days after the authorization, and fails from then on', async () => {
    const s = sandbox();
    const set = await signIn(s.url);
    s.clock.advanceSeconds(90 * DAY - 1);
    const last = await tokens(await refreshTokens(s.url, set.refresh_token));
    s.clock.advanceSeconds(1);
    await oauthError(await refreshTokens(s.url, last.refresh_token), 400, 'invalid_grant');
  });

  it('never lets an access token outlive the grant', async () => {
    const s = sandbox();
    const authorizedAt = Math.floor(s.clock.now() / 1000);
    const set = await signIn(s.url);
    s.clock.advanceSeconds(90 * DAY - 100);
    const last = await tokens(await refreshTokens(s.url, set.refresh_token));
    expect(last.expires_in).toBe(100);
    expect(decodeJwt(last.access_token).exp).toBe(authorizedAt + 90 * DAY);
    expect(decodeJwt(last.id_token ?? '').exp).toBe(authorizedAt + 90 * DAY);
    s.clock.advanceSeconds(99);
    expect((await postTransfer(s.url, { token: last.access_token })).status).toBe(201);
    s.clock.advanceSeconds(1);
    await expectBankError(await postTransfer(s.url, { token: last.access_token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, 'x', { token: last.access_token }), 'Unauthorized');
  });
});
