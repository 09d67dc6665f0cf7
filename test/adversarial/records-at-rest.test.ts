import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import {
  CUSTOMERS,
  draftFrom,
  inProcessWallet as walletFixture,
  type InProcessWallet as WalletFixture,
} from '../support/in-process-wallet.ts';

/**
 * Issue 13, cases 2 and 10: someone with the data folder (another program, a person, a failing disk) edits or
 * damages the payment records while the app is closed. Nothing they do makes the app pay again on its own, and
 * nothing is silently lost: a damaged record is shown, counted towards the limit, and never sent. At rest the
 * records, own accounts and payees say nothing in clear.
 */
let fixture: WalletFixture;
afterEach(() => fixture.close());

function journals(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.jsonl')) found.push(path);
    }
  };
  walk(join(dataDir, 'payments'));
  return found;
}

function everyFile(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());
}

async function paidWithLostAnswer() {
  await fixture.value('signIn');
  fixture.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
  const confirmed = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
  const sent = await fixture.value('submitPayment', { id: confirmed.id });
  expect(sent.state).toBe('unknown');
  expect(fixture.sandbox.initiations()).toHaveLength(1);
  return sent;
}

describe('case 2: tampered or damaged payment records', () => {
  it('an edited request id never makes "check again" pay a second time', async () => {
    fixture = await walletFixture();
    const sent = await paidWithLostAnswer();
    await fixture.wallet.close();
    const [file] = journals(fixture.dataDir);
    const text = readFileSync(file ?? '', 'utf8');
    // The attack that worked: a fresh request id in place of the stored one. Where the id is not in clear, the
    // attacker can only change bytes of the sealed record.
    const edited = text.includes(sent.requestId)
      ? text.replaceAll(sent.requestId, 'A'.repeat(32))
      : text.replace(/"s":"v1:(.)/g, (_match, first: string) => `"s":"v1:${first === 'A' ? 'B' : 'A'}`);
    writeFileSync(file ?? '', edited);
    await fixture.restart();
    const again = await fixture.call('checkAgain', { id: sent.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'RECORD_DAMAGED' } });
    expect(fixture.sandbox.initiations()).toHaveLength(1);
    expect(await fixture.value('getPayment', { id: sent.id })).toMatchObject({
      state: 'damaged',
      error: { code: 'RECORD_DAMAGED' },
    });
  });

  it('a damaged record stays in history, in the daily limit and in the duplicate check', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const big = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 100_000) });
    await fixture.value('submitPayment', { id: big.id });
    await fixture.wallet.close();
    const [file] = journals(fixture.dataDir);
    const lines = readFileSync(file ?? '', 'utf8').split('\n');
    // The last record of the payment: a few bytes of it flipped on disk.
    const last = lines.length - 2;
    lines[last] = (lines[last] ?? '').replace(/.{8}"}$/, 'XXXXXXXX"}');
    writeFileSync(file ?? '', lines.join('\n'));
    await fixture.restart();

    const history = await fixture.value('historyPage', {});
    expect(history.items.map((item) => [item.id, item.state])).toEqual([[big.id, 'damaged']]);
    expect((await fixture.value('dailyLimit')).used).toBe(100_000);
    const again = await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 100_000));
    expect(again.duplicate?.intentId).toBe(big.id);
    const over = await fixture.value('validatePayment', draftFrom('anna', 'bjorn', 100_001));
    expect(over.errors.amount).toBe('over_remaining');
  });

  it('a line of which nothing can be read counts as the most a payment can be, on the day it was written', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const small = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 100) });
    await fixture.value('submitPayment', { id: small.id });
    await fixture.wallet.close();
    const [file] = journals(fixture.dataDir);
    writeFileSync(file ?? '', `${readFileSync(file ?? '', 'utf8')}garbage that was a record\n`);
    await fixture.restart();
    const history = await fixture.value('historyPage', {});
    expect(history.items.map((item) => item.state).sort()).toEqual(['damaged', 'settled']);
    expect((await fixture.value('dailyLimit')).remaining).toBe(0);
  });

  it('a file without its final newline keeps its last record', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const paid = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 700) });
    const settled = await fixture.value('submitPayment', { id: paid.id });
    await fixture.wallet.close();
    const [file] = journals(fixture.dataDir);
    writeFileSync(file ?? '', readFileSync(file ?? '', 'utf8').replace(/\n$/, ''));
    await fixture.restart();
    expect(await fixture.value('getPayment', { id: paid.id })).toMatchObject({ state: settled.state });
    // And the journal goes on cleanly after it.
    await fixture.value('submitPayment', {
      id: (await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 800) })).id,
    });
    await fixture.restart();
    expect((await fixture.value('historyPage', {})).items.map((item) => item.state)).toEqual(['settled', 'settled']);
  });

  it("a record copied from another customer's journal does not open there", async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    await fixture.value('submitPayment', {
      id: (await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 300) })).id,
    });
    await fixture.value('signOut');
    fixture.as('bjorn');
    await fixture.value('signIn');
    await fixture.value('submitPayment', {
      id: (await fixture.value('confirmPayment', { draft: draftFrom('bjorn', 'anna', 400) })).id,
    });
    await fixture.wallet.close();
    const files = journals(fixture.dataDir);
    expect(files).toHaveLength(2);
    const [first = '', second = ''] = files;
    writeFileSync(second, readFileSync(second, 'utf8') + readFileSync(first, 'utf8'));
    await fixture.restart();
    // Björn is still signed in; the foreign lines read as damaged in his history, never as his payments.
    const states = (await fixture.value('historyPage', {})).items.map((item) => item.state);
    expect(states.filter((state) => state === 'settled')).toHaveLength(1);
    expect(states.filter((state) => state !== 'settled').every((state) => state === 'damaged')).toBe(true);
  });
});

describe('case 10: at rest', () => {
  it('no kennitala, name, account, reference or request id is in clear anywhere in the data folder', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    await fixture.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Everyday' });
    await fixture.value('savePayee', {
      name: 'Björn Sigurðsson',
      kennitala: CUSTOMERS.bjorn.kennitala,
      accountNumber: CUSTOMERS.bjorn.account,
    });
    const paid = await fixture.value('submitPayment', {
      id: (
        await fixture.value('confirmPayment', {
          draft: draftFrom('anna', 'bjorn', 1234, { endToEndId: 'SecretRef', extendedReference: 'Birthday gift' }),
        })
      ).id,
    });
    await fixture.wallet.close();
    const secrets = [
      CUSTOMERS.anna.kennitala,
      CUSTOMERS.bjorn.kennitala,
      '013326012345',
      '013326020001',
      'Björn',
      'Bj\\u00f6rn',
      'Everyday',
      'SecretRef',
      'Birthday gift',
      paid.requestId,
      paid.initiationId ?? 'no-initiation',
    ];
    for (const path of everyFile(fixture.dataDir)) {
      const text = readFileSync(path, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${secret} in ${path}`).toBe(false);
    }
    await fixture.restart();
    expect(await fixture.value('listPayees')).toHaveLength(1);
    expect(await fixture.value('listAccounts')).toHaveLength(1);
  });

  it('with no real protection and no weak key allowed, nothing of the payments is written at all', async () => {
    fixture = await walletFixture({ keyProtector: memoryKeychain({ secure: false, reason: 'basic_text' }) });
    await fixture.value('signIn');
    await fixture.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Everyday' });
    await fixture.value('submitPayment', {
      id: (await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) })).id,
    });
    expect((await fixture.value('historyPage', {})).total).toBe(1);
    await fixture.wallet.close();
    const written = everyFile(fixture.dataDir).filter((path) => path.includes('payments'));
    expect(written).toEqual([]);
    for (const path of everyFile(fixture.dataDir)) {
      expect(readFileSync(path, 'utf8')).not.toContain(CUSTOMERS.anna.kennitala);
      expect(readFileSync(path, 'utf8')).not.toContain('013326012345');
    }
  });
});
