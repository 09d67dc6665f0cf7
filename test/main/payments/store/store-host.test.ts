import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../../common/payment.ts';
import { SOURCE_STORE_WORKER } from '../../../../main/payments/payments-by-customer.ts';
import type { StoreMark } from '../../../../main/payments/store/store-contract.ts';
import { StoreHost } from '../../../../main/payments/store/store-host.ts';
import { WalletError } from '../../../../main/wallet-error.ts';
import { rejectionOf } from '../../../helpers/rejection.ts';
import { storeOptions } from '../../../support/payment-store.ts';
import { confirmedPayment } from '../../../support/seed-payments.ts';

/**
 * The payment store behind the payment service (issue 28): its worker, its sequence, its move from memory to a
 * file, its refusal of what it cannot read, and the marks main keeps of it. The service's own tests, the
 * adversarial suite and the import test cover the rest.
 */
const hosts: StoreHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});
const where = (name?: string) => storeOptions(name);

function hostOf(transport: ConstructorParameters<typeof StoreHost>[0] = { inline: true }): StoreHost {
  const host = new StoreHost(transport);
  hosts.push(host);
  return host;
}

const payment = confirmedPayment;

describe('the payment store', () => {
  it('numbers every change: each save is the next version, and the payment read back carries it', async () => {
    const marks: StoreMark[] = [];
    const store = await hostOf().open(where(), (mark) => marks.push(mark));
    expect(await store.save(payment(1))).toBe(1);
    expect(await store.save(payment(2))).toBe(2);
    expect(await store.save(payment(1, { state: 'sending', firstSentAt: 1 }), { sync: false })).toBe(3);
    expect(await store.get(payment(1).id)).toMatchObject({ state: 'sending', version: 3 });
    // The mark follows what is surely on disk: the unsynced change does not move it.
    expect(marks.map((mark) => mark.seq)).toEqual([0, 1, 2]);
  });

  it('moves from memory to a file while payments are saved: every save lands in the file, in order', async () => {
    const host = hostOf();
    const memory = { ...where(), location: ':memory:' };
    const store = await host.open(memory, () => undefined);
    for (let n = 0; n < 20; n += 1) await store.save(payment(n));
    const file = where('moved');
    const marks: StoreMark[] = [];
    const saves = Array.from({ length: 10 }, (_, n) => store.save(payment(100 + n)));
    const moving = store.moveTo(file, (mark) => marks.push(mark));
    const later = Array.from({ length: 10 }, (_, n) => store.save(payment(200 + n)));
    await Promise.all([...saves, moving, ...later]);
    expect(existsSync(file.location)).toBe(true);
    expect(marks.length).toBeGreaterThan(0);
    await store.close();
    const reopened = await hostOf().open({ ...file, mark: marks.at(-1) }, () => undefined);
    const all = await reopened.page({ offset: 0, limit: 100 });
    expect(all.total).toBe(40);
    expect(await reopened.integrity()).toEqual({ trusted: true });
  });

  it('refuses a store written by a newer version of the app, and leaves it as it was', async () => {
    const options = where();
    const store = await hostOf().open(options, () => undefined);
    await store.save(payment(1));
    await store.close();
    const db = new DatabaseSync(options.location);
    db.exec('PRAGMA user_version = 99');
    db.close();
    const before = readFileSync(options.location);
    const error = await rejectionOf(
      hostOf().open(options, () => undefined),
      WalletError,
    );
    expect(error.code).toBe('STORE_NEWER');
    expect(readFileSync(options.location)).toEqual(before);
  });

  it('says a store whose head does not open is unreadable, and still shows what its rows hold', async () => {
    const options = where();
    let mark: StoreMark | undefined;
    const store = await hostOf().open(options, (next) => (mark = next));
    await store.save(payment(1));
    await store.close();
    const db = new DatabaseSync(options.location);
    db.prepare("UPDATE meta SET value = ? WHERE name = 'head'").run(Buffer.from('not a head'));
    db.close();
    const again = await hostOf().open({ ...options, ...(mark ? { mark } : {}) }, () => undefined);
    expect(await again.integrity()).toEqual({ trusted: false, problem: 'unreadable' });
    expect((await again.get(payment(1).id))?.state).toBe('confirmed');
  });

  it('a worker that dies: what it held fails as not known, it starts again, and the store opens again in it', async () => {
    const host = hostOf({ thread: SOURCE_STORE_WORKER });
    const options = where();
    const store = await host.open(options, () => undefined);
    await store.save(payment(1));
    const caught = store.save(payment(2)).then(
      () => 'saved',
      (error: unknown) => (error instanceof WalletError ? error.code : 'other'),
    );
    await host.stop();
    const outcome = await caught;
    expect(['saved', 'STORE_STOPPED']).toContain(outcome);
    expect(host.deaths).toBe(1);
    // Asked again: a new worker, the store opened again in it, nothing lost that was acknowledged.
    expect(await store.get(payment(1).id)).toMatchObject({ state: 'confirmed' });
    const second = await store.get(payment(2).id);
    if (outcome === 'saved') expect(second).toBeDefined();
    expect(await store.integrity()).toEqual({ trusted: true });
  });

  it('after a worker dies, what is asked while the store opens again is answered in the order asked', async () => {
    const host = hostOf({ thread: SOURCE_STORE_WORKER });
    const store = await host.open(where(), () => undefined);
    const first = await store.save(payment(1));
    await host.stop();
    // Three changes of one payment asked at once, before the store is open again: the last one asked is what stays.
    const versions = await Promise.all([
      store.save(payment(1, { note: 'one' }), { sync: false }),
      store.save(payment(1, { note: 'two' }), { sync: false }),
      store.save(payment(1, { note: 'three' }), { sync: false }),
    ]);
    expect(versions).toEqual([first + 1, first + 2, first + 3]);
    expect(await store.get(payment(1).id)).toMatchObject({ note: 'three', version: first + 3 });
  });

  it('a store that could not be opened again in a new worker is opened again at the next question', async () => {
    const host = hostOf({ thread: SOURCE_STORE_WORKER });
    const options = where();
    const store = await host.open(options, () => undefined);
    await store.save(payment(1));
    await host.stop();
    // The file is not there as a store for a moment (another program holds it, a disk not mounted yet).
    renameSync(options.location, `${options.location}.away`);
    writeFileSync(options.location, 'not a database');
    await rejectionOf(store.get(payment(1).id), WalletError);
    renameSync(`${options.location}.away`, options.location);
    expect(await store.get(payment(1).id)).toMatchObject({ state: 'confirmed' });
  });

  it('a store kept in memory is lost with its worker: opened again, it is flagged, never taken as the same', async () => {
    const host = hostOf({ thread: SOURCE_STORE_WORKER });
    const store = await host.open({ ...where(), location: ':memory:' }, () => undefined);
    await store.save(payment(1));
    await host.stop();
    expect(await store.get(payment(1).id)).toBeUndefined();
    expect(await store.integrity()).toEqual({ trusted: false, problem: 'older' });
  });

  it('a change of a payment written over its row reads back whole from a new connection, whatever it changed', async () => {
    const options = where();
    const store = await hostOf().open(options, () => undefined);
    await store.save(payment(1));
    await store.save(payment(1, { state: 'sending', firstSentAt: Date.parse('2026-11-23T00:00:01Z') }));
    // Not what the app does (a payment's time and payee stay as confirmed), but a row must never read as damaged.
    await store.save(payment(1, { createdAt: 5, order: { ...payment(1).order, depositAccount: '013326020002' } }));
    await store.close();
    const again = await hostOf().open(options, () => undefined);
    expect(await again.get(payment(1).id)).toMatchObject({
      state: 'confirmed',
      createdAt: 5,
      order: { depositAccount: '013326020002' },
      version: 3,
    });
    expect(await again.integrity()).toEqual({ trusted: true });
  });

  describe("a send's first write (beginSend)", () => {
    const DAY = '2026-11-22';
    const sending = (n: number, extra: Partial<PaymentIntent> = {}) =>
      payment(n, { state: 'sending', firstSentAt: Date.parse('2026-11-22T12:00:01Z'), attempts: 1, ...extra });

    it('writes "sending" over the very version the service decided from, and nothing over any other', async () => {
      const store = await hostOf().open(where(), () => undefined);
      const first = await store.save(payment(1));
      await store.save(payment(1, { order: { ...payment(1).order, endToEndId: 'changed' } }));
      // Decided from version 1, but the store holds version 2: refused, nothing written.
      expect(await store.beginSend(sending(1), first)).toEqual({ kind: 'stale' });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'confirmed', version: 2 });
      expect(await store.beginSend(sending(1), 2)).toEqual({ kind: 'saved', version: 3 });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'sending', version: 3 });
      // A payment the store does not hold is never begun.
      expect(await store.beginSend(sending(2), 0)).toEqual({ kind: 'stale' });
      expect(await store.get(payment(2).id)).toBeUndefined();
    });

    it('refuses a record that no longer opens, whatever version the service knew', async () => {
      const options = where();
      const store = await hostOf().open(options, () => undefined);
      const version = await store.save(payment(1));
      const db = new DatabaseSync(options.location);
      db.prepare('UPDATE payments SET sealed = ? WHERE id = ?').run(Buffer.from('edited'), payment(1).id);
      db.close();
      expect(await store.beginSend(sending(1), version)).toEqual({ kind: 'stale' });
      expect((await store.get(payment(1).id))?.state).toBe('damaged');
    });

    it("checks the amount against what is left of the day's limit besides the payment itself", async () => {
      const store = await hostOf().open(where(), () => undefined);
      // 150 000 kr. on the way already; a 60 000 kr. payment does not fit in the 200 000 kr. day, one of 50 000 does.
      await store.save(sending(1, { order: { ...payment(1).order, amount: 150_000 } }));
      const big = await store.save(payment(2, { order: { ...payment(2).order, amount: 60_000 } }));
      const limit = { day: DAY, kennitala: payment(1).order.debtorKennitala };
      expect(await store.beginSend(sending(2, { order: { ...payment(2).order, amount: 60_000 } }), big, limit)).toEqual(
        { kind: 'overLimit' },
      );
      expect(await store.get(payment(2).id)).toMatchObject({ state: 'confirmed', version: big });
      // Held while confirmed: dropped, it leaves room.
      await store.save(payment(2, { state: 'dropped', order: { ...payment(2).order, amount: 60_000 } }));
      const fits = await store.save(payment(3, { order: { ...payment(3).order, amount: 50_000 } }));
      expect(
        await store.beginSend(sending(3, { order: { ...payment(3).order, amount: 50_000 } }), fits, limit),
      ).toEqual({ kind: 'saved', version: fits + 1 });
      // Once the bank says the day's limit is reached, nothing fits.
      await store.markBankLimitReached(limit.kennitala, DAY);
      const small = await store.save(payment(4, { order: { ...payment(4).order, amount: 1 } }));
      expect(await store.beginSend(sending(4, { order: { ...payment(4).order, amount: 1 } }), small, limit)).toEqual({
        kind: 'overLimit',
      });
    });
  });

  it('searches what was saved since the search copy was made, and while it is being made', async () => {
    const store = await hostOf().open(where(), () => undefined);
    for (let n = 0; n < 3000; n += 1)
      await store.save(payment(n, { order: { ...payment(n).order, endToEndId: `Rent ${n}` } }), { sync: false });
    const searching = store.page({ offset: 0, limit: 10 }, { text: 'gift' });
    const meanwhile = store.save(payment(5000, { order: { ...payment(5000).order, endToEndId: 'Gift for Björn' } }));
    await meanwhile;
    expect((await searching).total).toBeLessThanOrEqual(1);
    const found = await store.page({ offset: 0, limit: 10 }, { text: 'gift' });
    expect(found.items.map((item) => item.id)).toEqual([payment(5000).id]);
    await store.save(payment(5001, { order: { ...payment(5001).order, endToEndId: 'Another gift' } }));
    expect((await store.page({ offset: 0, limit: 10 }, { text: 'gift' })).total).toBe(2);
  });
});
