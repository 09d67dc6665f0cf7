import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallSummary } from '../../../common/bank-calls.ts';
import { ProfileSchema } from '../../../common/profile.ts';
import { newRequestId } from '../../../common/request-id.ts';
import { createBankClient } from '../../../main/bank/bank-client.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import {
  CUSTOMERS,
  draftFrom,
  inProcessWallet,
  NOON,
  sandboxProfile,
  type InProcessWallet,
  type InProcessWalletOptions,
} from '../../support/in-process-wallet.ts';
import { localApp, signIn } from '../../sandbox/oauth-dance.ts';
import { witnessProxy, type WireExchange } from './witness-proxy.ts';

/**
 * A tester's window on the bank (issue 30) through the real core: the calls it lists are checked against a witness
 * on the wire (a proxy between the app and the sandbox bank that keeps every byte), so "every call once, with its id
 * and status" and "no secret" are measured against what really went over, tokens and codes included.
 */
let sandbox: Sandbox;
let proxy: Awaited<ReturnType<typeof witnessProxy>>;
const open: InProcessWallet[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
  proxy = await witnessProxy(sandbox.url);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((core) => core.close()));
  sandbox.reset();
  sandbox.clock.set(NOON);
  proxy.seen.length = 0;
});
afterAll(async () => {
  await proxy.stop();
  await sandbox.stop();
});

/** A core with a bank-sandbox profile whose bank is the sandbox behind the witness, signed in as `as`. */
async function behindWitness(as: 'anna' | 'bjorn' = 'anna', options: InProcessWalletOptions = {}) {
  const core = await inProcessWallet({ sandbox, platform: { shipped: { profiles: [], allowEdit: true } }, ...options });
  open.push(core);
  await core.value('saveProfile', sandboxProfile(sandbox, { baseUrl: proxy.url, authUrl: proxy.url }));
  await core.value('switchProfile', { id: 'my-sandbox' });
  core.as(as);
  await core.value('signIn');
  return core;
}

async function pay(core: InProcessWallet, amount = 1500) {
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
  return core.value('submitPayment', { id });
}

const listed = async (core: InProcessWallet): Promise<CallSummary[]> =>
  (await core.value('listCalls', {})).groups.flatMap((group) => group.calls);

/** What the customer's browser asked of the bank (the sign-in pages), not the app. */
const BROWSER_PATHS = /^\/as\/(authorization\.oauth2|login|consent)/;
const appCalls = (seen: WireExchange[]) => seen.filter((exchange) => !BROWSER_PATHS.test(exchange.path));
const key = (method: string, path: string, requestId: unknown, status: number | undefined) =>
  `${method} ${path.split('?')[0] ?? ''} ${typeof requestId === 'string' ? requestId : '-'} ${status ?? 'none'}`;

/** Every secret of the run the witness saw: tokens, codes, the verifier, the client secret and the API key. */
function secretsOnTheWire(seen: WireExchange[]): string[] {
  const found = new Set<string>();
  for (const exchange of seen) {
    const auth = exchange.requestHeaders.authorization;
    if (auth?.startsWith('Bearer ')) found.add(auth.slice('Bearer '.length));
    if (auth?.startsWith('Basic ')) found.add(auth.slice('Basic '.length));
    const apiKey = exchange.requestHeaders['apikey'];
    if (typeof apiKey === 'string') found.add(apiKey);
    const form = new URLSearchParams(exchange.requestBody);
    for (const field of ['code', 'code_verifier', 'client_secret', 'refresh_token']) {
      const value = form.get(field);
      if (value) found.add(value);
    }
    if (exchange.path.startsWith('/as/token') && exchange.responseBody) {
      const answer = JSON.parse(exchange.responseBody) as Record<string, unknown>;
      for (const field of ['access_token', 'refresh_token', 'id_token']) {
        if (typeof answer[field] === 'string') found.add(answer[field]);
      }
    }
  }
  return [...found];
}

/** The customers' numbers, as they are written anywhere: kennitölur and account numbers, with and without dashes. */
const NUMBERS = Object.values(CUSTOMERS).flatMap(({ kennitala, account }) => [
  kennitala,
  `${kennitala.slice(0, 6)}-${kennitala.slice(6)}`,
  account,
  account.replaceAll('-', ''),
]);

function expectNoneIn(text: string, needles: string[]) {
  const found = needles.filter((needle) => text.includes(needle));
  expect(found).toEqual([]);
}

describe('the call list', () => {
  it('lists every call of a sign-in and a payment once, with its request id and status, as the wire saw them', async () => {
    const core = await behindWitness();
    const paid = await pay(core);
    expect(paid.state).toBe('settled');
    const calls = await listed(core);
    const wire = appCalls(proxy.seen);
    // The token exchange, the payment's POST and the GET of its status at least.
    expect(wire.length).toBeGreaterThanOrEqual(3);
    expect(calls.map((call) => key(call.method, call.path, call.requestId, call.status)).sort()).toEqual(
      wire.map((seen) => key(seen.method, seen.path, seen.requestHeaders['x-request-id'], seen.status)).sort(),
    );
    const post = calls.find((call) => call.method === 'POST' && call.service === 'bank');
    expect(post).toMatchObject({ status: 201, paymentId: paid.id, attempt: 1, run: 0 });
    const intent = (await core.value('getPayment', { id: paid.id })) as unknown as { requestId?: string };
    expect(post?.requestId).toMatch(/^[\w-]+$/);
    if (intent.requestId) expect(post?.requestId).toBe(intent.requestId);
    const token = calls.find((call) => call.path === '/as/token.oauth2');
    expect(token).toMatchObject({ service: 'sign-in', method: 'POST', status: 200 });
    // The status checks belong to the payment too; the list's filter by payment finds them and nothing else.
    const mine = await core.value('listCalls', { paymentId: paid.id });
    expect(mine.groups.flatMap((group) => group.calls).every((call) => call.paymentId === paid.id)).toBe(true);
    expect(mine.groups.flatMap((group) => group.calls).filter((call) => call.method === 'GET').length).toBeGreaterThan(
      0,
    );
    expect(mine.paymentIds).toEqual([paid.id]);
  });

  it('a lost answer: the send and its retry are one group, attempts 1 and 2 of one request id', async () => {
    const core = await behindWitness();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    const first = await pay(core);
    // No retry waits here: the first answer was lost, so the payment is uncertain until checked again.
    const paid = first.state === 'settled' ? first : await core.value('checkAgain', { id: first.id });
    expect(paid.state).toBe('settled');
    const posts = appCalls(proxy.seen).filter(
      (seen) => seen.method === 'POST' && seen.path.includes('CreditTransfers'),
    );
    expect(posts).toHaveLength(2);
    const requestId = posts[0]?.requestHeaders['x-request-id'];
    expect(posts[1]?.requestHeaders['x-request-id']).toBe(requestId);
    const list = await core.value('listCalls', {});
    const group = list.groups.find((candidate) => candidate.requestId === requestId);
    expect(group?.paymentId).toBe(paid.id);
    expect(group?.calls.map((call) => [call.attempt, call.status ?? call.failure])).toEqual([
      [1, 'NetworkError'],
      [2, posts[1]?.status],
    ]);
    // Failed calls only: the lost one.
    const failed = await core.value('listCalls', { outcome: 'failed' });
    expect(failed.groups.flatMap((one) => one.calls).map((call) => call.failure)).toEqual(['NetworkError']);
  });

  it('a bank error queued from the panel: the payment is refused and the call names the error, found by its filter', async () => {
    const core = await inProcessWallet({ sandbox });
    open.push(core);
    core.as('anna');
    await core.value('signIn');
    const panel = await core.value('sandboxControl', {
      action: 'fault',
      route: 'payments.create',
      kind: 'bankError',
      error: 'AmountUnavailable',
    });
    expect(panel.faults).toEqual([
      { route: 'payments.create', kind: 'bankError', count: 1, delayMs: 0, error: 'AmountUnavailable' },
    ]);
    const refused = await pay(core);
    expect(refused).toMatchObject({ state: 'rejected', error: { name: 'AmountUnavailable' } });
    const list = await core.value('listCalls', { errorCode: 'AmountUnavailable' });
    expect(list.errorCodes).toEqual(['AmountUnavailable']);
    expect(list.groups.flatMap((group) => group.calls)).toMatchObject([
      { method: 'POST', status: 400, errorCode: 'AmountUnavailable', paymentId: refused.id },
    ]);
  });

  it('nothing secret reaches the window, the bundle or the disk: not one token, code, key or full number of the run', async () => {
    const core = await behindWitness();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    const first = await pay(core);
    if (first.state !== 'settled') await core.value('checkAgain', { id: first.id });
    await core.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Launareikningur' });
    const secrets = secretsOnTheWire(proxy.seen);
    // The witness saw the real ones: an access token, a refresh token, the code, the verifier, the key, the secret.
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    // What the window gets, through window.wallet as the renderer calls it.
    const answers: unknown[] = [];
    const list = await core.value('listCalls', {});
    answers.push(await core.api.listCalls({}), await core.api.listCalls({ outcome: 'failed' }));
    for (const group of list.groups)
      for (const call of group.calls) answers.push(await core.api.callDetail({ id: call.id }));
    const bundle = await core.value('saveSupportBundle');
    expect(bundle.saved).toBe(true);
    const bundleText = readFileSync(join(core.dataDir, 'saved', bundle.fileName ?? ''), 'utf8');
    await core.wallet.tick();
    const onDisk = readFileSync(join(core.dataDir, 'bank-calls.json'), 'utf8');
    const window = JSON.stringify(answers);
    for (const text of [window, bundleText, onDisk]) {
      expectNoneIn(text, secrets);
      expectNoneIn(text, NUMBERS);
      expect(text).not.toMatch(/Bearer [A-Za-z0-9]/);
    }
    // The detail says what was removed, and masks what it shows.
    expect(window).toContain('"authorization":"[removed]"');
    expect(window).toContain('"OwnerId\\": \\"******-****\\"');
    const parsed = JSON.parse(bundleText) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      kind: 'a2a-wallet-support-bundle',
      app: { name: expect.any(String), version: expect.any(String) },
      profile: { id: 'my-sandbox', environment: 'bank-sandbox', clientSecret: '[set]', apiKey: '[set]' },
      signedIn: true,
      payments: [{ id: first.id, state: 'settled' }],
    });
    expect((parsed['calls'] as unknown[]).length).toBe(list.total);
    // On disk the calls are sealed: not even a path shows.
    expect(onDisk).not.toContain('CreditTransfers');
  });

  it('keeps the calls of earlier runs, sealed, and says which run each was', async () => {
    const core = await behindWitness();
    await pay(core);
    const before = await core.value('listCalls', {});
    await core.wallet.tick();
    await core.restart();
    const after = await core.value('listCalls', {});
    expect(after.total).toBe(before.total);
    expect(after.groups.flatMap((group) => group.calls).every((call) => call.run === 1)).toBe(true);
  });

  it('one customer never sees another’s calls on the same profile, not even by asking for one', async () => {
    const core = await behindWitness('anna');
    const annas = await pay(core);
    const annasCalls = (await listed(core)).filter((call) => call.service === 'bank');
    expect(annasCalls.length).toBeGreaterThan(0);
    await core.value('signOut');
    // Signed out: no bank call is anyone's to see.
    expect((await listed(core)).some((call) => call.service === 'bank')).toBe(false);
    core.as('bjorn');
    await core.value('signIn');
    const list = await core.value('listCalls', {});
    const calls = list.groups.flatMap((group) => group.calls);
    expect(calls.some((call) => call.service === 'bank')).toBe(false);
    expect(list.paymentIds).not.toContain(annas.id);
    for (const call of annasCalls) {
      expect(await core.call('callDetail', { id: call.id })).toMatchObject({
        ok: false,
        error: { code: 'CALL_NOT_FOUND' },
      });
    }
    const bundle = await core.value('saveSupportBundle');
    const text = readFileSync(join(core.dataDir, 'saved', bundle.fileName ?? ''), 'utf8');
    expect(text).not.toContain(annas.id);
    // Her own again once she is back.
    await core.value('signOut');
    core.as('anna');
    await core.value('signIn');
    expect((await core.value('listCalls', {})).paymentIds).toContain(annas.id);
  });

  it('a profile removed takes its calls with it; one of the same name later starts with none', async () => {
    const core = await behindWitness('anna');
    await pay(core);
    expect((await core.value('listCalls', {})).total).toBeGreaterThan(0);
    await core.value('saveProfile', sandboxProfile(sandbox, { id: 'other', name: 'Other' }));
    await core.value('removeProfile', { id: 'my-sandbox' });
    await core.value('saveProfile', sandboxProfile(sandbox, { baseUrl: proxy.url, authUrl: proxy.url }));
    await core.value('switchProfile', { id: 'my-sandbox' });
    expect((await core.value('listCalls', {})).total).toBe(0);
    await core.wallet.tick();
    await core.restart();
    await core.value('switchProfile', { id: 'my-sandbox' });
    expect((await core.value('listCalls', {})).total).toBe(0);
  });
});

describe('a call the list cannot keep', () => {
  it('is left out of the list; the payment goes through as if nobody watched', async () => {
    const tokens = await signIn(sandbox.url, { username: 'anna' });
    let tried = 0;
    const client = createBankClient({
      baseUrl: sandbox.url,
      apiKey: localApp.apiKey,
      accessToken: () => Promise.resolve(tokens.access_token),
      tap: {
        id: 'broken',
        start: () => ({ at: 0 }),
        record: () => {
          tried += 1;
          throw new Error('the log is broken');
        },
      },
    });
    const order = {
      debtorKennitala: CUSTOMERS.anna.kennitala,
      debtorAccount: CUSTOMERS.anna.account.replaceAll('-', ''),
      depositKennitala: CUSTOMERS.bjorn.kennitala,
      depositAccount: CUSTOMERS.bjorn.account.replaceAll('-', ''),
      amount: 1500,
      endToEndId: 'Rent',
      extendedReference: '',
      payeeName: '',
    };
    const created = await client.createCreditTransfer(order, newRequestId());
    expect(created.httpStatus).toBe(201);
    expect((await client.getCreditTransfer(created.initiationId)).status).toBeTruthy();
    expect(tried).toBe(2);
  });
});

describe('where the tools show', () => {
  it('the local sandbox: the call list and the panel', async () => {
    const core = await inProcessWallet({ sandbox });
    open.push(core);
    expect(await core.value('testerTools')).toEqual({ calls: true, sandbox: true });
  });

  it('a tester’s own profile marked local-sandbox: not the embedded sandbox’s, so no panel', async () => {
    const core = await inProcessWallet({ sandbox, platform: { shipped: { profiles: [], allowEdit: true } } });
    open.push(core);
    await core.value('saveProfile', sandboxProfile(sandbox, { id: 'mine', environment: 'local-sandbox' }));
    await core.value('switchProfile', { id: 'mine' });
    expect(await core.value('testerTools')).toEqual({ calls: true, sandbox: false });
    expect(await core.call('sandboxPanel')).toMatchObject({ ok: false, error: { code: 'SANDBOX_PANEL_UNAVAILABLE' } });
  });

  it('the bank’s sandbox: the call list, never the panel', async () => {
    const core = await behindWitness();
    expect(await core.value('testerTools')).toEqual({ calls: true, sandbox: false });
    expect(await core.call('sandboxPanel')).toMatchObject({ ok: false, error: { code: 'SANDBOX_PANEL_UNAVAILABLE' } });
    expect(await core.call('sandboxControl', { action: 'clock', to: 'dayLater' })).toMatchObject({
      ok: false,
      error: { code: 'SANDBOX_PANEL_UNAVAILABLE' },
    });
    expect(sandbox.clock.now()).toBe(Date.parse(NOON));
  });

  const production = (showBankCalls: boolean): InProcessWalletOptions => ({
    platform: {
      shipped: {
        profiles: [
          ProfileSchema.parse(
            sandboxProfile(sandbox, { id: 'bank', environment: 'production', baseUrl: proxy.url, authUrl: proxy.url }),
          ),
        ],
        allowEdit: false,
        showBankCalls,
      },
      localSandbox: undefined,
    },
  });

  it('production: nothing listed, nothing recorded, no panel; a packaged build without the local sandbox has none', async () => {
    const core = await inProcessWallet({ sandbox, ...production(false) });
    open.push(core);
    core.as('anna');
    await core.value('signIn');
    await pay(core);
    expect(await core.value('testerTools')).toEqual({ calls: false, sandbox: false });
    expect(await core.value('listCalls', {})).toMatchObject({ shown: false, groups: [], total: 0 });
    expect(await core.call('sandboxPanel')).toMatchObject({ ok: false, error: { code: 'SANDBOX_PANEL_UNAVAILABLE' } });
    expect(appCalls(proxy.seen).length).toBeGreaterThan(0);
    // The bundle still has what it can say, and no call.
    const bundle = await core.value('saveSupportBundle');
    const text = readFileSync(join(core.dataDir, 'saved', bundle.fileName ?? ''), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ calls: [], profile: { environment: 'production' } });
    await core.wallet.tick();
    expect(readdirSync(core.dataDir)).not.toContain('bank-calls.json');
  });

  it('production with the vendor’s showBankCalls: the list, redacted the same way', async () => {
    const core = await inProcessWallet({ sandbox, ...production(true) });
    open.push(core);
    core.as('anna');
    await core.value('signIn');
    await pay(core);
    expect(await core.value('testerTools')).toEqual({ calls: true, sandbox: false });
    const list = await core.value('listCalls', {});
    expect(list.total).toBe(appCalls(proxy.seen).length);
    expectNoneIn(JSON.stringify(list), secretsOnTheWire(proxy.seen));
  });
});

describe('the local sandbox panel', () => {
  async function local() {
    const core = await inProcessWallet({ sandbox });
    open.push(core);
    core.as('anna');
    await core.value('signIn');
    return core;
  }

  it('moves the sandbox clock past midnight GMT, a day on, and to a minute before the 90 days end', async () => {
    const core = await local();
    const panel = await core.value('sandboxPanel');
    expect(panel.now).toBe(NOON);
    const grantEnds = Date.parse(panel.grantEndsAt ?? '');
    expect(grantEnds - Date.parse(NOON)).toBe(90 * 24 * 3600 * 1000);
    expect((await core.value('sandboxControl', { action: 'clock', to: 'pastMidnight' })).now).toBe(
      '2026-11-23T00:01:00.000Z',
    );
    expect((await core.value('sandboxControl', { action: 'clock', to: 'dayLater' })).now).toBe(
      '2026-11-24T00:01:00.000Z',
    );
    const atEnd = await core.value('sandboxControl', { action: 'clock', to: 'grantEnd' });
    expect(Date.parse(atEnd.now)).toBe(grantEnds - 60_000);
    expect((await core.value('sessionStatus')).signedIn).toBe(true);
  });

  it('picks a user for the login page, queues and clears faults; refuses what the form never sends', async () => {
    const core = await local();
    expect((await core.value('sandboxControl', { action: 'user', username: 'bjorn' })).user).toBe('bjorn');
    expect(sandbox.pickedUser()).toBe('bjorn');
    expect((await core.value('sandboxControl', { action: 'user' })).user).toBeUndefined();
    for (const bad of [
      { action: 'user', username: 'mallory' },
      { action: 'fault', route: 'payments.create', kind: 'bankError' },
      { action: 'fault', route: 'token', kind: 'bankError', error: 'BadRequest' },
      { action: 'fault', route: 'payments.create', kind: 'status500', count: 11 },
      { action: 'clock', to: 'backwards' },
    ]) {
      expect(await core.dispatch('sandboxControl', bad)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      });
    }
    expect(sandbox.faults.list()).toEqual([]);
    await core.value('sandboxControl', {
      action: 'fault',
      route: 'payments.get',
      kind: 'delay',
      delayMs: 10,
      count: 2,
    });
    expect(sandbox.faults.list()).toEqual([{ route: 'payments.get', kind: 'delay', count: 2, delayMs: 10 }]);
    expect((await core.value('sandboxControl', { action: 'clearFaults' })).faults).toEqual([]);
  });
});
