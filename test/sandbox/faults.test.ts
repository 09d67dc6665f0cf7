import { describe, expect, it, vi } from 'vitest';
import { anna, expectBankError, getTransfer, postTransfer } from './bank-client.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { tokenFor, useSandbox } from './fixture.ts';
import { exchangeCode, obtainCode, refreshTokens, signIn } from './oauth-dance.ts';

describe('faults', () => {
  const sandbox = useSandbox();

  it('status500 answers InternalServerError for `count` requests, processing nothing', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.faults.add({ route: 'payments.create', kind: 'status500', count: 2 });
    await expectBankError(await postTransfer(s.url, { token, requestId: 'F500' }), 'InternalServerError');
    await expectBankError(await postTransfer(s.url, { token, requestId: 'F500' }), 'InternalServerError');
    expect(s.initiations()).toEqual([]);
    expect(s.balance(anna.primary)).toBe(1_500_000);
    expect((await postTransfer(s.url, { token, requestId: 'F500' })).status).toBe(201);
    expect(s.faults.list()).toEqual([]);
  });

  it('delay holds the answer back for delayMs of real time, then answers normally', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 150 });
    const started = performance.now();
    const response = await postTransfer(s.url, { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(201);
  });

  it('release ends the delays under way: a held answer goes when the test says, processed once', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    expect(s.faults.release()).toBe(0);
    s.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000, count: 2 });
    const first = postTransfer(s.url, { token, requestId: 'Held1' });
    const second = postTransfer(s.url, { token, requestId: 'Held2' });
    await vi.waitFor(() => expect(s.faults.delaying).toBe(2));
    // Held: nothing is processed until the delay ends.
    expect(s.initiations()).toEqual([]);
    expect(s.faults.release()).toBe(2);
    expect((await first).status).toBe(201);
    expect((await second).status).toBe(201);
    expect(s.initiations()).toHaveLength(2);
    expect(s.faults.delaying).toBe(0);
    expect(s.faults.release()).toBe(0);
  });

  it('a reset drops the requests a delay holds: none is done in the new start', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000 });
    const held = postTransfer(s.url, { token, requestId: 'Before' });
    await vi.waitFor(() => expect(s.faults.delaying).toBe(1));
    s.reset();
    await expect(held).rejects.toThrow();
    expect(s.faults.delaying).toBe(0);
    expect(s.initiations()).toEqual([]);
    expect(s.requests()).toEqual([]);
  });

  it('stopping drops the requests a delay holds, rather than waiting them out', async () => {
    const own = await startSandbox({ now: '2026-11-22T12:00:00.000Z' });
    const token = await tokenFor(own, 'anna');
    own.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000 });
    const held = postTransfer(own.url, { token, requestId: 'AtStop' });
    await vi.waitFor(() => expect(own.faults.delaying).toBe(1));
    await own.stop();
    await expect(held).rejects.toThrow();
    // Nothing left waiting to run after the sandbox is gone.
    expect(own.faults.delaying).toBe(0);
    expect(own.initiations()).toEqual([]);
  });

  it('dropBeforeProcessing destroys the connection and commits nothing', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
    await expect(postTransfer(s.url, { token, requestId: 'Drop1' })).rejects.toThrow();
    expect(s.initiations()).toEqual([]);
    expect(s.balance(anna.primary)).toBe(1_500_000);
    const retry = await postTransfer(s.url, { token, requestId: 'Drop1' });
    expect(retry.status).toBe(201);
    expect(s.initiations()).toHaveLength(1);
  });

  it('dropAfterProcessing commits the payment, then destroys the connection; the retry replays it', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    await expect(postTransfer(s.url, { token, requestId: 'Drop2' })).rejects.toThrow();
    const [committed] = s.initiations();
    expect(committed?.requestId).toBe('Drop2');
    expect(s.balance(anna.primary)).toBe(1_500_000 - 1000);
    const retry = await postTransfer(s.url, { token, requestId: 'Drop2' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('location')).toBe(committed?.location);
    expect(s.initiations()).toHaveLength(1);
    expect(s.balance(anna.primary)).toBe(1_500_000 - 1000);
    expect(s.requests().map((entry) => entry.status)).toContain(null);
  });

  it('hit payments.get', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const location = (await postTransfer(s.url, { token })).headers.get('location') ?? '';
    s.faults.add({ route: 'payments.get', kind: 'status500' });
    s.faults.add({ route: 'payments.get', kind: 'dropBeforeProcessing' });
    await expectBankError(await getTransfer(s.url, location, { token }), 'InternalServerError');
    await expect(getTransfer(s.url, location, { token })).rejects.toThrow();
    expect((await getTransfer(s.url, location, { token })).status).toBe(200);
  });

  it('hit the token endpoint: a 500 leaves the code usable', async () => {
    const s = sandbox();
    const code = await obtainCode(s.url);
    s.faults.add({ route: 'token', kind: 'status500' });
    const failed = await exchangeCode(s.url, code);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: 'server_error' });
    expect((await exchangeCode(s.url, code)).status).toBe(200);
  });

  it('hit the token endpoint: a refresh dropped after processing has rotated the refresh token', async () => {
    const s = sandbox();
    const set = await signIn(s.url);
    s.faults.add({ route: 'token', kind: 'dropAfterProcessing' });
    await expect(refreshTokens(s.url, set.refresh_token)).rejects.toThrow();
    expect((await refreshTokens(s.url, set.refresh_token)).status).toBe(400);
  });

  it('leave other routes alone', async () => {
    const s = sandbox();
    s.faults.add({ route: 'payments.get', kind: 'status500' });
    const token = await tokenFor(s, 'anna');
    expect((await postTransfer(s.url, { token })).status).toBe(201);
    expect(s.faults.list()).toHaveLength(1);
  });
});
