import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackupPayload } from '../../../common/backup.ts';
import { FAST_TEST_BACKUP_KDF, openBackup, sealBackup } from '../../../main/backup/backup-file.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import {
  draftFrom,
  inProcessWallet,
  NOON,
  sandboxProfile,
  type InProcessWallet,
} from '../../support/in-process-wallet.ts';

/**
 * A move to a new computer (issue 29) through the real core: a backup made on one, restored on another (a second
 * core with its own data folder and keychain, at the same sandbox bank), merged without duplicates, and every
 * hostile file refused with its own code and nothing changed.
 */
const PASSPHRASE = 'kaffi með mjólk á morgnana';
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

async function computer(as: 'anna' | 'bjorn' = 'anna'): Promise<InProcessWallet> {
  const core = await inProcessWallet({ sandbox });
  open.push(core);
  core.as(as);
  await core.value('signIn');
  return core;
}

async function pay(core: InProcessWallet, amount: number, extra: Record<string, string> = {}) {
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount, extra) });
  return core.value('submitPayment', { id });
}

/** Anna's first computer: two payments, an account, a payee, a payment that comes due; its backup file. */
async function annasBackup(): Promise<{ first: InProcessWallet; file: Buffer }> {
  const first = await computer();
  await pay(first, 1500);
  await pay(first, 2500, { endToEndId: 'Leiga' });
  await first.value('saveAccount', { accountNumber: '0133-26-012345', label: 'Launareikningur' });
  await first.value('savePayee', { name: 'Björn', kennitala: '0507922189', accountNumber: '0133-26-020001' });
  await first.value('saveDue', {
    draft: draftFrom('anna', 'bjorn', 25_000),
    schedule: { kind: 'monthly', day: 1, start: '2026-12-01' },
  });
  const saved = await first.value('exportBackup', { passphrase: PASSPHRASE });
  expect(saved).toMatchObject({ saved: true, counts: { accounts: 1, payees: 1, payments: 2, due: 1 } });
  return { first, file: readFileSync(join(first.dataDir, 'saved', saved.fileName ?? '')) };
}

const restore = (core: InProcessWallet, file: Buffer, passphrase = PASSPHRASE) =>
  core.call('restoreBackup', { file: file.toString('base64'), passphrase });

async function contents(core: InProcessWallet) {
  return {
    payments: (await core.value('historyPage', {})).items.map((item) => [item.id, item.state]).sort(),
    accounts: (await core.value('listAccounts')).map((account) => account.accountNumber),
    payees: (await core.value('listPayees')).map((payee) => payee.name),
    due: (await core.value('listDue')).items.map((item) => item.id),
  };
}

describe('a backup moved to a new computer', () => {
  it('restores the same customer’s data once: a second restore adds nothing', async () => {
    const { first, file } = await annasBackup();
    const second = await computer();
    expect((await contents(second)).payments).toEqual([]);
    expect(await restore(second, file)).toMatchObject({
      ok: true,
      value: { added: { accounts: 1, payees: 1, payments: 2, due: 1 }, updated: { payments: 0, due: 0 } },
    });
    expect(await contents(second)).toEqual(await contents(first));
    expect(await restore(second, file)).toMatchObject({
      ok: true,
      value: { added: { accounts: 0, payees: 0, payments: 0, due: 0 }, updated: { payments: 0, due: 0 } },
    });
    expect(await contents(second)).toEqual(await contents(first));
    // The restored payments count against the limit as they did: the same day, the same amounts.
    expect((await second.value('dailyLimit')).spent).toBe(4000);
  });

  it('the newer state of a payment wins, on either side', async () => {
    const first = await computer();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const lost = await pay(first, 1500);
    expect(lost.state).toBe('unknown');
    const older = readFileSync(
      join(first.dataDir, 'saved', (await first.value('exportBackup', { passphrase: PASSPHRASE })).fileName ?? ''),
    );
    sandbox.clock.advanceSeconds(60);
    const known = await first.value('checkAgain', { id: lost.id });
    expect(['accepted', 'settled']).toContain(known.state);
    // The older backup put back where the payment is known: kept as known.
    expect(await restore(first, older)).toMatchObject({ value: { updated: { payments: 0 } } });
    expect((await first.value('getPayment', { id: lost.id })).state).toBe(known.state);
    // A computer with the older state takes the newer one.
    const second = await computer();
    await restore(second, older);
    const newer = readFileSync(
      join(first.dataDir, 'saved', (await first.value('exportBackup', { passphrase: PASSPHRASE })).fileName ?? ''),
    );
    expect(await restore(second, newer)).toMatchObject({ value: { updated: { payments: 1 } } });
    expect((await second.value('getPayment', { id: lost.id })).state).toBe(known.state);
  });

  it('a reminder ahead is kept through a backup; an older backup, made before reminders, restores with none', async () => {
    const first = await computer();
    const draft = draftFrom('anna', 'bjorn', 25_000);
    await first.value('saveDue', { draft, schedule: { kind: 'monthly', day: 1, start: '2026-12-01' }, remind: 3 });
    const saved = await first.value('exportBackup', { passphrase: PASSPHRASE });
    const file = readFileSync(join(first.dataDir, 'saved', saved.fileName ?? ''));
    const second = await computer();
    await restore(second, file);
    expect((await second.value('listDue')).items.map((item) => item.remind)).toEqual([3]);

    // The same file as an app before issue 42 would have written it: no `remind` at all.
    const opened = await openBackup(file, PASSPHRASE);
    if (!opened.ok) throw new Error(opened.error);
    const payload = JSON.parse(opened.plain) as BackupPayload;
    expect(payload.due[0]?.remind).toBe(3);
    const older = { ...payload, due: payload.due.map(({ remind: _remind, ...item }) => item) };
    const third = await computer();
    const sealed = await sealBackup(JSON.stringify(older), PASSPHRASE, { kdf: FAST_TEST_BACKUP_KDF });
    expect(await restore(third, sealed)).toMatchObject({ ok: true, value: { added: { due: 1 } } });
    const [item] = (await third.value('listDue')).items;
    expect(item).toMatchObject({ next: '2026-12-01' });
    expect(item?.remind).toBeUndefined();
  });

  it('holds no token, client secret or passcode', async () => {
    const first = await computer();
    await first.value('setPasscode', { next: '482916' });
    await first.value('confirmPresence', { passcode: '482916' });
    await pay(first, 1500);
    const saved = await first.value('exportBackup', { passphrase: PASSPHRASE });
    const opened = await openBackup(readFileSync(join(first.dataDir, 'saved', saved.fileName ?? '')), PASSPHRASE);
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.plain).not.toMatch(/token|secret|482916|passcode/i);
  });
});

describe('a backup refused, with nothing changed', () => {
  it('a weak passphrase: refused before anything is written', async () => {
    const first = await computer();
    for (const weak of ['short', '1203852089120385', 'aaaaaaaaaaaaaaaaaaaa', '1234567890123456789']) {
      expect(await first.call('exportBackup', { passphrase: weak })).toMatchObject({
        ok: false,
        error: { code: 'BACKUP_WEAK_PASSPHRASE' },
      });
    }
  });

  it('another customer, a wrong passphrase, a damaged file, a newer format, not a backup', async () => {
    const { file } = await annasBackup();
    const bjorn = await computer('bjorn');
    const before = await contents(bjorn);
    const header = file.subarray(0, file.indexOf(0x0a)).toString('utf8');
    const newer = Buffer.concat([
      Buffer.from(header.replace('"version":2', '"version":3')),
      file.subarray(header.length),
    ]);
    const damaged = Buffer.from(file);
    damaged[damaged.length - 40] = (damaged[damaged.length - 40] ?? 0) ^ 1;
    const cases: [Buffer, string, string?][] = [
      [file, 'BACKUP_OTHER_CUSTOMER'],
      [file, 'BACKUP_WRONG_PASSPHRASE', 'kaffi með rjóma á morgnana'],
      [damaged, 'BACKUP_DAMAGED'],
      [newer, 'BACKUP_NEWER_FORMAT'],
      [Buffer.from('\x89PNG\r\n\x1a\n not a backup'), 'BACKUP_NOT_A_BACKUP'],
      [file.subarray(0, file.length / 2), 'BACKUP_DAMAGED'],
    ];
    for (const [bytes, code, passphrase] of cases) {
      expect(await restore(bjorn, bytes, passphrase), code).toMatchObject({ ok: false, error: { code } });
    }
    expect(await contents(bjorn)).toEqual(before);
  });

  it('another bank: a backup from the local sandbox is not restored into a profile of another bank', async () => {
    const { file } = await annasBackup();
    const second = await inProcessWallet({ sandbox, platform: { shipped: { profiles: [], allowEdit: true } } });
    open.push(second);
    await second.value('saveProfile', sandboxProfile(sandbox));
    await second.value('switchProfile', { id: 'my-sandbox' });
    await second.value('signIn');
    expect(await restore(second, file)).toMatchObject({ ok: false, error: { code: 'BACKUP_OTHER_BANK' } });
    expect((await contents(second)).payments).toEqual([]);
  });

  it('nobody signed in: refused', async () => {
    const { file } = await annasBackup();
    const second = await computer();
    await second.value('signOut');
    expect(await restore(second, file)).toMatchObject({ ok: false });
    expect(await second.call('exportBackup', { passphrase: PASSPHRASE })).toMatchObject({ ok: false });
  });
});
