import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAST_TEST_BACKUP_KDF, openBackup, sealBackup } from '../../main/backup/backup-file.ts';
import type { BackupPayload } from '../../common/backup.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { CUSTOMERS, draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 38, item 1: a backup file is something to look at, never something to send. Anyone can write one (any
 * passphrase, the customer's public kennitala), and a compromised window can hand one to `restoreBackup`. Whatever it
 * holds, nothing it brings in reaches the bank by a POST: not by the follow-up, not by a renderer's submit or check
 * again, with or without a passcode. A restored payment that is not final is at most asked about by GET where it has
 * the bank's initiation id; else it waits for the customer's word.
 */
const PASSPHRASE = 'kaffi með mjólk á morgnana';
const ATTACKER_ACCOUNT = '0101-26-999999';
let sandbox: Sandbox;
const open: InProcessWallet[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((core) => core.close()));
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

async function computer(): Promise<InProcessWallet> {
  const core = await inProcessWallet({ sandbox });
  open.push(core);
  core.as('anna');
  await core.value('signIn');
  return core;
}

/** A backup of Anna's as the app writes it, with no payments, opened: the attacker's template. */
async function template(core: InProcessWallet): Promise<BackupPayload> {
  const saved = await core.value('exportBackup', { passphrase: PASSPHRASE });
  const opened = await openBackup(readFileSync(join(core.dataDir, 'saved', saved.fileName ?? '')), PASSPHRASE);
  if (!opened.ok) throw new Error(opened.error);
  return JSON.parse(opened.plain) as BackupPayload;
}

/** A payment of Anna's to the attacker, in a state of the attacker's choosing, written a few seconds ago. */
function forged(state: PaymentIntent['state'], extra: Partial<PaymentIntent> = {}): PaymentIntent {
  const now = sandbox.clock.now() - 5_000;
  const sent = state === 'confirmed' ? {} : { firstSentAt: now };
  return {
    id: `forged-${state}-${Math.random().toString(36).slice(2)}`,
    profileId: 'local-sandbox',
    order: {
      debtorKennitala: CUSTOMERS.anna.kennitala,
      debtorAccount: '013326012345',
      depositKennitala: CUSTOMERS.bjorn.kennitala,
      depositAccount: ATTACKER_ACCOUNT.replaceAll('-', ''),
      amount: 150_000,
      endToEndId: '',
      extendedReference: '',
      payeeName: 'Björn',
    },
    requestId: 'Forged0000000000000000000000Forged'.slice(0, 32),
    state,
    stateTimes: { confirmed: now, ...(state === 'confirmed' ? {} : { [state]: now }) },
    createdAt: now,
    updatedAt: now,
    attempts: state === 'confirmed' ? 0 : 1,
    ...sent,
    ...extra,
  };
}

async function seal(payload: BackupPayload, createdAt = sandbox.clock.now()): Promise<string> {
  const file = await sealBackup(JSON.stringify(payload), 'anything at all will do', {
    kdf: FAST_TEST_BACKUP_KDF,
    now: createdAt,
  });
  return file.toString('base64');
}

const restore = (core: InProcessWallet, file: string) =>
  core.call('restoreBackup', { file, passphrase: 'anything at all will do' });

/** Every way the app could send by itself or be made to: the follow-up over a day, and a renderer's presses. */
async function everyWayToSend(core: InProcessWallet, id: string): Promise<void> {
  for (const seconds of [16, 31, 61, 121, 301, 601, 1801, 3601, 3 * 3600, 12 * 3600]) {
    sandbox.clock.advanceSeconds(seconds);
    await core.wallet.tick();
  }
  await core.call('submitPayment', { id });
  await core.call('checkAgain', { id });
  await core.restart();
  await core.wallet.tick();
  await core.call('submitPayment', { id });
}

describe('a restored backup never sends anything', () => {
  it.each(['unknown', 'sending', 'confirmed'] as const)(
    'a forged %s payment to another account is never POSTed, and waits for the customer’s word',
    async (state) => {
      const core = await computer();
      const payload = await template(core);
      const payment = forged(state);
      payload.payments = [payment];
      expect(await restore(core, await seal(payload))).toMatchObject({ ok: true, value: { added: { payments: 1 } } });

      await everyWayToSend(core, payment.id);
      expect(posts()).toHaveLength(0);
      // Shown as something to check in online banking, with the customer's word as the way forward.
      const shown = await core.value('getPayment', { id: payment.id });
      expect(shown).toMatchObject({
        state: 'unknown',
        sendsStopped: { by: 'restore' },
        restoredAt: expect.any(Number),
      });
      expect(await core.call('declareOutcome', { id: payment.id, outcome: 'notPaid' })).toMatchObject({ ok: true });
      expect(posts()).toHaveLength(0);
    },
  );

  it('even with a passcode set and presence just confirmed, a restored payment is not sent', async () => {
    const core = await computer();
    await core.value('setPasscode', { next: '482916' });
    const payload = await template(core);
    const payment = forged('confirmed');
    payload.payments = [payment];
    await restore(core, await seal(payload));
    await core.value('confirmPresence', { passcode: '482916' });
    expect(await core.call('submitPayment', { id: payment.id })).toMatchObject({
      ok: false,
      error: { code: 'RESTORED_NOT_SENT' },
    });
    expect(posts()).toHaveLength(0);
  });

  it('a restored accepted payment is asked about by GET only', async () => {
    const core = await computer();
    const { id: ownId } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    const own = await core.value('submitPayment', { id: ownId });
    const payload = await template(core);
    // The same initiation, under a payment id of the file's: the app may ask the bank what it is, nothing more.
    const payment = forged('accepted', { initiationId: own.initiationId ?? '' });
    payload.payments = [payment];
    await restore(core, await seal(payload));
    const before = posts().length;
    await everyWayToSend(core, payment.id);
    expect(posts()).toHaveLength(before);
  });

  it('a restored accepted payment is followed by the app without a press or a restart, by GET', async () => {
    const core = await computer();
    const { id: ownId } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    const own = await core.value('submitPayment', { id: ownId });
    await core.wallet.tick();
    const payload = await template(core);
    const payment = forged('accepted', { initiationId: own.initiationId ?? '' });
    payload.payments = [payment];
    await restore(core, await seal(payload));
    const asked = () =>
      sandbox.requests().filter((entry) => entry.method === 'GET' && entry.path.endsWith(own.initiationId ?? '-'));
    const before = asked().length;
    sandbox.clock.advanceSeconds(16);
    await core.wallet.tick();
    // The follow-up reads its payments again after a restore (they are told to nobody): this one is asked about.
    expect(asked().length).toBeGreaterThan(before);
    expect(posts()).toHaveLength(1);
  });

  it('never changes a local payment’s request id, order or creation time, nor makes it less final', async () => {
    const core = await computer();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    const local = await core.value('submitPayment', { id });
    expect(local.state).toBe('unknown');
    const payload = await template(core);
    const [mine] = payload.payments;
    if (!mine) throw new Error('the payment is in the backup');
    // The same payment, newer, with a new request id and the attacker's account: replaced before this fix.
    sandbox.clock.advanceSeconds(1);
    payload.payments = [
      {
        ...mine,
        requestId: 'Replaced00000000000000000000Repl',
        order: { ...mine.order, depositAccount: ATTACKER_ACCOUNT.replaceAll('-', '') },
        createdAt: mine.createdAt + 1_000,
        updatedAt: sandbox.clock.now(),
      },
    ];
    await restore(core, await seal(payload));
    const after = await core.value('getPayment', { id });
    expect(after).toMatchObject({ requestId: local.requestId, createdAt: local.createdAt });
    expect(after.order.depositAccount).toBe(local.order.depositAccount);

    // Settled here; the file says it is still unknown, and newer: it stays settled.
    sandbox.clock.advanceSeconds(60);
    const settled = await core.value('checkAgain', { id });
    expect(settled.state).toBe('settled');
    sandbox.clock.advanceSeconds(1);
    payload.payments = [{ ...mine, updatedAt: sandbox.clock.now() }];
    await restore(core, await seal(payload));
    expect((await core.value('getPayment', { id })).state).toBe('settled');
  });

  it('times after the file was made, or after now, are refused as damage, with nothing changed', async () => {
    const core = await computer();
    const payload = await template(core);
    const later = forged('settled');
    const made = sandbox.clock.now();
    for (const payment of [
      { ...later, updatedAt: made + 60_000 },
      { ...later, createdAt: made + 60_000, updatedAt: made + 60_000 },
      { ...later, stateTimes: { ...later.stateTimes, settled: made + 60_000 } },
      { ...later, firstSentAt: made + 60_000 },
    ]) {
      payload.payments = [payment];
      expect(await restore(core, await seal(payload, made))).toMatchObject({
        ok: false,
        error: { code: 'BACKUP_DAMAGED' },
      });
    }
    // A file dated in the future is refused too.
    payload.payments = [later];
    expect(
      await restore(core, await seal({ ...payload, exportedAt: made + 3_600_000 }, made + 3_600_000)),
    ).toMatchObject({ ok: false, error: { code: 'BACKUP_DAMAGED' } });
    expect((await core.value('historyPage', {})).total).toBe(0);
  });

  it('the same id twice in a file is one payment, and a made-up settled one is marked as restored', async () => {
    const core = await computer();
    const payload = await template(core);
    const settled = forged('settled');
    payload.payments = [settled, { ...settled, requestId: 'Twice000000000000000000000000Twi' }];
    expect(await restore(core, await seal(payload))).toMatchObject({ ok: true, value: { added: { payments: 1 } } });
    const page = await core.value('historyPage', {});
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ state: 'settled', restoredAt: expect.any(Number) });
  });

  it('does not turn on notification details by itself', async () => {
    const core = await computer();
    const payload = await template(core);
    expect((await core.value('getSettings')).notificationDetails).toBe(false);
    await restore(core, await seal({ ...payload, settings: { ...payload.settings, notificationDetails: true } }));
    expect((await core.value('getSettings')).notificationDetails).toBe(false);
  });
});
