import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { newSignInSecrets } from '../../../main/auth/pkce.ts';

/** RFC 7636: the app's S256 challenge is the library's, for the RFC's own example and for the verifiers it makes. */
describe('PKCE (S256)', () => {
  it('gives RFC 7636 Appendix B’s challenge for its verifier, as the library does', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(await calculatePKCECodeChallenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a fresh verifier, state and nonce of 256 bits each sign-in, and the challenge the library computes', async () => {
    const first = newSignInSecrets();
    const second = newSignInSecrets();
    for (const secrets of [first, second]) {
      // 43 to 128 characters of the unreserved set (RFC 7636 4.1).
      expect(secrets.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secrets.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secrets.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(secrets.codeChallenge).toBe(await calculatePKCECodeChallenge(secrets.codeVerifier));
    }
    expect(
      new Set([first.codeVerifier, second.codeVerifier, first.state, second.state, first.nonce, second.nonce]).size,
    ).toBe(6);
  });
});
