import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeChannel, RequestOf, ResponseOf } from '../../common/bridge-contract.ts';
import { ProfileSchema, type Profile } from '../../common/profile.ts';
import type { Result } from '../../common/result.ts';
import { SessionService } from '../../main/auth/session-service.ts';
import { TokenVault } from '../../main/auth/token-vault.ts';
import { createBankClient } from '../../main/bank/bank-client.ts';
import { dispatch } from '../../main/ipc/dispatch.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';
import { ProfileService } from '../../main/profiles/profile-service.ts';
import { openSecretBox } from '../../main/secrets/key-protector.ts';
import { MemoryStore } from '../../main/storage/key-value-store.ts';
import { createWallet, type Wallet } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { createNodePlatform } from '../harness/node-platform.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { scriptedBrowser } from '../main/auth/scripted-browser.ts';
import { expectNothingLeaked, recordingHost, type RecordingHost } from './recording-host.ts';

/**
 * Case 5 of issue 13: a signed-in profile repointed at another host, through the app or behind its back, never
 * sends that host its access token, refresh token, API key or client secret.
 */
let sandbox: Sandbox;
let elsewhere: RecordingHost;
let bank: Profile;

beforeEach(async () => {
  sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z', accessTokenTtlSeconds: 600 });
  elsewhere = await recordingHost();
  bank = ProfileSchema.parse({
    id: 'bank',
    name: 'Bank',
    environment: 'bank-sandbox',
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    ...LOCAL_SANDBOX_APP,
  });
});

afterEach(async () => {
  await sandbox.stop();
  await elsewhere.close();
});

/** The services as main/wallet.ts wires them: the bank client reads the profile, and the token, on every call. */
async function signedIn() {
  const store = new MemoryStore();
  const box = await openSecretBox(store, memoryKeychain(), false);
  const profiles = new ProfileService({ store, secrets: box!, shipped: [bank], allowEdit: true });
  const browser = scriptedBrowser('anna');
  const sessions = new SessionService({
    profiles,
    vault: new TokenVault(store, box),
    clock: sandbox.clock,
    openExternal: (url) => browser.openExternal(url),
    locale: () => 'en',
    appName: 'A2A Wallet',
  });
  await sessions.signIn('bank');
  const call = async () => {
    const profile = profiles.get('bank');
    const client = createBankClient({
      baseUrl: profile.baseUrl,
      apiKey: profile.apiKey,
      accessToken: () => sessions.accessToken('bank'),
      refreshAccessToken: () => sessions.refreshAfterUnauthorized('bank'),
      clock: sandbox.clock,
    });
    await client.getCreditTransfer('abc123').catch(() => undefined);
  };
  await call();
  // The bank was really called with these credentials: what follows is about them not going elsewhere.
  expect(sandbox.requests().some((entry) => entry.path.includes('/CreditTransfers/abc123'))).toBe(true);
  return { store, box, profiles, sessions, call };
}

describe('a signed-in profile repointed at another host', () => {
  it('through the app: the saved secret and key are not reused, the session ends, the new host gets nothing', async () => {
    const { profiles, sessions, call } = await signedIn();
    const moved = { ...bank, baseUrl: elsewhere.url, authUrl: elsewhere.url };
    // As the profile form sends it: secret and key left empty.
    expect(() => profiles.save({ ...moved, clientSecret: '', apiKey: '' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_PROFILE',
        message: expect.stringMatching(/clientSecret.*type it again.*apiKey.*type it again/),
      }),
    );
    expect(sessions.status('bank')).toMatchObject({ signedIn: true });

    // Typed again, as main/wallet.ts's saveProfile does it.
    profiles.save({ ...moved, clientSecret: 'typed-again', apiKey: 'typed-key' });
    sessions.profileChanged('bank');
    expect(sessions.status('bank')).toMatchObject({ signedIn: false, signedOutReason: 'profile-changed' });
    await call();
    sandbox.clock.advanceSeconds(3600);
    await call();
    expectNothingLeaked(elsewhere);
  });

  it('behind the app’s back (the data folder edited): the tokens are refused, not sent', async () => {
    const { store, box, sessions, call } = await signedIn();
    // The profile as the app stores a tester's edit, its sealed secret kept (under the app's own data key), pointing
    // elsewhere.
    const { clientSecret, ...rest } = { ...bank, baseUrl: elsewhere.url, authUrl: elsewhere.url };
    store.set('profiles.saved', [{ profile: rest, sealedSecret: box?.seal(clientSecret) ?? '' }]);
    await call();
    // Past the access token's expiry: a refresh would carry the refresh token and the client secret.
    sandbox.clock.advanceSeconds(3600);
    await call();
    expect(await sessions.refreshAfterUnauthorized('bank')).toBe(false);
    expectNothingLeaked(elsewhere);
    expect(sessions.status('bank')).toMatchObject({ signedIn: false, signedOutReason: 'profile-changed' });
  });

  it('keeps the session and the saved secret when nothing about the bank changed', async () => {
    const { profiles, sessions } = await signedIn();
    profiles.save({ ...bank, name: 'Renamed', clientSecret: '', apiKey: '' });
    sessions.profileChanged('bank');
    expect(sessions.status('bank')).toMatchObject({ signedIn: true });
    expect(profiles.get('bank')).toMatchObject({ clientSecret: LOCAL_SANDBOX_APP.clientSecret });
    sandbox.clock.advanceSeconds(3600);
    expect(await sessions.accessToken('bank')).toMatch(/^eyJ/);
  });
});

describe('the wallet’s saveProfile', () => {
  let wallet: Wallet;
  let dataDir: string;
  afterEach(async () => {
    await wallet.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function value<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<ResponseOf<C>> {
    const result = (await dispatch(wallet.handlers, channel, request[0])) as Result<ResponseOf<C>>;
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
    return result.value;
  }

  it('ends the session of a profile it repoints', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'a2a-repoint-'));
    const browser = scriptedBrowser('anna');
    wallet = await createWallet(
      createNodePlatform({
        root: join(import.meta.dirname, '..', '..'),
        dataDir,
        clock: sandbox.clock,
        shipped: { profiles: [...builtInProfiles().filter((p) => p.id === LOCAL_SANDBOX_ID), bank], allowEdit: true },
        openExternal: (url) => browser.openExternal(url),
      }),
    );
    await value('switchProfile', { id: 'bank' });
    await value('signIn');
    await value('saveProfile', { ...bank, clientId: 'another-client', clientSecret: '', apiKey: '' });
    expect(await value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'profile-changed' });
  });
});
