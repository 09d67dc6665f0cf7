import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '../../../common/profile.ts';
import { DAY_MS, GRANT_MS } from '../../../common/time.ts';
import type { Session } from '../../../common/session.ts';
import { SessionService, type SessionServiceOptions } from '../../../main/auth/session-service.ts';
import { TokenVault } from '../../../main/auth/token-vault.ts';
import { LOCAL_SANDBOX_APP } from '../../../main/profiles/local-sandbox.ts';
import { openSecretBox } from '../../../main/secrets/key-protector.ts';
import { JsonFileStore } from '../../../main/storage/json-file-store.ts';
import { MemoryStore, type KeyValueStore } from '../../../main/storage/key-value-store.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { exchangeCode } from '../../sandbox/oauth-dance.ts';
import { scriptedBrowser, type ScriptedBrowser } from './scripted-browser.ts';
import { rejectionOf } from '../../helpers/rejection.ts';
import { memoryKeychain } from '../../helpers/memory-keychain.ts';
import { testFolder } from '../../support/temp-folder.ts';

const errorOf = (promise: Promise<unknown>) => rejectionOf(promise, WalletError);

/** The whole sign-in against the local sandbox over real HTTP, with a scripted browser doing the customer's part. */
let sandbox: Sandbox;
let profile: Profile;
beforeEach(async () => {
  sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z', accessTokenTtlSeconds: 600 });
  profile = ProfileSchema.parse({
    id: 'local-sandbox',
    name: 'Local sandbox',
    environment: 'local-sandbox',
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    discoveryUrl: `${sandbox.url}/.well-known/openid-configuration`,
    ...LOCAL_SANDBOX_APP,
  });
});
afterEach(() => sandbox.stop());

const testKeychain = memoryKeychain;
/** This computer's keychain: the same across the restarts a test makes (another would not open the data key). */
const keychain = testKeychain();

async function sessions(
  browser: ScriptedBrowser,
  extra: Partial<SessionServiceOptions> = {},
  store: KeyValueStore = new MemoryStore(),
) {
  return new SessionService({
    profiles: { get: () => profile },
    vault: new TokenVault(store, await openSecretBox(store, keychain, false)),
    clock: sandbox.clock,
    openExternal: (url) => browser.openExternal(url),
    locale: () => 'en',
    appName: 'A2A Wallet',
    ...extra,
  });
}

const tokenRequests = () => sandbox.requests().filter((entry) => entry.path.startsWith('/as/token')).length;

describe('sign-in in the system browser', () => {
  it.each([
    ['anna', 'Anna Jónsdóttir', '1203852089'],
    ['bjorn', 'Björn Sigurðsson', '0507922189'],
    ['gudrun', 'Guðrún Ólafsdóttir', '2311642009'],
    ['einar', 'Einar Pálsson', '3006012000'],
    ['sigga', 'Sigríður Helgadóttir', '1712782019'],
    ['olafur', 'Ólafur Magnússon', '0909552099'],
  ])('signs in %s: name, masked kennitala, a 90-day grant', async (username, name, kennitala) => {
    const masked = `${kennitala.slice(0, 6)}-****`;
    const browser = scriptedBrowser(username);
    const service = await sessions(browser);
    const session = await service.signIn('local-sandbox');
    const now = sandbox.clock.now();
    expect(session).toMatchObject({
      signedIn: true,
      name,
      maskedKennitala: masked,
      grantStart: now,
      grantEnd: now + GRANT_MS,
      daysLeft: 90,
    });
    expect(browser.opened[0]).toMatch(
      /\/as\/authorization\.oauth2\?client_id=wallet-local&response_type=code&redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback&state=[\w-]+&code_challenge=[\w-]+&code_challenge_method=S256&nonce=[\w-]+&scope=profile\+openid\+customer\+accounts\+payments$/,
    );
    await browser.idle();
    expect(browser.callbackPages[0]).toContain('Sign-in is complete');
    // The renderer's view: no token, and the kennitala only masked.
    expect(JSON.stringify(session)).not.toMatch(/eyJ/);
    expect(JSON.stringify(session)).not.toContain(kennitala);
    expect(await service.accessToken('local-sandbox')).toMatch(/^eyJ/);
  });

  it('refuses a callback whose state does not match, and the sign-in can then be cancelled', async () => {
    const browser = scriptedBrowser('anna', { tamperState: true });
    const service = await sessions(browser);
    const signingIn = service.signIn('local-sandbox');
    await browser.whenOpened();
    await browser.idle();
    expect(browser.callbackPages[0]).toContain('not the one the app started');
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: false, signingIn: true });
    await service.cancelSignIn();
    expect((await rejectionOf(signingIn, WalletError)).code).toBe('SIGN_IN_CANCELLED');
  });

  it('refuses a replayed code: the callback is closed, and the bank will not exchange it twice', async () => {
    const browser = scriptedBrowser('anna');
    const service = await sessions(browser);
    await service.signIn('local-sandbox');
    await browser.idle();
    const callback = new URL(browser.callbackUrls[0] ?? '');
    await expect(fetch(callback)).rejects.toThrow();
    const again = await exchangeCode(sandbox.url, callback.searchParams.get('code') ?? '', {
      redirectUri: `${callback.origin}${callback.pathname}`,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('says so when the customer declines at the bank', async () => {
    const browser = scriptedBrowser('anna', { decision: 'deny' });
    expect((await errorOf((await sessions(browser)).signIn('local-sandbox'))).code).toBe('SIGN_IN_DENIED');
    await browser.idle();
    expect(browser.callbackPages[0]).toContain('did not give A2A Wallet access');
  });

  it('times out after its (injected) 5 minutes, and a second click replaces the first', async () => {
    const browser = scriptedBrowser('anna', { stayIdle: true });
    const timers: (() => void)[] = [];
    const service = await sessions(browser, {
      schedule: (ms, run) => {
        expect(ms).toBe(5 * 60 * 1000);
        timers.push(run);
        return () => {};
      },
    });
    const first = service.signIn('local-sandbox');
    await browser.whenOpened(1);
    const second = service.signIn('local-sandbox');
    expect((await rejectionOf(first, WalletError)).code).toBe('SIGN_IN_CANCELLED');
    await browser.whenOpened(2);
    timers.at(-1)?.();
    expect((await rejectionOf(second, WalletError)).code).toBe('SIGN_IN_TIMED_OUT');
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: false, signingIn: false });
  });

  it('tells a bank tab finished after a cancel that it was cancelled, exchanges nothing, and frees the port', async () => {
    const { createServer } = await import('node:http');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probeAddress = probe.address();
    const port = typeof probeAddress === 'object' && probeAddress ? probeAddress.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    // One registered port only: the next sign-in needs it back.
    profile = { ...profile, redirectPorts: [port] };
    const idle = scriptedBrowser('anna', { stayIdle: true });
    let browser = idle;
    const service = await sessions(idle, { openExternal: (url) => browser.openExternal(url) });
    const first = service.signIn('local-sandbox');
    await idle.whenOpened(1);
    await service.cancelSignIn();
    expect((await rejectionOf(first, WalletError)).code).toBe('SIGN_IN_CANCELLED');

    // The customer finishes at the bank in the tab left open.
    const late = scriptedBrowser('anna');
    const before = tokenRequests();
    await late.openExternal(idle.opened[0] ?? '');
    await late.idle();
    expect(late.callbackPages[0]).toContain('This sign-in was cancelled');
    expect(tokenRequests()).toBe(before);
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: false });

    // The next sign-in takes that port over and finishes.
    browser = scriptedBrowser('anna');
    expect(await service.signIn('local-sandbox')).toMatchObject({ signedIn: true });
    expect(browser.opened[0]).toContain(`127.0.0.1%3A${port}%2Fcallback`);
    await service.close();
  });

  it('refuses a token without a kennitala, with a clear reason', async () => {
    profile = { ...profile, kennitalaClaims: ['national_id'] };
    expect(await errorOf((await sessions(scriptedBrowser('anna'))).signIn('local-sandbox'))).toMatchObject({
      code: 'NO_KENNITALA',
      message: expect.stringContaining('no kennitala'),
    });
  });

  it('tells the tab sign-in did not finish when the identity check fails, in the customer’s language', async () => {
    profile = { ...profile, kennitalaClaims: ['national_id'] };
    const browser = scriptedBrowser('anna');
    await errorOf((await sessions(browser, { locale: () => 'is' })).signIn('local-sandbox'));
    await browser.idle();
    expect(browser.callbackPages[0]).toContain('Innskráning kláraðist ekki');
    expect(browser.callbackPages[0]).not.toContain('Innskráningu er lokið');
  });

  it('tells the tab sign-in did not finish when the bank does not exchange the code', async () => {
    profile = { ...profile, clientSecret: 'not-the-secret' };
    const browser = scriptedBrowser('anna');
    expect((await errorOf((await sessions(browser)).signIn('local-sandbox'))).code).toBe('TOKEN_REQUEST_FAILED');
    await browser.idle();
    expect(browser.callbackPages[0]).toContain('did not hand A2A Wallet its access');
    expect(browser.callbackPages[0]).not.toContain('Sign-in is complete');
  });

  it('asks for a refresh token the standard way where the profile wants offline access', async () => {
    profile = { ...profile, scopes: [...profile.scopes, 'offline_access'] };
    const browser = scriptedBrowser('anna', { stayIdle: true });
    const service = await sessions(browser);
    const signingIn = service.signIn('local-sandbox');
    await browser.whenOpened();
    expect(browser.opened[0]).toMatch(/&prompt=consent&scope=.*\+offline_access$/);
    await service.cancelSignIn();
    await errorOf(signingIn);
  });

  it('verifies the id_token against the bank keys: a wrong issuer is refused', async () => {
    profile = { ...profile, issuer: 'https://someone-else.example' };
    expect((await errorOf((await sessions(scriptedBrowser('anna'))).signIn('local-sandbox'))).code).toBe(
      'ID_TOKEN_INVALID',
    );
  });

  it('uses the next registered port when the first is busy', async () => {
    const { createServer } = await import('node:http');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const busy = typeof address === 'object' && address ? address.port : 0;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probeAddress = probe.address();
    const free = typeof probeAddress === 'object' && probeAddress ? probeAddress.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    profile = { ...profile, redirectPorts: [busy, free] };
    const browser = scriptedBrowser('anna');
    expect(await (await sessions(browser)).signIn('local-sandbox')).toMatchObject({ signedIn: true });
    expect(browser.opened[0]).toContain(`127.0.0.1%3A${free}%2Fcallback`);
    await new Promise((resolve) => blocker.close(resolve));
  });
});

describe('tokens after sign-in', () => {
  it('refreshes ahead of expiry, once for many concurrent callers, with rotation', async () => {
    const service = await sessions(scriptedBrowser('anna'));
    await service.signIn('local-sandbox');
    const before = await service.accessToken('local-sandbox');
    const requests = tokenRequests();
    sandbox.clock.advanceSeconds(600 - 30);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => service.accessToken('local-sandbox')));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(before);
    expect(tokenRequests()).toBe(requests + 1);
    // The rotated refresh token works: the next refresh succeeds too.
    sandbox.clock.advanceSeconds(600);
    expect(await service.accessToken('local-sandbox')).not.toBe(tokens[0]);
  });

  it('signs the customer out when the grant is revoked in online banking', async () => {
    const service = await sessions(scriptedBrowser('anna'));
    await service.signIn('local-sandbox');
    sandbox.revoke('anna');
    expect(await service.refreshAfterUnauthorized('local-sandbox')).toBe(false);
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'revoked' });
    expect(() => service.customer('local-sandbox')).toThrow(expect.objectContaining({ code: 'GRANT_REVOKED' }));
  });

  it('reminds before the 90 days end, and refuses payments after, until the customer signs in again', async () => {
    const told: Session[] = [];
    const service = await sessions(scriptedBrowser('anna'), { onChange: (session) => told.push(session) });
    const signedIn = await service.signIn('local-sandbox');
    // The answer is the state after the sign-in: no longer signing in.
    expect(signedIn).toMatchObject({ signedIn: true, signingIn: false });
    const { grantEnd = 0 } = signedIn;
    sandbox.clock.set(grantEnd - 14 * DAY_MS);
    expect(service.status('local-sandbox')).toMatchObject({ daysLeft: 14, reminder: 14 });
    // A second before the end: its last day, so no calendar day is left ("today", issue 42), and the last reminder.
    sandbox.clock.set(grantEnd - 1000);
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: true, daysLeft: 0, reminder: 1 });
    expect(service.customer('local-sandbox')).toEqual({ kennitala: '1203852089' });
    sandbox.clock.set(grantEnd);
    told.length = 0;
    expect(service.status('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'grant-ended' });
    // The renderer hears of the end as soon as anything notices it (the host checks every hour).
    await Promise.resolve();
    expect(told).toEqual([expect.objectContaining({ signedIn: false, signedOutReason: 'grant-ended' })]);
    expect(() => service.customer('local-sandbox')).toThrow(expect.objectContaining({ code: 'GRANT_ENDED' }));
    const renewed = await service.signIn('local-sandbox');
    expect(renewed).toMatchObject({ signedIn: true, daysLeft: 90 });
  });

  it('signs out on request and forgets the tokens', async () => {
    const store = new MemoryStore();
    const service = await sessions(scriptedBrowser('anna'), {}, store);
    await service.signIn('local-sandbox');
    expect(service.signOut('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'signed-out' });
    expect([...store.data.keys()].filter((key) => key.startsWith('vault.session'))).toEqual([]);
    expect((await rejectionOf(service.accessToken('local-sandbox'), WalletError)).code).toBe('NOT_SIGNED_IN');
  });
});

describe('the vault at rest', () => {
  it('writes no token, client secret or kennitala in clear text', async () => {
    const dir = testFolder('a2a-vault');
    const store = new JsonFileStore(join(dir, 'settings.json'));
    const service = await sessions(scriptedBrowser('anna'), {}, store);
    await service.signIn('local-sandbox');
    sandbox.clock.advanceSeconds(590);
    const token = await service.accessToken('local-sandbox');
    const secrets = [token, LOCAL_SANDBOX_APP.clientSecret, '1203852089', '120385-2089', 'Anna'];
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    }
    // And what was written opens again after a restart of the app.
    const reopened = new SessionService({
      profiles: { get: () => profile },
      vault: new TokenVault(new JsonFileStore(join(dir, 'settings.json')), undefined),
      clock: sandbox.clock,
      openExternal: () => Promise.resolve(),
      locale: () => 'en',
      appName: 'A2A Wallet',
    });
    expect(reopened.status('local-sandbox').signedIn).toBe(false);
  });

  it('keeps tokens in memory only where the OS offers no real protection', async () => {
    const store = new MemoryStore();
    const weak = testKeychain({ secure: false, reason: 'basic_text' });
    const vault = new TokenVault(store, await openSecretBox(store, weak, false));
    const service = new SessionService({
      profiles: { get: () => profile },
      vault,
      clock: sandbox.clock,
      openExternal: (url) => scriptedBrowser('anna').openExternal(url),
      locale: () => 'en',
      appName: 'A2A Wallet',
    });
    expect(await service.signIn('local-sandbox')).toMatchObject({ signedIn: true, persistent: false });
    expect(store.data.size).toBe(0);
    // Unless the customer chose to store them anyway.
    expect(new TokenVault(store, await openSecretBox(store, weak, true)).persistent).toBe(true);
  });

  it('reads a tampered vault as signed out, not as a crash', async () => {
    const store = new MemoryStore();
    const service = await sessions(scriptedBrowser('anna'), {}, store);
    await service.signIn('local-sandbox');
    const sealed = String(store.get('vault.session.local-sandbox'));
    store.set('vault.session.local-sandbox', `${sealed.slice(0, -6)}AAAAAA`);
    const restarted = new TokenVault(store, await openSecretBox(store, keychain, false));
    expect(restarted.load('local-sandbox')).toBeUndefined();
  });
});
