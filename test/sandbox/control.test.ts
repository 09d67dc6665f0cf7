import { describe, expect, it } from 'vitest';
import { anna, bjorn, expectBankError, postTransfer } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';
import { exchangeCode, obtainCode, refreshTokens, signIn } from './oauth-dance.ts';

function control(url: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  return fetch(`${url}/__sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('control endpoints without --control', () => {
  const sandbox = useSandbox();

  it('are the generic 404, every one of them', async () => {
    const s = sandbox();
    for (const [path, body] of [
      ['clock', { advanceSeconds: 1 }],
      ['faults', { route: 'token', kind: 'status500' }],
      ['revoke', { username: 'anna' }],
      ['reset', {}],
      ['initiations', undefined],
      ['requests', undefined],
    ] as const) {
      await expectBankError(await control(s.url, path, body), 'NotFound');
    }
    expect(s.clock.now()).toBe(Date.parse('2026-11-22T12:00:00.000Z'));
    expect(s.faults.list()).toEqual([]);
  });
});

describe('control endpoints with --control', () => {
  const sandbox = useSandbox({ control: true });

  it('set and advance the clock', async () => {
    const s = sandbox();
    expect(await (await control(s.url, 'clock', { advanceSeconds: 90 })).json()).toEqual({
      now: '2026-11-22T12:01:30.000Z',
    });
    expect(await (await control(s.url, 'clock', { now: '2027-01-01T00:00:00Z' })).json()).toEqual({
      now: '2027-01-01T00:00:00.000Z',
    });
    expect(s.clock.now()).toBe(Date.parse('2027-01-01T00:00:00Z'));
    expect(await (await control(s.url, 'clock')).json()).toEqual({ now: '2027-01-01T00:00:00.000Z' });
    for (const bad of [
      {},
      { advanceSeconds: '5' },
      { now: 'tomorrow' },
      { advanceSeconds: 1, now: '2027-01-01T00:00:00Z' },
    ]) {
      expect((await control(s.url, 'clock', bad)).status).toBe(400);
    }
    expect(
      (
        await fetch(`${s.url}/__sandbox/clock`, {
          method: 'POST',
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('queue faults, list and clear them', async () => {
    const s = sandbox();
    const added = await control(s.url, 'faults', { route: 'payments.create', kind: 'status500', count: 2 });
    expect(added.status).toBe(201);
    expect(await (await control(s.url, 'faults')).json()).toEqual([
      { route: 'payments.create', kind: 'status500', count: 2, delayMs: 0 },
    ]);
    const token = await tokenFor(s, 'anna');
    await expectBankError(await postTransfer(s.url, { token }), 'InternalServerError');
    expect((await control(s.url, 'faults', { route: 'payments.get', kind: 'explode' })).status).toBe(400);
    expect((await control(s.url, 'faults', undefined, 'DELETE')).status).toBe(204);
    expect((await postTransfer(s.url, { token })).status).toBe(201);
  });

  it('revoke a customer’s grants', async () => {
    const s = sandbox();
    const set = await signIn(s.url);
    const response = await control(s.url, 'revoke', { username: 'anna' });
    expect(await response.json()).toEqual({ revokedGrants: 1 });
    await expectBankError(await postTransfer(s.url, { token: set.access_token }), 'Unauthorized');
    expect((await refreshTokens(s.url, set.refresh_token)).status).toBe(400);
    expect((await control(s.url, 'revoke', { username: 'nobody' })).status).toBe(404);
  });

  it('reset balances, initiations, request ids and grants', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    expect((await postTransfer(s.url, { token, requestId: 'Once' })).status).toBe(201);
    expect((await control(s.url, 'initiations')).status).toBe(200);
    expect((await control(s.url, 'reset', {})).status).toBe(204);
    expect(await (await control(s.url, 'initiations')).json()).toEqual([]);
    expect(s.balance(anna.primary)).toBe(1_500_000);
    expect(s.balance(bjorn.primary)).toBe(800_000);
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    const fresh = await tokenFor(s, 'anna');
    const again = await postTransfer(s.url, { token: fresh, requestId: 'Once' });
    expect(again.status).toBe(201);
    expect(s.initiations()).toHaveLength(1);
    // An empty POST, as `curl -X POST` sends it, resets too.
    expect((await fetch(`${s.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
  });

  it('list the initiations with who made them', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const location = (await postTransfer(s.url, { token, requestId: 'Listed1' })).headers.get('location');
    const list = (await (await control(s.url, 'initiations')).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ username: 'anna', clientId: 'wallet-local', requestId: 'Listed1', location });
    expect(list[0]?.initiation).toMatchObject({ status: 'ACCC', amount: { amount: 1000, currency: 'ISK' } });
  });

  it('log the requests without a secret: no token, code, client secret, password or query', async () => {
    const s = sandbox();
    const code = await obtainCode(s.url, { state: 'state-secret-7' });
    const set = (await (await exchangeCode(s.url, code)).json()) as { access_token: string; refresh_token: string };
    await refreshTokens(s.url, set.refresh_token);
    await postTransfer(s.url, { token: set.access_token, requestId: 'Logged1' });
    const log = (await (await control(s.url, 'requests')).json()) as Record<string, unknown>[];
    expect(log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      'GET /as/authorization.oauth2 200',
      'POST /as/login 200',
      'POST /as/consent 302',
      'POST /as/token.oauth2 200',
      'POST /as/token.oauth2 200',
      'POST /Payments/Initiations/v1/CreditTransfers 201',
    ]);
    expect(log.at(-1)).toEqual({
      at: '2026-11-22T12:00:00.000Z',
      method: 'POST',
      path: '/Payments/Initiations/v1/CreditTransfers',
      status: 201,
      requestId: 'Logged1',
    });
    const text = JSON.stringify(log);
    for (const secret of [
      set.access_token,
      set.refresh_token,
      code,
      'wallet-local-secret',
      'wallet-local-apikey',
      'sandbox',
      'state-secret-7',
      'Bearer',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(s.requests()).toEqual(log);
  });
});
