import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';
import { anna, bjorn, expectBankError, postTransfer, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';
import { signIn } from './oauth-dance.ts';

const DAY = 24 * 60 * 60;

describe('X-Request-ID: 24 hours of idempotency per application', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 3 * DAY });

  it('replays within the window: 201, the original Location, nothing processed again', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const first = await postTransfer(s.url, { token, requestId: 'Pay1' });
    expect(first.status).toBe(201);
    const location = first.headers.get('location');
    expect(location).toMatch(/^\/Payments\/Initiations\/v1\/CreditTransfers\/[0-9a-f-]{36}$/);
    expect(await first.text()).toBe('');

    s.clock.advanceSeconds(DAY - 1);
    const replay = await postTransfer(s.url, { token, requestId: 'Pay1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('location')).toBe(location);
    expect(s.initiations()).toHaveLength(1);
    expect(s.balance(anna.primary)).toBe(1_500_000 - 1000);
    expect(s.balance(bjorn.primary)).toBe(800_000 + 1000);
  });

  it('processes afresh once the 24 hours are over', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const first = await postTransfer(s.url, { token, requestId: 'Pay1' });
    s.clock.advanceSeconds(DAY + 1);
    const again = await postTransfer(s.url, { token, requestId: 'Pay1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).not.toBe(first.headers.get('location'));
    expect(s.initiations()).toHaveLength(2);
    expect(s.balance(anna.primary)).toBe(1_500_000 - 2000);
  });

  it('counts exactly 24 hours as over', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await postTransfer(s.url, { token, requestId: 'Edge24' });
    s.clock.advanceSeconds(DAY);
    expect((await postTransfer(s.url, { token, requestId: 'Edge24' })).status).toBe(201);
    expect(s.initiations()).toHaveLength(2);
  });

  it('replays before reading the body: a repeated request is not judged again', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const first = await postTransfer(s.url, { token, requestId: 'Pay2' });
    const replay = await postTransfer(s.url, { token, requestId: 'Pay2', body: 'not json at all' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('location')).toBe(first.headers.get('location'));
  });

  it('lets a request id whose earlier attempt was rejected be used again', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await expectBankError(
      await postTransfer(s.url, { token, requestId: 'Retry1', body: transferBody({ amount: 0 }) }),
      'ZeroOrNegativeAmount',
    );
    const second = await postTransfer(s.url, { token, requestId: 'Retry1' });
    expect(second.status).toBe(201);
    expect(s.initiations()).toHaveLength(1);
  });

  it('still checks the token before replaying', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    expect((await postTransfer(s.url, { token, requestId: 'Pay3' })).status).toBe(201);
    await expectBankError(await postTransfer(s.url, { token: null, requestId: 'Pay3' }), 'Unauthorized');
  });

  it('is per application, not per user: another user of the same application gets the replay', async () => {
    const s = sandbox();
    const first = await postTransfer(s.url, { token: await tokenFor(s, 'anna'), requestId: 'Shared' });
    const bjornsTry = await postTransfer(s.url, {
      token: await tokenFor(s, 'bjorn'),
      requestId: 'Shared',
      body: transferBody({ owner: bjorn.kennitala, debtor: bjorn.primary, payee: anna.primary }),
    });
    expect(bjornsTry.headers.get('location')).toBe(first.headers.get('location'));
    expect(s.initiations()).toHaveLength(1);
  });
});

describe('X-Request-ID across applications', () => {
  it('does not replay another application’s request id', async () => {
    const s = await startSandbox({
      clients: [{ clientId: 'other', clientSecret: 'other-secret', apiKey: 'other-key' }],
    });
    try {
      const mine = await signIn(s.url);
      const theirs = await signIn(s.url, { clientId: 'other', clientSecret: 'other-secret' });
      const first = await postTransfer(s.url, { token: mine.access_token, requestId: 'Same1' });
      const second = await postTransfer(s.url, { token: theirs.access_token, apiKey: 'other-key', requestId: 'Same1' });
      expect(second.status).toBe(201);
      expect(second.headers.get('location')).not.toBe(first.headers.get('location'));
      expect(s.initiations().map((record) => record.clientId)).toEqual(['wallet-local', 'other']);
    } finally {
      await s.stop();
    }
  });

  it('accepts 1 and 35 alphanumeric characters, and nothing else', async () => {
    const s = await startSandbox();
    try {
      const token = (await signIn(s.url)).access_token;
      expect((await postTransfer(s.url, { token, requestId: 'a' })).status).toBe(201);
      expect((await postTransfer(s.url, { token, requestId: 'Z9'.repeat(17) + 'x' })).status).toBe(201);
      for (const bad of ['', 'x'.repeat(36), 'abc_def', 'ábc', 'a b']) {
        await expectBankError(await postTransfer(s.url, { token, requestId: bad }), 'InvalidRequestHeader');
      }
    } finally {
      await s.stop();
    }
  });
});
