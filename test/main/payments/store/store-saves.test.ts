import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentDatabase } from '../../../../main/payments/store/payment-database.ts';
import type { StoreMark } from '../../../../main/payments/store/store-contract.ts';
import { StoreHost } from '../../../../main/payments/store/store-host.ts';
import { WalletError } from '../../../../main/wallet-error.ts';
import { rejectionOf } from '../../../helpers/rejection.ts';
import { storeOptions } from '../../../support/payment-store.ts';
import { confirmedPayment } from '../../../support/seed-payments.ts';

/**
 * How the store numbers what it writes (store-saves.ts, Numbering in store-contract.ts; issue 40): a send's answer in
 * the number its first write kept, never over a newer change; a move keeping every payment's number; a change that
 * does not commit leaving the head as it was.
 */
const hosts: StoreHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});
const where = (name?: string) => storeOptions(name);

function hostOf(): StoreHost {
  const host = new StoreHost({ inline: true });
  hosts.push(host);
  return host;
}

const payment = confirmedPayment;

describe('the store numbering what it writes', () => {
  it('a move keeps each payment its number, taking a number once: a damaged source never gives two rows one', () => {
    const options = where();
    const db = new PaymentDatabase(options);
    db.putAll(
      [payment(1, { version: 7 }), payment(2, { version: 7 }), payment(3), payment(4, { version: 5 })],
      [],
      [],
      true,
    );
    const versions = [1, 2, 3, 4].map((n) => db.get(payment(n).id)?.version);
    expect(versions[3]).toBe(5);
    expect(new Set(versions).size).toBe(4);
    expect(versions.filter((version) => version === 7)).toHaveLength(1);
    db.close();
    const again = new PaymentDatabase(options);
    expect(again.integrity()).toEqual({ trusted: true });
    again.close();
  });

  it('a change that does not commit leaves the head as it was: the next change and the next start agree with the rows', () => {
    const options = where();
    const db = new PaymentDatabase(options);
    db.save(payment(1));
    // The disk refuses the head's write once (a full disk), after the row and the head were counted.
    const other = new DatabaseSync(options.location);
    other.exec(`CREATE TABLE refuse (n INTEGER);
      CREATE TRIGGER refuse_head BEFORE UPDATE ON meta WHEN EXISTS (SELECT 1 FROM refuse)
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      INSERT INTO refuse VALUES (1);`);
    expect(() => db.save(payment(2))).toThrow('full');
    other.exec('DELETE FROM refuse');
    other.close();
    expect(db.save(payment(3))).toBe(2);
    db.close();
    const same = new PaymentDatabase(options);
    expect(same.integrity()).toEqual({ trusted: true });
    same.close();
  });

  describe("a send's answer, in the number its first write kept (issue 40)", () => {
    const sending = (n: number) => payment(n, { state: 'sending', firstSentAt: 1, attempts: 1 });
    const settled = (n: number, attempts = 1) =>
      payment(n, { state: 'settled', firstSentAt: 1, attempts, initiationId: `i${n}` });

    it('keeps the number after "sending" for the answer: changes meanwhile take the ones after it', async () => {
      const options = where();
      const store = await hostOf().open(options, () => undefined);
      const first = await store.save(payment(1));
      await store.save(payment(2));
      expect(await store.beginSend(sending(1), first)).toEqual({ kind: 'saved', version: 3 });
      // Another payment's change while the answer is on its way: not in the number kept.
      expect(await store.save(payment(2, { note: 'meanwhile' }))).toBe(5);
      expect(await store.answerSend(settled(1), 3)).toEqual({ version: 4, written: true });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'settled', version: 4 });
      expect(await store.save(payment(3))).toBe(6);
      // Opened again, the head agrees with the rows: nothing reads as removed or put back.
      const again = await hostOf().open(options, () => undefined);
      expect(await again.integrity()).toEqual({ trusted: true });
    });

    it('uses a kept number once, and never writes an answer over a newer change of its payment', async () => {
      const options = where();
      const store = await hostOf().open(options, () => undefined);
      const first = await store.save(payment(1));
      // A payment the store does not hold: written as any change.
      expect(await store.answerSend(payment(2), 1)).toEqual({ version: 2, written: true });
      expect(await store.beginSend(sending(1), first)).toEqual({ kind: 'saved', version: 3 });
      // Another send's answer (a later attempt's), over a version the payment has left: nothing is written.
      expect(await store.answerSend(settled(1, 2), 2)).toEqual({ version: 3, written: false });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'sending', version: 3 });
      expect(await store.answerSend(settled(1), 3)).toEqual({ version: 4, written: true });
      // The same answer again, late: the number was used, and the payment has moved on.
      expect(await store.answerSend({ ...settled(1), note: 'late' }, 3)).toEqual({ version: 4, written: false });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'settled', version: 4 });
      expect((await store.get(payment(1).id))?.note).toBeUndefined();
      expect(await store.integrity()).toEqual({ trusted: true });
      expect(
        (
          await hostOf()
            .open(options, () => undefined)
            .then((again) => again.integrity())
        ).trusted,
      ).toBe(true);
    });

    it('never writes an answer over a record that no longer opens: it stays as it was, damaged', async () => {
      const options = where();
      const store = await hostOf().open(options, () => undefined);
      const first = await store.save(payment(1));
      await store.beginSend(sending(1), first);
      const db = new DatabaseSync(options.location);
      db.prepare('UPDATE payments SET sealed = ? WHERE id = ?').run(Buffer.from('edited'), payment(1).id);
      db.close();
      await rejectionOf(store.answerSend(settled(1), 2), WalletError);
      expect((await store.get(payment(1).id))?.state).toBe('damaged');
      // Asked again (the service retries a failed answer): refused again.
      await rejectionOf(store.answerSend(settled(1), 2), WalletError);
    });

    it('an answer whose write did not commit is written in its kept number when asked again', async () => {
      const options = where();
      const store = await hostOf().open(options, () => undefined);
      const first = await store.save(payment(1));
      await store.beginSend(sending(1), first);
      const other = new DatabaseSync(options.location);
      other.exec(`CREATE TABLE refuse (n INTEGER);
        CREATE TRIGGER refuse_head BEFORE UPDATE ON meta WHEN EXISTS (SELECT 1 FROM refuse)
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
        INSERT INTO refuse VALUES (1);`);
      await rejectionOf(store.answerSend(settled(1), 2), WalletError);
      other.exec('DELETE FROM refuse');
      other.close();
      expect(await store.answerSend(settled(1), 2)).toEqual({ version: 3, written: true });
      expect(await store.integrity()).toEqual({ trusted: true });
    });

    it('a number kept and never used (the app stopped before the answer) leaves the store whole', async () => {
      const options = where();
      const marks: StoreMark[] = [];
      const store = await hostOf().open(options, (mark) => marks.push(mark));
      const first = await store.save(payment(1));
      await store.beginSend(sending(1), first);
      await store.close();
      // The mark counts the kept number: a copy from before the send would read as older.
      expect(marks.at(-1)?.seq).toBe(3);
      const again = await hostOf().open({ ...options, mark: marks.at(-1) }, () => undefined);
      expect(await again.integrity()).toEqual({ trusted: true });
      expect(await again.get(payment(1).id)).toMatchObject({ state: 'sending', version: 2 });
      // Opened again, the kept number is gone with the worker's memory: the answer over that send takes the next.
      expect(await again.answerSend(settled(1), 2)).toEqual({ version: 4, written: true });
    });

    it('moved from memory to a file while the answer is on its way: every payment keeps its number, the answer lands', async () => {
      const store = await hostOf().open({ ...where(), location: ':memory:' }, () => undefined);
      const first = await store.save(payment(1));
      const other = await store.save(payment(2));
      await store.beginSend(sending(1), first);
      await store.moveTo(where('moved'), () => undefined);
      expect(await store.get(payment(2).id)).toMatchObject({ version: other });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'sending', version: 3 });
      expect(await store.answerSend(settled(1), 3)).toEqual({ version: 4, written: true });
      expect(await store.get(payment(1).id)).toMatchObject({ state: 'settled', version: 4 });
      expect(await store.integrity()).toEqual({ trusted: true });
    });
  });
});
