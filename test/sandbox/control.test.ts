import { describe, expect, it } from 'vitest';
import { rawRequest } from '../harness/raw-http.ts';
import { anna, bjorn, expectBankError, postTransfer } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';
import { exchangeCode, obtainCode, refreshTokens, signIn } from './oauth-dance.ts';

function control(url: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  return fetch(`${url}/__sandbox/${path}`, {
    method,
    // Every call that changes something says it is JSON, even without a body (see sandbox/control-api.ts).
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
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
    // An empty POST that says it is JSON, as `curl -X POST -H 'content-type: application/json'` sends it, resets too.
    expect(
      (await fetch(`${s.url}/__sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(204);
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

/** What a page in the tester's browser could send (issue 13, case 14). Over real HTTP, with the headers exactly so. */
describe('control endpoints refuse what another web page could send', () => {
  const sandbox = useSandbox({ control: true });
  const moved = (s: { clock: { now(): number } }) => s.clock.now() !== Date.parse('2026-11-22T12:00:00.000Z');

  it.each([
    ['a body-less POST (a cross-site form or no-cors fetch)', {}, undefined],
    ['a text/plain POST', { 'content-type': 'text/plain' }, '{"advanceSeconds":60}'],
    ['a form POST', { 'content-type': 'application/x-www-form-urlencoded' }, 'advanceSeconds=60'],
    ['a multipart POST', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
  ])('refuses %s with 415, changing nothing', async (_name, headers: Record<string, string>, body) => {
    const s = sandbox();
    s.faults.add({ route: 'token', kind: 'status500' });
    for (const path of ['/__sandbox/reset', '/__sandbox/clock', '/__sandbox/revoke', '/__sandbox/faults']) {
      const response = await rawRequest(s.url, path, { method: 'POST', headers, ...(body ? { body } : {}) });
      expect(response.status, path).toBe(415);
    }
    expect((await rawRequest(s.url, '/__sandbox/faults', { method: 'DELETE' })).status).toBe(415);
    expect(moved(s)).toBe(false);
    expect(s.faults.list()).toHaveLength(1);
  });

  it('refuses a JSON POST from another origin with 403', async () => {
    const s = sandbox();
    for (const origin of ['https://evil.example', 'null', `http://localhost:${new URL(s.url).port}`]) {
      const response = await rawRequest(s.url, '/__sandbox/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: '{"advanceSeconds":60}',
      });
      expect(response.status, origin).toBe(403);
    }
    expect(moved(s)).toBe(false);
  });

  it('refuses a rebound DNS name or another port in Host with 403, reads included', async () => {
    const s = sandbox();
    const port = new URL(s.url).port;
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      '127.0.0.1:1',
      '127.0.0.1',
      'a@127.0.0.1',
    ]) {
      for (const [method, path] of [
        ['GET', '/__sandbox/requests'],
        ['POST', '/__sandbox/reset'],
      ] as const) {
        const response = await rawRequest(s.url, path, {
          method,
          headers: { host, 'content-type': 'application/json', origin: `http://${host}` },
        });
        expect(response.status, `${method} ${path} Host ${host}`).toBe(403);
      }
    }
  });

  it('accepts its own origin, localhost, and calls without an Origin', async () => {
    const s = sandbox();
    const port = new URL(s.url).port;
    const clock = (headers: Record<string, string>) =>
      rawRequest(s.url, '/__sandbox/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body: '{"advanceSeconds":60}',
      });
    expect((await clock({})).status).toBe(200);
    expect((await clock({ origin: s.url })).status).toBe(200);
    expect((await clock({ host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await rawRequest(s.url, '/__sandbox/clock')).status).toBe(200);
    expect(s.clock.now()).toBe(Date.parse('2026-11-22T12:03:00.000Z'));
  });
});
