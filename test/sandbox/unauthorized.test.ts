import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';
import { expectBankError, getTransfer, postTransfer, TRANSFERS, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

describe('401 Unauthorized, every way', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 300 });

  it('refuses a missing or unknown apikey, a missing or forged token, and another application key', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const otherSandbox = await startSandbox();
    try {
      const foreignToken = await tokenFor(otherSandbox, 'anna');
      const cases = [
        { token, apiKey: null },
        { token, apiKey: 'not-a-key' },
        { token: null },
        { token: 'not.a.jwt' },
        { token: `${token.slice(0, -4)}AAAA` },
        { token: foreignToken },
      ];
      for (const call of cases) {
        await expectBankError(await postTransfer(s.url, call), 'Unauthorized');
        await expectBankError(await getTransfer(s.url, 'x', call), 'Unauthorized');
      }
      const basic = await fetch(`${s.url}${TRANSFERS}`, {
        method: 'POST',
        headers: { apikey: 'wallet-local-apikey', authorization: `Basic ${token}`, 'x-request-id': 'abc' },
        body: JSON.stringify(transferBody()),
      });
      await expectBankError(basic, 'Unauthorized');
    } finally {
      await otherSandbox.stop();
    }
  });

  it('refuses a token with another registered application’s apikey', async () => {
    const s = await startSandbox({
      clients: [{ clientId: 'other', clientSecret: 'other-secret', apiKey: 'other-apikey' }],
    });
    try {
      const token = await tokenFor(s, 'anna');
      await expectBankError(await postTransfer(s.url, { token, apiKey: 'other-apikey' }), 'Unauthorized');
      expect((await postTransfer(s.url, { token })).status).toBe(201);
    } finally {
      await s.stop();
    }
  });

  it('refuses an expired token: valid one second before its expiry, refused at it', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.clock.advanceSeconds(299);
    expect((await postTransfer(s.url, { token })).status).toBe(201);
    s.clock.advanceSeconds(1);
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, 'x', { token }), 'Unauthorized');
  });

  it('refuses a token whose grant the customer revoked', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const created = await postTransfer(s.url, { token });
    expect(created.status).toBe(201);
    expect(s.revoke('anna')).toBe(1);
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, created.headers.get('location') ?? '', { token }), 'Unauthorized');
  });

  it('refuses a token without the payments scope', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna', { scope: 'profile openid customer accounts' });
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, 'x', { token }), 'Unauthorized');
  });

  it('says so in WWW-Authenticate', async () => {
    const response = await postTransfer(sandbox().url, { token: null });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });
});
