import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvokeChannel, RequestOf, ResponseOf } from '../../common/bridge-contract.ts';
import { ProfileSchema } from '../../common/profile.ts';
import type { Result } from '../../common/result.ts';
import { DAY_MS } from '../../common/time.ts';
import { dispatch } from '../../main/ipc/dispatch.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';
import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { createWallet, type Wallet, type WalletEvent } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { createNodePlatform, type NodePlatformOptions } from '../harness/node-platform.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { scriptedBrowser, type ScriptedBrowser } from './auth/scripted-browser.ts';

/** The wallet as the renderer sees it: every call through the contract, against the local sandbox over HTTP. */
const root = join(import.meta.dirname, '..', '..');
const ANNA = { kennitala: '1203852089', account: '0133-26-012345' };
const BJORN = { kennitala: '0507922189', account: '0133-26-020001' };

let sandbox: Sandbox;
let dataDir: string;
let wallet: Wallet;
let events: WalletEvent[];
let browser: ScriptedBrowser;
let platform: ReturnType<typeof createNodePlatform>;

async function open(options: Partial<NodePlatformOptions> = {}, username = 'anna'): Promise<Wallet> {
  browser = scriptedBrowser(username);
  platform = createNodePlatform({
    root,
    dataDir,
    clock: sandbox.clock,
    // The sandbox outlives each wallet: some tests restart the app against the same bank.
    localSandbox: {
      app: LOCAL_SANDBOX_APP,
      ensureStarted: () => Promise.resolve(sandbox),
      stop: () => Promise.resolve(),
    },
    openExternal: (url) => browser.openExternal(url),
    retryDelaysMs: [],
    ...options,
  });
  wallet = await createWallet(platform, platform);
  events = [];
  wallet.onEvent((event) => events.push(event));
  return wallet;
}

async function call<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<Result<ResponseOf<C>>> {
  return (await dispatch(wallet.handlers, channel, request[0])) as Result<ResponseOf<C>>;
}

async function value<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<ResponseOf<C>> {
  const result = await call(channel, ...request);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const draft = (amount = '1500', extra: Record<string, string> = {}) => ({
  debtorAccount: ANNA.account,
  depositKennitala: BJORN.kennitala,
  depositAccount: BJORN.account,
  amount,
  endToEndId: 'Rent',
  payeeName: 'Björn',
  ...extra,
});

async function pay(amount = '1500', acknowledge = false) {
  // Acknowledging names the earlier payment the warning was about, as the review screen does.
  const acknowledgeDuplicate = acknowledge
    ? (await value('validatePayment', draft(amount))).duplicate?.intentId
    : undefined;
  const confirmed = await value('confirmPayment', {
    draft: draft(amount),
    ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}),
  });
  return value('submitPayment', { id: confirmed.id });
}

beforeEach(async () => {
  sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z' });
  dataDir = mkdtempSync(join(tmpdir(), 'a2a-wallet-test-'));
});
afterEach(async () => {
  await wallet.close();
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the wallet through the contract', () => {
  it('starts on the Local sandbox profile, signed out, with the sandbox address filled in', async () => {
    await open();
    const list = await value('listProfiles');
    expect(list.profiles.map((profile) => [profile.id, profile.active, profile.complete])).toEqual([
      [LOCAL_SANDBOX_ID, true, true],
    ]);
    expect(list.profiles[0]?.baseUrl).toBe(sandbox.url);
    expect(list.canEdit).toBe(false);
    expect(await value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'never' });
  });

  it('signs in through the browser, announces it, and never shows the whole kennitala', async () => {
    await open();
    const session = await value('signIn');
    expect(session).toMatchObject({ signedIn: true, name: 'Anna Jónsdóttir', maskedKennitala: '120385-****' });
    expect(events.some((event) => event.channel === 'sessionChanged' && event.payload.signingIn)).toBe(true);
    expect(events.at(-1)).toMatchObject({ channel: 'sessionChanged', payload: { signedIn: true } });
    expect(JSON.stringify(events)).not.toContain(ANNA.kennitala);
  });

  it('refuses the customer’s data before sign-in with a code the UI can explain', async () => {
    await open();
    expect(await call('listAccounts')).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } });
    expect(await call('validatePayment', draft())).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } });
  });

  it('keeps own accounts and payees per customer, normalised and checked', async () => {
    // One computer's keychain across the restart below (another one would not open the data key: issue 39).
    const keyProtector = memoryKeychain();
    await open({ keyProtector });
    await value('signIn');
    expect(await value('saveAccount', { accountNumber: ANNA.account, label: 'Main' })).toEqual([
      { id: expect.any(String), accountNumber: '013326012345', label: 'Main' },
    ]);
    // The same number again relabels it rather than listing it twice.
    expect(await value('saveAccount', { accountNumber: '013326012345', label: 'Everyday' })).toHaveLength(1);
    expect(await call('saveAccount', { accountNumber: '12-34' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ACCOUNT_NUMBER' },
    });
    const payees = await value('savePayee', { name: 'Björn', kennitala: '050792-2189', accountNumber: BJORN.account });
    expect(payees).toEqual([
      {
        id: expect.any(String),
        name: 'Björn',
        kennitala: BJORN.kennitala,
        accountNumber: '013326020001',
        createdAt: sandbox.clock.now(),
      },
    ]);
    expect(
      await call('savePayee', { name: 'Acme', kennitala: '5201901049', accountNumber: BJORN.account }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_KENNITALA' },
    });
    const removed = await value('removePayee', { id: payees[0]?.id ?? '' });
    expect(removed).toEqual([]);

    // Another customer in the same profile sees an empty book.
    await value('signOut');
    await wallet.close();
    await open({ keyProtector }, 'bjorn');
    await value('signIn');
    expect(await value('listAccounts')).toEqual([]);
  });

  it('validates a draft: field errors, then the checked order with the customer masked and the payee new', async () => {
    await open();
    await value('signIn');
    const bad = await value('validatePayment', draft('12,5', { depositKennitala: '5201901049' }));
    expect(bad.errors).toEqual({ amount: 'fraction', depositKennitala: 'company' });
    expect(bad.order).toBeUndefined();
    const good = await value('validatePayment', draft());
    expect(good.errors).toEqual({});
    expect(good.order).toMatchObject({ debtorKennitala: '120385-****', depositAccount: '013326020001', amount: 1500 });
    expect(good.newPayee).toBe(true);
    expect(good.limit).toMatchObject({ limit: 200_000, remaining: 200_000 });
  });

  it('pays once, tells the renderer each step, and then knows the payee and the duplicate', async () => {
    await open();
    await value('signIn');
    const paid = await pay();
    expect(paid.state).toMatch(/accepted|settled/);
    expect(paid.initiationId).toBeTruthy();
    expect(paid.order.debtorKennitala).toBe('120385-****');
    expect(sandbox.initiations()).toHaveLength(1);
    const states = events.filter((event) => event.channel === 'paymentChanged').map((event) => event.payload.state);
    expect(states.slice(0, 2)).toEqual(['confirmed', 'sending']);
    expect(JSON.stringify(events)).not.toContain(ANNA.kennitala);

    const again = await value('validatePayment', draft());
    expect(again.newPayee).toBe(false);
    expect(again.duplicate).toMatchObject({ intentId: paid.id, amount: 1500 });
    expect(again.limit.remaining).toBe(200_000 - 1500);
    expect(await call('confirmPayment', { draft: draft() })).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_NOT_ACKNOWLEDGED' },
    });
    expect((await pay('1500', true)).acknowledgedDuplicateOf).toBe(paid.id);
    expect(sandbox.initiations()).toHaveLength(2);
  });

  it('pages, filters and exports the history, and keeps it across a restart', async () => {
    // The same keychain after the restart: the sealed session and journal open again.
    const keyProtector = memoryKeychain();
    await open({ keyProtector });
    await value('signIn');
    const first = await pay('1000');
    sandbox.clock.advanceSeconds(60);
    await pay('2500');
    const page = await value('historyPage', { filter: {}, offset: 0, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.order.amount)).toEqual([2500]);
    const filtered = await value('historyPage', { filter: { text: first.requestId } });
    expect(filtered.items.map((item) => item.id)).toEqual([first.id]);
    expect(await value('getPayment', { id: first.id })).toMatchObject({ id: first.id, requestId: first.requestId });
    expect(await call('getPayment', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'PAYMENT_NOT_FOUND' } });

    const exported = await value('exportHistory', { filter: {} });
    expect(exported).toEqual({
      saved: true,
      fileName: 'a2a-wallet-local-sandbox-2026-11-22.csv',
      folder: platform.savedDir,
      count: 2,
    });
    const csv = readFileSync(join(platform.savedDir, exported.fileName ?? ''), 'utf8');
    expect(csv).toContain(first.requestId);
    // The payer's own kennitala is not in it, neither as digits nor as the export writes a kennitala (050792-2189).
    expect(csv).not.toContain(ANNA.kennitala);
    expect(csv).not.toContain(`${ANNA.kennitala.slice(0, 6)}-${ANNA.kennitala.slice(6)}`);
    expect(csv).toContain('050792-2189');
    // The folder can be opened on the file this run saved, and on nothing else the page names.
    await value('showExport', { fileName: exported.fileName ?? '' });
    expect(platform.shownFiles).toEqual([join(platform.savedDir, exported.fileName ?? '')]);
    for (const fileName of ['settings.json', '../settings.json', '/etc/passwd']) {
      expect(await call('showExport', { fileName })).toMatchObject({ ok: false, error: { code: 'EXPORT_NOT_FOUND' } });
    }
    expect(platform.shownFiles).toHaveLength(1);

    await wallet.close();
    await open({ keyProtector });
    expect((await value('historyPage', {})).total).toBe(2);
  });

  it('says when the customer cancels the save dialog', async () => {
    await open();
    await value('signIn');
    platform.saveFile = () => Promise.resolve(undefined);
    expect(await value('exportHistory', {})).toEqual({ saved: false, count: 0 });
  });

  it('follows the system language until the customer chooses one', async () => {
    await open({ preferredLanguages: ['de-DE', 'is-IS', 'en-GB'] });
    let hostToldOfChanges = 0;
    wallet.onHostChange(() => (hostToldOfChanges += 1));
    expect(await value('getSettings')).toMatchObject({ language: 'system', locale: 'is', protection: 'secure' });
    expect(await value('updateSettings', { language: 'is' })).toMatchObject({ language: 'is', locale: 'is' });
    // The same language as before: the menus stay as they are.
    expect(hostToldOfChanges).toBe(0);
    expect(await value('updateSettings', { language: 'en' })).toMatchObject({ language: 'en', locale: 'en' });
    expect(wallet.locale()).toBe('en');
    expect(hostToldOfChanges).toBe(1);
    expect(await call('updateSettings', { language: 'de' } as never)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });

  it('keeps tokens in memory on a machine without a keyring, and on disk once the customer allows it', async () => {
    const weak: KeyProtector = memoryKeychain({ secure: false, reason: 'basic_text' });
    await open({ keyProtector: weak });
    expect(await value('getSettings')).toMatchObject({ protection: 'basic_text', tokensPersist: false });
    expect(await value('signIn')).toMatchObject({ signedIn: true, persistent: false });
    expect(platform.store.get(`vault.session.${LOCAL_SANDBOX_ID}`)).toBeUndefined();

    expect(await value('updateSettings', { allowWeakTokenStorage: true })).toMatchObject({ tokensPersist: true });
    expect(platform.store.get(`vault.session.${LOCAL_SANDBOX_ID}`)).toEqual(expect.stringMatching(/^v1:/));
    expect(await value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });

    await value('updateSettings', { allowWeakTokenStorage: false });
    expect(platform.store.get(`vault.session.${LOCAL_SANDBOX_ID}`)).toBeUndefined();
    expect(await value('sessionStatus')).toMatchObject({ signedIn: true, persistent: false });

    // A renderer that flips the choice many times at once: the changes apply one after another, the last one wins,
    // and the session is neither lost nor left on disk against the last choice.
    const flips = [true, false, true, true, false, true];
    const answers = await Promise.all(flips.map((allow) => value('updateSettings', { allowWeakTokenStorage: allow })));
    expect(answers.map((answer) => answer.allowWeakTokenStorage)).toEqual(flips);
    expect(await value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    expect(platform.store.get(`vault.session.${LOCAL_SANDBOX_ID}`)).toEqual(expect.stringMatching(/^v1:/));
  });

  it('keeps each profile’s sign-in and history apart, and lets an allowed tester add and remove profiles', async () => {
    const local = builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID);
    await open({ shipped: { profiles: local, allowEdit: true } });
    await value('signIn');
    await pay();
    const other = ProfileSchema.parse({
      id: 'second',
      name: 'Second',
      environment: 'bank-sandbox',
      baseUrl: sandbox.url,
      authUrl: sandbox.url,
      ...LOCAL_SANDBOX_APP,
    });
    const saved = await value('saveProfile', { ...other, clientSecret: 'typed-secret' });
    expect(saved.profiles.map((profile) => profile.id)).toEqual([LOCAL_SANDBOX_ID, 'second']);
    expect(JSON.stringify(saved)).not.toContain('typed-secret');
    expect(JSON.stringify(platform.store.get('profiles.saved'))).not.toContain('typed-secret');

    // A switch answers with the profiles and the session now active: the screen needs no second call.
    const switched = await value('switchProfile', { id: 'second' });
    expect(switched.session).toMatchObject({ profileId: 'second', signedIn: false });
    expect(await value('sessionStatus')).toEqual(switched.session);
    expect((await value('historyPage', {})).total).toBe(0);

    expect((await value('switchProfile', { id: LOCAL_SANDBOX_ID })).session).toMatchObject({ signedIn: true });
    expect((await value('historyPage', {})).total).toBe(1);

    // Removing the active profile: one call says which profile is active now, and its session.
    await value('switchProfile', { id: 'second' });
    const removed = await value('removeProfile', { id: 'second' });
    expect(removed.profiles.map((profile) => profile.id)).toEqual([LOCAL_SANDBOX_ID]);
    expect(removed.profiles.find((profile) => profile.active)?.id).toBe(LOCAL_SANDBOX_ID);
    expect(removed.session).toMatchObject({ profileId: LOCAL_SANDBOX_ID, signedIn: true });
    expect(await value('sessionStatus')).toEqual(removed.session);
  });

  it('refuses profile edits where the vendor does not allow them', async () => {
    await open();
    const result = await call('saveProfile', { ...builtInProfiles()[1], id: 'mine', clientSecret: '' } as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'PROFILE_EDIT_NOT_ALLOWED' } });
  });

  it('announces each grant reminder once, as the end comes near', async () => {
    await open();
    await value('signIn');
    await wallet.tick();
    expect(events.filter((event) => event.channel === 'grantReminder')).toEqual([]);

    sandbox.clock.set(sandbox.clock.now() + 77 * DAY_MS);
    await wallet.tick();
    await wallet.tick();
    await value('sessionStatus');
    const reminders = events.filter((event) => event.channel === 'grantReminder');
    expect(reminders).toEqual([
      { channel: 'grantReminder', payload: expect.objectContaining({ reminder: 14, daysLeft: 13 }) },
    ]);
    sandbox.clock.set(sandbox.clock.now() + 12 * DAY_MS + DAY_MS / 2);
    await wallet.tick();
    expect(events.filter((event) => event.channel === 'grantReminder').at(-1)).toMatchObject({
      payload: { reminder: 1 },
    });
  });
});
