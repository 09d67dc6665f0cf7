import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '../../../common/profile.ts';
import { SessionService } from '../../../main/auth/session-service.ts';
import { TokenVault } from '../../../main/auth/token-vault.ts';
import { LOCAL_SANDBOX_APP } from '../../../main/profiles/local-sandbox.ts';
import { openSecretBox } from '../../../main/secrets/key-protector.ts';
import { JsonFileStore } from '../../../main/storage/json-file-store.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { memoryKeychain } from '../../helpers/memory-keychain.ts';
import { scriptedBrowser } from './scripted-browser.ts';

/**
 * SessionService.knownCustomer: whose history a profile shows. The signed-in customer; still them after the grant
 * ended, was withdrawn or expired (sealed in the vault, so across a restart too); nobody after an explicit sign-out
 * or a changed profile.
 */
const ANNA = { kennitala: '1203852089', name: 'Anna Jónsdóttir' };
const BJORN = { kennitala: '0507922189', name: 'Björn Sigurðsson' };
let sandbox: Sandbox;
let profile: Profile;
let dir: string;
const keychain = memoryKeychain();

beforeEach(async () => {
  sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z', accessTokenTtlSeconds: 600 });
  profile = ProfileSchema.parse({
    id: 'local-sandbox',
    name: 'Local sandbox',
    environment: 'local-sandbox',
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    ...LOCAL_SANDBOX_APP,
  });
  dir = mkdtempSync(join(tmpdir(), 'a2a-known-'));
});
afterEach(async () => {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The app, started (again) over the same data folder and keychain. */
async function start(username = 'anna'): Promise<SessionService> {
  const store = new JsonFileStore(join(dir, 'settings.json'));
  const browser = scriptedBrowser(username);
  return new SessionService({
    profiles: { get: () => profile },
    vault: new TokenVault(store, await openSecretBox(store, keychain, false)),
    clock: sandbox.clock,
    openExternal: (url) => browser.openExternal(url),
    locale: () => 'en',
    appName: 'A2A Wallet',
  });
}

describe('the known customer', () => {
  it('is nobody before any sign-in, the customer while signed in, and whoever signed in last', async () => {
    expect((await start()).knownCustomer('local-sandbox')).toBeUndefined();
    const app = await start();
    await app.signIn('local-sandbox');
    expect(app.knownCustomer('local-sandbox')).toEqual(ANNA);
    const again = await start('bjorn');
    await again.signIn('local-sandbox');
    expect(again.knownCustomer('local-sandbox')).toEqual(BJORN);
  });

  it('stays known when access is withdrawn at the bank, across a restart, with the reason', async () => {
    const app = await start();
    await app.signIn('local-sandbox');
    sandbox.revoke('anna');
    expect(await app.refreshAfterUnauthorized('local-sandbox')).toBe(false);
    expect(app.knownCustomer('local-sandbox')).toEqual(ANNA);
    const restarted = await start();
    expect(restarted.status('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'revoked' });
    expect(restarted.knownCustomer('local-sandbox')).toEqual(ANNA);
  });

  it('stays known when the 90 days are over, and after a restart', async () => {
    const app = await start();
    const { grantEnd = 0 } = await app.signIn('local-sandbox');
    sandbox.clock.set(grantEnd);
    expect(app.status('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'grant-ended' });
    expect((await start()).knownCustomer('local-sandbox')).toEqual(ANNA);
  });

  it('is forgotten on an explicit sign-out, across a restart', async () => {
    const app = await start();
    await app.signIn('local-sandbox');
    sandbox.revoke('anna');
    await app.refreshAfterUnauthorized('local-sandbox');
    app.signOut('local-sandbox');
    expect(app.knownCustomer('local-sandbox')).toBeUndefined();
    const restarted = await start();
    expect(restarted.knownCustomer('local-sandbox')).toBeUndefined();
    expect(restarted.status('local-sandbox')).toMatchObject({ signedOutReason: 'signed-out' });
  });

  it('stays known when wrong passcodes end the sign-in (the app stays locked), across a restart', async () => {
    const app = await start();
    await app.signIn('local-sandbox');
    app.endAll(['local-sandbox'], 'passcode');
    expect(app.status('local-sandbox')).toMatchObject({ signedIn: false, signedOutReason: 'passcode' });
    expect((await start()).knownCustomer('local-sandbox')).toEqual(ANNA);
  });

  it('is forgotten with a forgotten passcode, across a restart, also where no sign-in was left to end (issue 26)', async () => {
    for (const before of ['signed-in', 'grant-ended', 'wrong passcodes'] as const) {
      const app = await start();
      const { grantEnd = 0 } = await app.signIn('local-sandbox');
      if (before === 'grant-ended') sandbox.clock.set(grantEnd);
      if (before === 'wrong passcodes') app.endAll(['local-sandbox'], 'passcode');
      expect(app.knownCustomer('local-sandbox'), before).toEqual(ANNA);
      app.endAll(['local-sandbox', 'unknown-profile'], 'passcode-forgotten');
      expect(app.knownCustomer('local-sandbox'), before).toBeUndefined();
      const restarted = await start();
      expect(restarted.knownCustomer('local-sandbox'), before).toBeUndefined();
      expect(restarted.status('local-sandbox'), before).toMatchObject({ signedOutReason: 'passcode-forgotten' });
      // Only the bank brings a customer back: the same one, or another.
      await restarted.signIn('local-sandbox');
      expect(restarted.knownCustomer('local-sandbox'), before).toEqual(ANNA);
      sandbox.clock.set('2026-11-22T12:00:00.000Z');
    }
  });

  it('is forgotten when the profile is repointed, or removed', async () => {
    const app = await start();
    await app.signIn('local-sandbox');
    profile = { ...profile, clientId: 'someone-else' };
    expect(app.knownCustomer('local-sandbox')).toBeUndefined();
    expect(app.status('local-sandbox')).toMatchObject({ signedOutReason: 'profile-changed' });
    profile = { ...profile, clientId: LOCAL_SANDBOX_APP.clientId };
    await app.signIn('local-sandbox');
    app.forget('local-sandbox');
    expect((await start()).knownCustomer('local-sandbox')).toBeUndefined();
  });
});
