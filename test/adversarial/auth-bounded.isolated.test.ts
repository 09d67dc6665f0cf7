import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../common/profile.ts';
import { resolveEndpoints } from '../../main/auth/endpoints.ts';
import { identify } from '../../main/auth/identity.ts';
import { exchangeCode, refreshTokens } from '../../main/auth/token-client.ts';
import { MAX_RESPONSE_BYTES } from '../../main/net/http-limits.ts';
import { WalletError } from '../../main/wallet-error.ts';
import { useChromiumNetwork } from '../../main/net/network.ts';
import { rejectionOf } from '../helpers/rejection.ts';
import { electronFetchModel } from '../main/net/electron-fetch-model.ts';
import { profileOf, startFakeBank, type FakeBank } from '../main/auth/fake-bank.ts';

/**
 * Case 8 of issue 13, the sign-in side: the token endpoint, discovery, JWKS and userinfo each have a total deadline
 * (injected short here; the bank drips a byte every 50 ms for ever) and a 1 MiB answer limit (the bank sends 2 MiB).
 */
const DEADLINE_MS = 300;
const bounds = { deadlineMs: DEADLINE_MS };
let bank: FakeBank;
let profile: Profile;
beforeEach(async () => {
  bank = await startFakeBank();
  profile = profileOf(bank, { clientSecret: 'secret', discoveryUrl: `${bank.url}/discovery` });
});
afterEach(() => bank.close());

/**
 * The call's refusal code. A drip never ends by itself: only the deadline can end the call, so that it ends at all is
 * the check (were the deadline broken, the test would hang until vitest's own timeout), and it must not have ended
 * before the deadline for another reason. No upper bound on the elapsed time: on a loaded machine that would measure
 * the machine, not the code's promise.
 */
async function cutOff(call: () => Promise<unknown>, answer: 'drip' | 'flood'): Promise<string> {
  const started = performance.now();
  const { code } = await rejectionOf(call(), WalletError);
  if (answer === 'drip') expect(performance.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 1);
  return code;
}

const exchange = () =>
  exchangeCode(
    `${bank.url}/token`,
    profile,
    { code: 'c', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v' },
    bounds,
  );
const endpoints = () => ({ authorization: `${bank.url}/a`, token: `${bank.url}/token`, jwks: `${bank.url}/jwks` });
const tokens = (idToken: string) => ({ access_token: 'a', token_type: 'Bearer', expires_in: 60, id_token: idToken });

// Every case over both stacks: Node's own (tests, the harness), and Electron's session.fetch as the packaged app's,
// modelled as it behaves (test/main/net/electron-fetch-model.ts).
describe.each([
  { stack: 'Node', through: undefined },
  { stack: 'Electron (session.fetch, modelled)', through: electronFetchModel().fetch },
])('over $stack', ({ through }) => {
  beforeAll(() => useChromiumNetwork(through));
  afterAll(() => useChromiumNetwork(undefined));

  describe.each(['drip', 'flood'] as const)('a bank that answers with a %s', (answer) => {
    it('at the token endpoint: the code exchange and the refresh give up', async () => {
      bank.answers.set('/token', answer);
      expect(await cutOff(exchange, answer)).toBe('BANK_UNREACHABLE');
      expect(await cutOff(() => refreshTokens(`${bank.url}/token`, profile, 'r', bounds), answer)).toBe(
        'BANK_UNREACHABLE',
      );
    });

    it('at discovery: sign-in stops before the browser opens', async () => {
      bank.answers.set('/discovery', answer);
      expect(await cutOff(() => resolveEndpoints(profile, bounds), answer)).toBe('DISCOVERY_FAILED');
    });

    it('at the JWKS: the id_token is not accepted', async () => {
      bank.answers.set('/jwks', answer);
      const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', nonce: 'n', kennitala: '1203852089' });
      const identifying = () => identify(profile, endpoints(), tokens(idToken), 'n', Date.now(), bounds);
      expect(await cutOff(identifying, answer)).toBe('ID_TOKEN_INVALID');
    });

    it('at userinfo: sign-in stops', async () => {
      bank.answers.set('/userinfo', answer);
      const idToken = await bank.sign({ aud: 'wallet', sub: 'anna', nonce: 'n' });
      const withUserinfo = { ...endpoints(), userinfo: `${bank.url}/userinfo` };
      const identifying = () => identify(profile, withUserinfo, tokens(idToken), 'n', Date.now(), bounds);
      expect(await cutOff(identifying, answer)).toBe('USERINFO_FAILED');
    });
  });

  describe('a 2 MiB answer, and a tricky discovery document', () => {
    it('is refused without being read to its end', async () => {
      // 256 MiB offered, no deadline injected: only the size cap stops the clients, and they hang up early.
      const huge = 256 * 1024 * 1024;
      bank.answers.set('/discovery', { flood: huge });
      await rejectionOf(resolveEndpoints(profile), WalletError);
      bank.answers.set('/token', { flood: huge });
      const request = { code: 'c', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v' };
      await rejectionOf(exchangeCode(`${bank.url}/token`, profile, request), WalletError);
      // What was written beyond the cap sat in the loopback's socket buffers, never in the app.
      expect(bank.flooded()).toBeLessThan(2 * (MAX_RESPONSE_BYTES + 16 * 1024 * 1024));
    });

    it('a discovery document whose endpoints hide another host is refused', async () => {
      bank.answers.set('/discovery', { json: { issuer: bank.url, token_endpoint: 'https://a@evil.example/token' } });
      expect((await rejectionOf(resolveEndpoints(profile), WalletError)).code).toBe('DISCOVERY_FAILED');
    });
  });
});
