import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '../../../common/profile.ts';
import { SessionService } from '../../../main/auth/session-service.ts';
import { checkCallback } from '../../../main/auth/token-client.ts';
import { TokenVault } from '../../../main/auth/token-vault.ts';
import { LOCAL_SANDBOX_APP } from '../../../main/profiles/local-sandbox.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { rejectionOf } from '../../helpers/rejection.ts';
import { scriptedBrowser } from './scripted-browser.ts';

/**
 * Issue 43: RFC 9207's `iss` in the authorization response, checked by oauth4webapi where the server sends it. A
 * callback naming another server than the bank's issuer (a mix-up: the customer was sent to another server, whose
 * code would go to this bank) is refused before any code is exchanged; where discovery says the bank always names
 * itself, a callback without `iss` is refused too.
 */
const BANK = 'https://auth.bank.is';
const profile = { clientId: 'wallet' };
const callback = (fields: Record<string, string>) => new URLSearchParams({ code: 'C', state: 'S', ...fields });
const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof WalletError ? error.code : String(error);
  }
  return 'accepted';
};

describe('the iss of a callback', () => {
  it('is accepted when it names the bank’s issuer, or is absent where the bank does not promise it', () => {
    expect(refusal(() => checkCallback({ issuer: BANK }, profile, callback({ iss: BANK }), 'S'))).toBe('accepted');
    expect(refusal(() => checkCallback({ issuer: BANK }, profile, callback({}), 'S'))).toBe('accepted');
  });

  it('is refused when it names another server', () => {
    const other = callback({ iss: 'https://login.attacker.example' });
    expect(refusal(() => checkCallback({ issuer: BANK }, profile, other, 'S'))).toBe('SIGN_IN_FAILED');
  });

  it('is required where discovery said the bank always sends it', () => {
    const promised = { issuer: BANK, issInCallback: true };
    expect(refusal(() => checkCallback(promised, profile, callback({}), 'S'))).toBe('SIGN_IN_FAILED');
    expect(refusal(() => checkCallback(promised, profile, callback({ iss: BANK }), 'S'))).toBe('accepted');
  });

  it('cannot be held to anything where the app knows no issuer (the bank’s documented paths)', () => {
    expect(refusal(() => checkCallback({}, profile, callback({ iss: 'https://anyone.example' }), 'S'))).toBe(
      'accepted',
    );
  });

  it('goes with the state: another sign-in’s state is refused here too', () => {
    expect(refusal(() => checkCallback({ issuer: BANK }, profile, callback({ state: 'T' }), 'S'))).toBe(
      'SIGN_IN_FAILED',
    );
  });
});

describe('a sign-in whose callback names another server', () => {
  let sandbox: Sandbox;
  let bank: Profile;
  beforeEach(async () => {
    sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z' });
    bank = ProfileSchema.parse({
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

  const signIn = (iss: string) => {
    const browser = scriptedBrowser('anna', { iss });
    const service = new SessionService({
      profiles: { get: () => bank },
      vault: new TokenVault(new MemoryStore(), undefined),
      clock: sandbox.clock,
      openExternal: (url) => browser.openExternal(url),
      locale: () => 'en',
      appName: 'A2A Wallet',
    });
    return { browser, signingIn: service.signIn('local-sandbox') };
  };
  const tokenRequests = () => sandbox.requests().filter((entry) => entry.path.startsWith('/as/token')).length;

  it('is refused, its code never sent to the bank, and the tab says sign-in did not finish', async () => {
    const { browser, signingIn } = signIn('https://login.attacker.example');
    expect((await rejectionOf(signingIn, WalletError)).code).toBe('SIGN_IN_FAILED');
    await browser.idle();
    expect(tokenRequests()).toBe(0);
    expect(browser.callbackPages[0]).not.toContain('Sign-in is complete');
  });

  it('signs in when the callback names the bank itself', async () => {
    const { signingIn } = signIn(sandbox.url);
    expect(await signingIn).toMatchObject({ signedIn: true });
    expect(tokenRequests()).toBe(1);
  });
});
