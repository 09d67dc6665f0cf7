import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BankError } from '../../../main/bank/bank-error.ts';
import { PaymentsByCustomer } from '../../../main/payments/payments-by-customer.ts';
import { aesGcmBox, newDataKey } from '../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 42, item 13: a private note on a payment, kept only on this computer: sealed with the payment, never sent to
 * the bank, never in a support bundle, in a CSV export only when the customer ticks it; shown in History and
 * searchable. And a note written while a send is under way loses neither.
 */
const NOTE = 'Afmælisgjöf handa Birni, frá okkur öllum';
let core: InProcessWallet | undefined;
const folders: string[] = [];
afterEach(async () => {
  await core?.close();
  core = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function paidOne(): Promise<{ wallet: InProcessWallet; id: string }> {
  const wallet = await inProcessWallet();
  core = wallet;
  await wallet.value('signIn');
  const { id } = await wallet.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
  expect((await wallet.value('submitPayment', { id })).state).toBe('settled');
  return { wallet, id };
}

const everyFile = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());

describe('a private note on a payment', () => {
  it('is kept with the payment, not as a change of it, and the bank hears nothing of it', async () => {
    const { wallet, id } = await paidOne();
    const before = await wallet.value('getPayment', { id });
    const asked = wallet.sandbox.requests().length;
    const noted = await wallet.value('setPaymentNote', { id, note: `  ${NOTE}  ` });
    expect(noted).toMatchObject({ note: NOTE, state: 'settled', updatedAt: before.updatedAt });
    expect(noted.version).toBeGreaterThan(before.version ?? 0);
    expect(wallet.sandbox.requests()).toHaveLength(asked);
    // Kept across a restart; an empty note removes it.
    await wallet.restart();
    expect((await wallet.value('getPayment', { id })).note).toBe(NOTE);
    expect((await wallet.value('setPaymentNote', { id, note: ' ' })).note).toBeUndefined();
  });

  it('is found by a text search of the history', async () => {
    const { wallet, id } = await paidOne();
    await wallet.value('setPaymentNote', { id, note: NOTE });
    const found = await wallet.value('historyPage', { filter: { text: 'afmælisgjöf' }, offset: 0, limit: 10 });
    expect(found.items.map((item) => item.id)).toEqual([id]);
    expect((await wallet.value('historyPage', { filter: { text: 'jólagjöf' }, offset: 0, limit: 10 })).total).toBe(0);
  });

  it('is in a CSV export only when the customer ticks it', async () => {
    const { wallet, id } = await paidOne();
    await wallet.value('setPaymentNote', { id, note: NOTE });
    const without = await wallet.value('exportHistory', { filter: {} });
    const ticked = await wallet.value('exportHistory', { filter: {}, includeNotes: true });
    const read = (saved: { fileName?: string | undefined; folder?: string | undefined }) =>
      readFileSync(join(saved.folder ?? '', saved.fileName ?? ''), 'utf8');
    expect(read(without)).not.toContain(NOTE);
    expect(read(without)).not.toContain('Your note');
    expect(read(ticked)).toContain('Your note');
    expect(read(ticked)).toContain(NOTE);
  });

  it('never shows in a support bundle, nor in clear in any file of the data folder', async () => {
    const { wallet, id } = await paidOne();
    await wallet.value('setPaymentNote', { id, note: NOTE });
    expect((await wallet.value('previewSupportBundle')).content).not.toContain('Afmælisgjöf');
    await wallet.wallet.idle();
    for (const path of everyFile(wallet.dataDir)) {
      const bytes = readFileSync(path);
      expect(bytes.includes(Buffer.from('Afmælisgjöf')), path).toBe(false);
      expect(bytes.includes(Buffer.from('Birni')), path).toBe(false);
    }
  });

  it('is refused on another customer’s payment, and when longer than 500 characters', async () => {
    const { wallet, id } = await paidOne();
    expect(await wallet.call('setPaymentNote', { id, note: 'x'.repeat(501) })).toMatchObject({ ok: false });
    await wallet.value('signOut');
    wallet.as('bjorn');
    await wallet.value('signIn');
    expect(await wallet.call('setPaymentNote', { id, note: 'mine now' })).toMatchObject({ ok: false });
  });
});

describe('a note and a send of the same payment', () => {
  /** A customer's payments whose bank answers the POST when the test says so. */
  async function heldBank() {
    const dataDir = mkdtempSync(join(tmpdir(), 'a2a-note-'));
    folders.push(dataDir);
    let answer: () => void = () => undefined;
    let posts = 0;
    const box = aesGcmBox(newDataKey());
    const payments = new PaymentsByCustomer({
      dataDir,
      clock: { now: () => Date.parse('2026-11-22T12:00:00Z') },
      settings: new MemoryStore(),
      box: () => box,
      bank: () => ({
        createCreditTransfer: () => {
          posts += 1;
          return new Promise(
            (resolve) =>
              (answer = () => resolve({ initiationId: `init-${String(posts)}`, location: '', httpStatus: 201 })),
          );
        },
        getCreditTransfer: () =>
          Promise.reject(new BankError({ name: 'NetworkError', code: 'DOWN', message: 'down', retryable: true })),
      }),
      signedIn: () => ({ kennitala: '1203852089' }),
      onChange: () => undefined,
      storeTransport: { inline: true },
    });
    const service = await payments.of('local', '1203852089');
    const draft = {
      debtorAccount: '013326012345',
      depositKennitala: '0507922189',
      depositAccount: '013326020001',
      amount: '1500',
      endToEndId: 'Rent',
    };
    const intent = await service.confirm(draft);
    return { payments, service, id: intent.id, answer: () => answer(), posts: () => posts };
  }
  const turns = async (count: number) => {
    for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it('a note written while the send is under way waits for it: the payment keeps both', async () => {
    const { payments, service, id, answer } = await heldBank();
    const sending = service.submit(id);
    await turns(5);
    const noting = service.setNote(id, NOTE);
    await turns(5);
    answer();
    expect((await sending).state).toBe('accepted');
    expect(await noting).toMatchObject({ state: 'accepted', note: NOTE });
    expect(await service.reader.get(id)).toMatchObject({ state: 'accepted', note: NOTE });
    await payments.close();
  });

  // The store answers in microtasks here (inline): each step of the note's write is a few of them apart.
  it.each(Array.from({ length: 40 }, (_, ticks) => ticks))(
    'a send and a note asked %i ticks apart: the send goes once, and the payment keeps the note',
    async (apart) => {
      const { payments, service, id, answer, posts } = await heldBank();
      const noting = service.setNote(id, NOTE);
      for (let tick = 0; tick < apart; tick += 1) await Promise.resolve();
      const sending = service.submit(id);
      // The bank answers whenever the POST comes; nothing else is held.
      let done = false;
      const both = Promise.all([noting, sending]).finally(() => (done = true));
      while (!done) {
        await turns(1);
        answer();
      }
      const [noted, sent] = await both;
      expect(noted.note).toBe(NOTE);
      expect(sent.state).toBe('accepted');
      expect(posts()).toBe(1);
      expect(await service.reader.get(id)).toMatchObject({ state: 'accepted', note: NOTE });
      await payments.close();
    },
  );
});
