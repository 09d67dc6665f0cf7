import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '../../../common/profile.ts';
import { SessionService } from '../../../main/auth/session-service.ts';
import { TokenVault } from '../../../main/auth/token-vault.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';

/**
 * Case 7 of issue 13: sign-in against a certified OpenID Connect server (node-oidc-provider), not our sandbox, run
 * in-process on loopback and left as it ships: its own endpoint paths (from discovery), PKCE, a code exchange with
 * HTTP Basic, an id_token verified against its JWKS with the nonce, the claims it keeps for userinfo, and a
 * refresh token only for `offline_access` with `prompt=consent`.
 */
const ANNA = { kennitala: '1203852089', name: 'Anna Jónsdóttir' };
let server: Server;
let issuer: string;
let provider: Provider;
const calls: string[] = [];

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'wallet',
        client_secret: 'wallet-secret',
        application_type: 'native',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'offline_access', 'profile', 'kennitala'],
    claims: { openid: ['sub'], profile: ['name'], kennitala: ['kennitala'] },
    findAccount: (_context, sub) => ({ accountId: sub, claims: () => ({ sub, ...ANNA }) }),
    features: { devInteractions: { enabled: false } },
    jwks: {
      keys: [{ ...(await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey)), kid: 'k' }],
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, RefreshToken: 3600, IdToken: 600 },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    calls.push(`${request.method} ${new URL(request.url ?? '/', issuer).pathname}`);
    if (request.url?.startsWith('/interaction/')) return void interact(request, response);
    callback(request, response);
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The customer at the server: logs in as Anna and grants what was asked (the server's own interaction API). */
async function interact(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(request, response, { login: { accountId: 'anna' } });
    return;
  }
  const grant = new provider.Grant({ accountId: 'anna', clientId: 'wallet' });
  grant.addOIDCScope(String(details.params['scope']));
  await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } });
}

/** A browser with a cookie jar, following redirects until the app's loopback callback has answered. */
function browser() {
  const pages: string[] = [];
  let done: Promise<void> = Promise.resolve();
  return {
    pages,
    idle: () => done,
    openExternal(start: string): Promise<void> {
      done = (async () => {
        const jar = new Map<string, string>();
        let url = start;
        for (let hop = 0; hop < 20; hop += 1) {
          const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
          const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
          for (const line of response.headers.getSetCookie()) {
            const [pair = ''] = line.split(';');
            const [name = '', value = ''] = pair.split('=');
            jar.set(name.trim(), value);
          }
          const location = response.headers.get('location');
          if (!location) return void pages.push(await response.text());
          url = new URL(location, url).href;
        }
      })();
      return Promise.resolve();
    },
  };
}

describe('sign-in against a certified OpenID Connect server', () => {
  it('discovers its endpoints, verifies the id_token, reads claims from userinfo and refreshes offline', async () => {
    const profile: Profile = ProfileSchema.parse({
      id: 'oidc',
      name: 'OpenID server',
      environment: 'bank-sandbox',
      baseUrl: issuer,
      authUrl: issuer,
      discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      clientId: 'wallet',
      clientSecret: 'wallet-secret',
      tokenEndpointAuth: 'client_secret_basic',
      apiKey: 'k',
      scopes: ['openid', 'offline_access', 'profile', 'kennitala'],
    });
    const customer = browser();
    const sessions = new SessionService({
      profiles: { get: () => profile },
      vault: new TokenVault(new MemoryStore(), undefined),
      clock: { now: () => Date.now() },
      openExternal: (url) => customer.openExternal(url),
      locale: () => 'en',
      appName: 'A2A Wallet',
    });
    const session = await sessions.signIn('oidc');
    expect(session).toMatchObject({ signedIn: true, name: ANNA.name, maskedKennitala: '120385-****' });
    await customer.idle();
    expect(customer.pages.at(-1)).toContain('Sign-in is complete');
    // Its own paths, found by discovery; the claims came from userinfo (the id_token carries only sub).
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /.well-known/openid-configuration',
        'GET /auth',
        'POST /token',
        'GET /jwks',
        'GET /me',
      ]),
    );
    expect(calls.some((call) => call.includes('/as/'))).toBe(false);

    const first = await sessions.accessToken('oidc');
    expect(await sessions.refreshAfterUnauthorized('oidc')).toBe(true);
    expect(await sessions.accessToken('oidc')).not.toBe(first);
    expect(sessions.knownCustomer('oidc')).toEqual(ANNA);
  });
});
