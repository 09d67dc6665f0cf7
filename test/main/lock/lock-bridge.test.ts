import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannelNames } from '../../../common/bridge-contract.ts';
import { TRIES_BEFORE_WIPE } from '../../../common/passcode-rules.ts';
import { waitAfter } from '../../../main/lock/wrong-tries.ts';
import { OPEN_WHILE_LOCKED } from '../../../main/lock/lock-handlers.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../../main/profiles/builtin-profiles.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { uiRequests } from '../../support/contract-examples.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';

/** The lock as the renderer meets it: every call through main's dispatch, against the local sandbox. */
const PASSCODE = '482916';
const ANNAS_ACCOUNT = { accountNumber: '0133-26-012345', label: 'Current account' };

let sandbox: Sandbox;
const opened: InProcessWallet[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((core) => core.close()));
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

let systemLock: () => void = () => undefined;

async function open(shipped: { requirePasscode?: boolean; presenceSeconds?: number } = {}): Promise<InProcessWallet> {
  const core = await inProcessWallet({
    sandbox,
    platform: {
      shipped: {
        profiles: builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID),
        allowEdit: false,
        ...shipped,
      },
      onSystemLock: (listener) => {
        systemLock = listener;
      },
    },
  });
  opened.push(core);
  return core;
}

/** Anna signed in, her account saved, and a passcode set: as the app is after its first use. */
async function annaWithPasscode(shipped: Parameters<typeof open>[0] = {}): Promise<InProcessWallet> {
  const core = await open(shipped);
  core.as('anna');
  await core.value('signIn');
  await core.value('saveAccount', ANNAS_ACCOUNT);
  await core.value('setPasscode', { next: PASSCODE });
  return core;
}

const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

/** A payment confirmed, not yet sent (each amount its own, so none is another's duplicate). */
async function confirmed(core: InProcessWallet, amount = 1500): Promise<string> {
  return (await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) })).id;
}

describe('the app lock, through the bridge', () => {
  it('refuses every channel but the lock screen’s own while locked, and answers them again once unlocked', async () => {
    const core = await annaWithPasscode();
    await core.value('lockNow');
    // retryKeychain and startAfresh act only while the keychain has not opened the data key (keychain-gate.ts).
    expect([...OPEN_WHILE_LOCKED].sort()).toEqual([
      'forgetPasscode',
      'lockStatus',
      'retryKeychain',
      'setPasscode',
      'startAfresh',
      'unlock',
    ]);
    for (const channel of invokeChannelNames) {
      if (OPEN_WHILE_LOCKED.has(channel)) continue;
      const answer = await core.dispatch(channel, uiRequests[channel]);
      expect(answer, channel).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    }
    // Nothing moved at the bank, and nothing was signed out or changed while the calls were refused.
    expect(posts()).toHaveLength(0);
    expect(await core.value('unlock', { passcode: PASSCODE })).toMatchObject({ locked: false });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true });
  });

  it('starts locked when a passcode is set, and tells the window nothing but the lock while locked', async () => {
    const core = await annaWithPasscode();
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, reason: 'start', locale: 'en' });
    const events: WalletEvent[] = [];
    core.onEvent((event) => events.push(event));
    // The computer locks; a sign-in finished in the browser meanwhile changes the session: the window hears only the lock.
    await core.value('unlock', { passcode: PASSCODE });
    core.as('anna', { held: true });
    const signIn = core.call('signIn');
    await core.waitingInBrowser();
    systemLock();
    await core.finishSignIn();
    await signIn;
    const locked = events.findIndex((event) => event.channel === 'lockChanged' && event.payload.locked);
    expect(locked).toBeGreaterThan(0);
    expect(events.slice(locked)).toEqual([expect.objectContaining({ channel: 'lockChanged' })]);
    expect(events[locked]).toMatchObject({ payload: { locked: true, reason: 'system' } });
    // Once unlocked, the window reads the session afresh: the sign-in went through.
    await core.value('unlock', { passcode: PASSCODE });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true });
  });

  it('locks after five idle minutes, found by the host’s timer', async () => {
    const core = await annaWithPasscode();
    sandbox.clock.advanceSeconds(5 * 60 - 1);
    await core.wallet.tick();
    expect(await core.value('lockStatus')).toMatchObject({ locked: false });
    sandbox.clock.advanceSeconds(5 * 60);
    await core.wallet.tick();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, reason: 'idle' });
  });

  it('asks for the passcode again before a payment is sent, a minute after it was entered; the bank sees nothing before', async () => {
    const core = await annaWithPasscode();
    const first = await confirmed(core);
    expect(await core.value('submitPayment', { id: first })).toMatchObject({ state: 'settled' });
    sandbox.clock.advanceSeconds(61);
    const second = await confirmed(core, 1600);
    expect(await core.call('submitPayment', { id: second })).toMatchObject({
      ok: false,
      error: { code: 'PRESENCE_REQUIRED' },
    });
    expect(posts()).toHaveLength(1);
    expect(await core.call('confirmPresence', { passcode: '000000' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PASSCODE' },
    });
    await core.value('confirmPresence', { passcode: PASSCODE });
    expect(await core.value('submitPayment', { id: second })).toMatchObject({ state: 'settled' });
    expect(posts()).toHaveLength(2);
  });

  it('asks for it whichever call would first send a payment: check again on one never sent too', async () => {
    const core = await annaWithPasscode();
    sandbox.clock.advanceSeconds(61);
    const id = await confirmed(core);
    for (const channel of ['submitPayment', 'checkAgain'] as const) {
      expect(await core.call(channel, { id }), channel).toMatchObject({ error: { code: 'PRESENCE_REQUIRED' } });
    }
    expect(posts()).toHaveLength(0);
    expect(await core.value('getPayment', { id })).toMatchObject({ state: 'confirmed' });
  });

  it('does not ask again to find out what became of a payment already sent', async () => {
    const core = await annaWithPasscode();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    const id = await confirmed(core);
    expect(await core.value('submitPayment', { id })).toMatchObject({ state: 'unknown' });
    sandbox.clock.advanceSeconds(120);
    expect(await core.value('checkAgain', { id })).toMatchObject({ state: 'settled' });
  });

  it('where the vendor asks for every payment: a double press sends one payment once, a second payment asks again', async () => {
    const core = await annaWithPasscode({ presenceSeconds: 0 });
    const id = await confirmed(core);
    const [one, two] = await Promise.all([core.call('submitPayment', { id }), core.call('submitPayment', { id })]);
    expect([one.ok, two.ok]).toEqual([true, true]);
    expect(posts()).toHaveLength(1);
    const next = await confirmed(core, 1600);
    expect(await core.call('submitPayment', { id: next })).toMatchObject({ error: { code: 'PRESENCE_REQUIRED' } });
  });

  it('ends the sign-in after ten wrong passcodes, across a restart; the history stays the customer’s', async () => {
    const core = await annaWithPasscode();
    const id = await confirmed(core);
    await core.value('submitPayment', { id });
    await core.value('lockNow');
    for (let n = 1; n <= TRIES_BEFORE_WIPE; n += 1) {
      sandbox.clock.advanceSeconds(waitAfter(n - 1) / 1000);
      const answer = await core.call('unlock', { passcode: '000000' });
      expect(answer).toMatchObject({ error: { code: n === TRIES_BEFORE_WIPE ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE' } });
      // Half way, the app restarts: the count goes on.
      if (n === 5) await core.restart();
    }
    sandbox.clock.advanceSeconds(waitAfter(TRIES_BEFORE_WIPE) / 1000);
    await core.value('unlock', { passcode: PASSCODE });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'passcode' });
    expect((await core.value('historyPage', { filter: {}, offset: 0, limit: 10 })).items).toHaveLength(1);
  });

  it('in a vendor’s build that requires a passcode, stays locked until one is set', async () => {
    const core = await open({ requirePasscode: true });
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, reason: 'setup', passcodeSet: false });
    expect(await core.call('signIn')).toMatchObject({ error: { code: 'LOCKED' } });
    expect(await core.call('setPasscode', { next: '1234' })).toMatchObject({ error: { code: 'PASSCODE_WEAK' } });
    expect(await core.value('setPasscode', { next: PASSCODE })).toMatchObject({ locked: false, passcodeSet: true });
    expect(await core.call('removePasscode', { current: PASSCODE })).toMatchObject({
      error: { code: 'PASSCODE_REQUIRED' },
    });
  });
});
