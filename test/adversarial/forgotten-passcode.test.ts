import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannelNames, type InvokeChannel } from '../../common/bridge-contract.ts';
import { TRIES_BEFORE_WIPE } from '../../common/passcode-rules.ts';
import { ProfileSchema } from '../../common/profile.ts';
import { DAY_MS } from '../../common/time.ts';
import { waitAfter } from '../../main/lock/wrong-tries.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import type { WalletEvent } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { uiRequests } from '../support/contract-examples.ts';
import {
  CUSTOMERS,
  draftFrom,
  inProcessWallet,
  NOON,
  sandboxProfile,
  type InProcessWallet,
} from '../support/in-process-wallet.ts';

/**
 * Issue 26, finding 1: "Forgot your passcode?" is there for the customer, but anyone at the keyboard can press it,
 * with no secret. It ends the sign-ins and opens the app; it must open nothing of the last customer's. Whoever is
 * there walks the whole bridge, as a page could (channels the screens never call after forgetting, with the real
 * ids of the customer's payment, account, payee and saved files): nothing of the customer's comes back, in an
 * answer or an event, until the bank has identified a customer again, and then only that customer's own.
 */
const PASSCODE = '482916';
const THEIRS = 'hestur á túni';
const NOTE = 'Anna private note';

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

/** A second profile of the same bank (a tester's), so that one customer is signed in to two profiles at once. */
const second = () => ProfileSchema.parse(sandboxProfile(sandbox, { id: 'second', name: 'Second' }));

async function open(profiles = builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID)) {
  const core = await inProcessWallet({ sandbox, platform: { shipped: { profiles, allowEdit: false } } });
  // The host prints the receipt's window as a PDF (a stand-in: what matters is who may ask for one).
  core.printPage = () => Promise.resolve(new TextEncoder().encode('%PDF-1.7 receipt'));
  opened.push(core);
  return core;
}

/** Everything Anna has in the app: her account, Björn as a payee, a payment with her own text, an export, a receipt. */
async function annasWallet(core: InProcessWallet) {
  core.as('anna');
  await core.value('signIn');
  const [account] = await core.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Everyday' });
  const [payee] = await core.value('savePayee', {
    name: CUSTOMERS.bjorn.name,
    kennitala: CUSTOMERS.bjorn.kennitala,
    accountNumber: CUSTOMERS.bjorn.account,
  });
  const confirmed = await core.value('confirmPayment', {
    draft: draftFrom('anna', 'bjorn', 1500, { extendedReference: NOTE }),
  });
  const payment = await core.value('submitPayment', { id: confirmed.id });
  expect(payment.state).toMatch(/^(accepted|settled)$/);
  const exported = await core.value('exportHistory', {});
  const receipt = await core.value('saveReceipt', { id: payment.id });
  expect([exported.fileName, receipt.fileName]).not.toContain(undefined);
  return {
    payment,
    accountId: account?.id ?? '',
    payeeId: payee?.id ?? '',
    exportName: exported.fileName ?? '',
    receiptName: receipt.fileName ?? '',
  };
}
type Annas = Awaited<ReturnType<typeof annasWallet>>;

/** What would give Anna away: who she is, her account, whom she paid, her text, her payment's ids. */
function tellTales(annas: Annas): string[] {
  return [
    CUSTOMERS.anna.kennitala,
    CUSTOMERS.anna.kennitala.slice(0, 6), // the masked kennitala the views carry
    'Anna',
    'Jónsdóttir',
    CUSTOMERS.anna.account.replaceAll('-', ''),
    CUSTOMERS.anna.account,
    'Everyday',
    CUSTOMERS.bjorn.kennitala,
    CUSTOMERS.bjorn.kennitala.slice(0, 6),
    CUSTOMERS.bjorn.account.replaceAll('-', ''),
    'Björn',
    NOTE,
    annas.payment.id,
    annas.payment.requestId,
  ];
}

function expectNothingOfAnnas(what: string, value: unknown, annas: Annas): void {
  const text = JSON.stringify(value);
  for (const tale of tellTales(annas)) expect(text.includes(tale), `${what} gives away ${tale}: ${text}`).toBe(false);
}

/** Anna's passcode set, the app locked, and "Forgot your passcode?" pressed by whoever is at the keyboard. */
async function forgottenBySomeoneElse(core: InProcessWallet): Promise<void> {
  await core.value('setPasscode', { next: PASSCODE });
  await core.value('lockNow');
  expect(await core.value('forgetPasscode')).toMatchObject({ locked: false, passcodeSet: false });
}

/** Every channel that reads or acts on something of a customer's, asked for Anna's own things. */
const PER_CUSTOMER = [
  'listAccounts',
  'listPayees',
  'dailyLimit',
  'historyPage',
  'getPayment',
  'refreshStatus',
  'exportHistory',
  'saveReceipt',
  'showExport',
] as const satisfies readonly InvokeChannel[];

/** The requests of the walk: as the screens send them, aimed at Anna's real payment, account, payee and files. */
function aimedAt(annas: Annas, channel: InvokeChannel): unknown {
  const id = { id: annas.payment.id };
  const aimed: Partial<Record<InvokeChannel, unknown>> = {
    removeAccount: { id: annas.accountId },
    removePayee: { id: annas.payeeId },
    confirmPayment: { draft: draftFrom('anna', 'bjorn', 1500) },
    validatePayment: draftFrom('anna', 'bjorn', 1500),
    submitPayment: id,
    checkAgain: id,
    dropPayment: id,
    declareOutcome: { ...id, outcome: 'paid' },
    stopTrying: id,
    historyPage: { filter: {}, offset: 0, limit: 100 },
    getPayment: id,
    refreshStatus: id,
    exportHistory: { filter: {} },
    saveReceipt: id,
    createPaymentRequest: { account: CUSTOMERS.anna.account, amount: 1500 },
    showExport: { fileName: annas.exportName },
  };
  return channel in aimed ? aimed[channel] : uiRequests[channel as keyof typeof uiRequests];
}

/**
 * Not walked: `signIn` is the bank identifying a customer (what the tests do next), and `signOut` forgets the last
 * customer by itself, which would hide a leak from every channel after it.
 */
const NOT_WALKED: ReadonlySet<InvokeChannel> = new Set(['signIn', 'signOut']);

describe('finding 1: a forgotten passcode opens nothing of the last customer’s', () => {
  it('walks every channel after forgetting: nothing of Anna’s, in any answer or event; then only the bank brings it back, to her alone', async () => {
    const core = await open();
    const annas = await annasWallet(core);
    const events: WalletEvent[] = [];
    core.onEvent((event) => events.push(event));
    await forgottenBySomeoneElse(core);
    expect(await core.value('sessionStatus')).toMatchObject({
      signedIn: false,
      signedOutReason: 'passcode-forgotten',
    });

    // Whoever is at the keyboard asks for Anna's own things: an empty history, every other channel refuses.
    expect(await core.value('historyPage', {})).toEqual({ total: 0, items: [] });
    for (const channel of PER_CUSTOMER) {
      if (channel === 'historyPage') continue;
      const answer = await core.dispatch(channel, aimedAt(annas, channel));
      expect(answer, `${channel} answered ${JSON.stringify(answer)}`).toMatchObject({ ok: false });
    }
    // Then every channel of the contract, as a page could call them.
    for (const channel of invokeChannelNames) {
      if (NOT_WALKED.has(channel)) continue;
      expectNothingOfAnnas(channel, await core.dispatch(channel, aimedAt(annas, channel)), annas);
    }
    expect(core.platform.shownFiles).toEqual([]);
    // The walk set a passcode of its own and locked the app (the lock's own channels come last): theirs opens it.
    if ((await core.value('lockStatus')).locked) await core.value('forgetPasscode');
    await core.value('setPasscode', { next: THEIRS });
    await core.value('lockNow');
    await core.value('unlock', { passcode: THEIRS });
    expect(await core.value('historyPage', {})).toEqual({ total: 0, items: [] });
    expectNothingOfAnnas('events', events, annas);

    // Björn signs in with the bank on the same computer: still nothing of Anna's, and his export holds none of it.
    core.as('bjorn');
    await core.value('signIn');
    for (const fileName of [annas.exportName, annas.receiptName]) {
      expect(await core.call('showExport', { fileName }), fileName).toMatchObject({
        error: { code: 'EXPORT_NOT_FOUND' },
      });
    }
    expect(core.platform.shownFiles).toEqual([]);
    for (const channel of PER_CUSTOMER) {
      if (channel === 'showExport') continue;
      expectNothingOfAnnas(`${channel} as Björn`, await core.dispatch(channel, aimedAt(annas, channel)), annas);
    }
    const his = await core.value('exportHistory', {});
    expect(his.count).toBe(0);
    expect(readFileSync(join(core.platform.savedDir, his.fileName ?? ''), 'utf8')).not.toContain(NOTE);
    await core.value('signOut');

    // Anna signs in again, in this run and after a restart: everything is hers again, nothing was lost.
    for (const restart of [false, true]) {
      if (restart) {
        await core.value('signOut');
        await core.restart();
        // The passcode set after forgetting is the app's now.
        await core.value('unlock', { passcode: THEIRS });
      }
      core.as('anna');
      await core.value('signIn');
      const history = await core.value('historyPage', {});
      expect(history.items.map((item) => [item.id, item.order.extendedReference])).toEqual([[annas.payment.id, NOTE]]);
      expect(await core.value('getPayment', { id: annas.payment.id })).toMatchObject({ id: annas.payment.id });
      expect((await core.value('listAccounts')).map((account) => account.id)).toEqual([annas.accountId]);
      expect((await core.value('listPayees')).map((payee) => payee.id)).toEqual([annas.payeeId]);
      expect((await core.value('dailyLimit')).used).toBe(1500);
      expect(await core.value('saveReceipt', { id: annas.payment.id })).toMatchObject({ saved: true });
      const again = await core.value('exportHistory', {});
      expect(again.count).toBe(1);
      expect(readFileSync(join(core.platform.savedDir, again.fileName ?? ''), 'utf8')).toContain(NOTE);
      expect(await core.value('showExport', { fileName: again.fileName ?? '' })).toEqual({});
    }
    // Nothing was paid along the way but Anna's one payment.
    expect(sandbox.initiations()).toHaveLength(1);
  });

  it('forgets the customer where no sign-in was left to end: her grant had run out, her history still hers', async () => {
    const core = await open();
    const annas = await annasWallet(core);
    sandbox.clock.advanceSeconds((91 * DAY_MS) / 1000);
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'grant-ended' });
    expect((await core.value('historyPage', {})).total).toBe(1);
    await forgottenBySomeoneElse(core);
    expect(await core.value('sessionStatus')).toMatchObject({ signedOutReason: 'passcode-forgotten' });
    expect(await core.value('historyPage', {})).toEqual({ total: 0, items: [] });
    for (const channel of PER_CUSTOMER) {
      expectNothingOfAnnas(channel, await core.dispatch(channel, aimedAt(annas, channel)), annas);
    }
  });

  it('ten wrong passcodes keep the customer behind the lock; forgetting the passcode after them does not', async () => {
    const core = await open();
    const annas = await annasWallet(core);
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    for (let n = 1; n <= TRIES_BEFORE_WIPE; n += 1) {
      sandbox.clock.advanceSeconds(waitAfter(n - 1) / 1000);
      await core.call('unlock', { passcode: '000000' });
    }
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, signInsWiped: true });
    // The sign-ins ended with the app still locked: the customer is still known, behind the lock.
    await core.restart();
    await core.value('forgetPasscode');
    expect(await core.value('sessionStatus')).toMatchObject({ signedOutReason: 'passcode-forgotten' });
    for (const channel of PER_CUSTOMER) {
      expectNothingOfAnnas(channel, await core.dispatch(channel, aimedAt(annas, channel)), annas);
    }
  });

  it('forgets the customer of every profile, not only the active one', async () => {
    const core = await open([...builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID), second()]);
    const annas = await annasWallet(core);
    await core.value('switchProfile', { id: 'second' });
    await core.value('signIn');
    await core.value('savePayee', {
      name: CUSTOMERS.bjorn.name,
      kennitala: CUSTOMERS.bjorn.kennitala,
      accountNumber: CUSTOMERS.bjorn.account,
    });
    await forgottenBySomeoneElse(core);
    for (const profileId of [LOCAL_SANDBOX_ID, 'second']) {
      const change = await core.value('switchProfile', { id: profileId });
      expect(change.session, profileId).toMatchObject({ signedIn: false, signedOutReason: 'passcode-forgotten' });
      for (const channel of PER_CUSTOMER) {
        expectNothingOfAnnas(
          `${channel} in ${profileId}`,
          await core.dispatch(channel, aimedAt(annas, channel)),
          annas,
        );
      }
    }
  });
});
