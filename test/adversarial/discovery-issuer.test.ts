import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoveryIssuerMatches, resolveEndpoints, WELL_KNOWN_PATH } from '../../main/auth/endpoints.ts';
import { WalletError } from '../../main/wallet-error.ts';
import { rejectionOf } from '../helpers/rejection.ts';
import { profileOf, startFakeBank, type FakeBank } from '../main/auth/fake-bank.ts';

/**
 * Issue 26, finding 8: a discovery document speaks only for the address it was read from (OpenID Connect Discovery
 * 1.0 §4.3). One that names another issuer (a copied document, a hijacked or mistyped address) is refused before the
 * browser opens, with DISCOVERY_FAILED's message: its endpoints would send the customer's sign-in elsewhere.
 */
let bank: FakeBank;
beforeEach(async () => {
  bank = await startFakeBank();
});
afterEach(() => bank.close());

const documentNaming = (issuer: string) => ({
  json: {
    issuer,
    authorization_endpoint: `${bank.url}/auth`,
    token_endpoint: `${bank.url}/token`,
    jwks_uri: `${bank.url}/jwks`,
  },
});

const resolve = () =>
  resolveEndpoints(profileOf(bank, { clientSecret: 's', discoveryUrl: `${bank.url}${WELL_KNOWN_PATH}` }));

describe('the issuer a discovery document names', () => {
  it('is accepted when it is the address it was read from (with or without the terminating slash)', async () => {
    for (const issuer of [bank.url, `${bank.url}/`]) {
      bank.answers.set(WELL_KNOWN_PATH, documentNaming(issuer));
      expect((await resolve()).issuer).toBe(issuer);
    }
  });

  it.each([
    ['another server', () => 'https://login.attacker.example'],
    ['the same host on another port', () => 'http://127.0.0.1:1'],
    ['a path below it', () => `${bank.url}/tenant`],
    ['the same host over https', () => bank.url.replace('http:', 'https:')],
    ['the same address in other letters', () => bank.url.replace('127.0.0.1', 'localhost')],
  ])('is refused when it names %s', async (_what, issuer) => {
    bank.answers.set(WELL_KNOWN_PATH, documentNaming(issuer()));
    const { code, message } = await rejectionOf(resolve(), WalletError);
    expect(code).toBe('DISCOVERY_FAILED');
    expect(message).toBe('The bank’s sign-in settings could not be read');
  });

  it('under a tenant path, is that path (the well-known path is appended to the issuer, §4.1)', () => {
    const url = `https://auth.bank.is/tenant/a${WELL_KNOWN_PATH}`;
    expect(discoveryIssuerMatches(url, 'https://auth.bank.is/tenant/a')).toBe(true);
    expect(discoveryIssuerMatches(url, 'https://auth.bank.is/tenant/b')).toBe(false);
    expect(discoveryIssuerMatches(url, 'https://auth.bank.is')).toBe(false);
    expect(discoveryIssuerMatches(`${url}?x=1`, 'https://evil.example')).toBe(false);
  });

  it('for any issuer but the document’s own address, is refused (a property over arbitrary issuers)', () => {
    const url = `https://auth.bank.is${WELL_KNOWN_PATH}`;
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (issuer) => {
        const own = issuer === 'https://auth.bank.is' || issuer === 'https://auth.bank.is/';
        expect(discoveryIssuerMatches(url, issuer)).toBe(own);
      }),
    );
  });

  it('read from an address of another form, must at least name the same origin', () => {
    expect(discoveryIssuerMatches('https://auth.bank.is/discovery', 'https://auth.bank.is/x')).toBe(true);
    expect(discoveryIssuerMatches('https://auth.bank.is/discovery', 'https://auth.bank.is.evil.example')).toBe(false);
    expect(discoveryIssuerMatches('https://auth.bank.is/discovery', 'not a url')).toBe(false);
  });
});
