import fc from 'fast-check';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { PaymentDraft, PaymentIntent } from '../../../common/payment.ts';
import { PaymentService } from '../../../main/payments/payment-service.ts';
import { SOURCE_STORE_WORKER } from '../../../main/payments/payments-by-customer.ts';
import { StoreHost, type HostedStore } from '../../../main/payments/store/store-host.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { FakeBank } from './fake-bank.ts';
import { testStore, type TestStore } from '../../support/payment-store.ts';
import { testFolder } from '../../support/temp-folder.ts';

/**
 * A send's answer, written behind the send (issue 40: PaymentWrites.answered). The bank's answer is told at once, in
 * the number the store kept for it at the send's first write, and written after: what the customer is told is
 * what the store holds once written. A crash, or a write that fails, before it lands loses only that answer, which
 * the bank tells again for the same request id: the payment is found being sent, asked about, never sent twice.
 * The knob: the real store (main's, in this thread), whose answer writes a test holds, lets through or fails.
 */
const ANNA = '1203852089';
const draft = (endToEndId = 'Rent', amount = '1.500'): PaymentDraft => ({
  debtorAccount: '0133-26-012345',
  depositKennitala: '050792-2189',
  depositAccount: '0133-26-020001',
  amount,
  endToEndId,
});

let now: number;
let disk: TestStore;
let bank: FakeBank;
/** Lets what the service does after an answer (a write landing, a read after it) run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The store, with every answer written behind a send (`answerSend`) held until the test says what becomes of it. */
function holding(store: HostedStore) {
  const held: { go: () => void; fail: (error: Error) => void }[] = [];
  const wrapped = new Proxy(store, {
    get(target, key) {
      if (key === 'answerSend') {
        return (intent: PaymentIntent, over: number) =>
          new Promise((resolve, reject) => {
            held.push({ go: () => void target.answerSend(intent, over).then(resolve, reject), fail: reject });
          });
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    store: wrapped,
    held: () => held.length,
    release: async () => {
      for (const write of held.splice(0)) write.go();
      await store.integrity();
    },
    fail: () => {
      for (const write of held.splice(0)) write.fail(new WalletError('STORE_STOPPED', 'stopped before it answered'));
    },
    /** The app stops: what was held never reaches the store. */
    lose: () => void held.splice(0),
  };
}

/** The payment service over `store`, telling every change into `told` (and to `heard`, which may throw). */
function service(store: HostedStore, told: PaymentIntent[] = [], heard: (intent: PaymentIntent) => void = () => {}) {
  return new PaymentService({
    profileId: 'local',
    store,
    bank,
    clock: { now: () => now },
    customer: () => ({ kennitala: ANNA }),
    onChange: (intent) => {
      told.push(intent);
      heard(intent);
    },
    sleep: () => Promise.resolve(),
    retryDelaysMs: [100],
  });
}

beforeEach(async () => {
  now = Date.parse('2026-11-22T12:00:00Z');
  disk = await testStore(ANNA);
  bank = new FakeBank();
});

describe("a send's answer, written behind the send", () => {
  it('is told as the bank left it before it is written, in the number kept for it: the store then holds the same', async () => {
    const writes = holding(disk.store);
    const told: PaymentIntent[] = [];
    const payments = service(writes.store, told);
    const intent = await payments.confirm(draft());
    const done = await payments.submit(intent.id);
    expect(writes.held()).toBe(1);
    const sending = await disk.store.get(intent.id);
    expect(sending).toMatchObject({ state: 'sending' });
    expect(done).toMatchObject({ state: 'settled', version: (sending?.version ?? 0) + 1 });
    expect(told.at(-1)).toEqual(done);
    await writes.release();
    expect(await disk.store.get(intent.id)).toEqual(done);
  });

  it('lost to a crash before it lands: found being sent on the next start, asked about, never sent twice', async () => {
    const writes = holding(disk.store);
    const payments = service(writes.store);
    const intent = await payments.confirm(draft());
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'settled' });
    writes.lose();
    const restarted = service(await disk.reopen());
    await restarted.recover();
    expect(await restarted.reader.get(intent.id)).toMatchObject({ state: 'unknown', requestId: intent.requestId });
    expect(await restarted.checkAgain(intent.id)).toMatchObject({ state: 'settled', initiationId: 'init1' });
    expect(bank.initiations.size).toBe(1);
    expect(new Set(bank.calls.map((call) => call.requestId))).toEqual(new Set([intent.requestId]));
  });

  it('whose write fails is asked once more (the worker may have been started again), and lands as told', async () => {
    const writes = holding(disk.store);
    const told: PaymentIntent[] = [];
    const payments = service(writes.store, told);
    const intent = await payments.confirm(draft());
    const done = await payments.submit(intent.id);
    writes.fail();
    await settle();
    expect(writes.held()).toBe(1);
    await writes.release();
    expect(await disk.store.get(intent.id)).toEqual(done);
    expect(told.at(-1)).toEqual(done);
  });

  it('whose write keeps failing is asked again past the store restarts, then forgotten: the next press decides from the store', async () => {
    const writes = holding(disk.store);
    const payments = service(writes.store);
    const intent = await payments.confirm(draft());
    await payments.submit(intent.id);
    for (let tries = 0; tries < 5; tries += 1) {
      expect(writes.held()).toBe(1);
      writes.fail();
      await settle();
    }
    expect(writes.held()).toBe(0);
    // The store still says "sending": "check again" sends with the same request id, and the bank replays its answer.
    const again = await payments.checkAgain(intent.id);
    expect(again).toMatchObject({ state: 'settled', initiationId: 'init1' });
    await writes.release();
    expect(await disk.store.get(intent.id)).toEqual(again);
    expect(bank.initiations.size).toBe(1);
  });

  it('a listener that throws at the answer: the send asks again with its request id, the store ends as told, nothing left unhandled', async () => {
    const writes = holding(disk.store);
    const told: PaymentIntent[] = [];
    const payments = service(writes.store, told, (intent) => {
      if (intent.state === 'settled' && told.filter((each) => each.state === 'settled').length === 1) {
        throw new Error('a listener failed');
      }
    });
    const intent = await payments.confirm(draft());
    // Taken as any unexpected failure of a send: sent again, with the same request id; the bank replays its answer.
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'settled' });
    writes.fail();
    await settle();
    await writes.release();
    expect(await disk.store.get(intent.id)).toEqual(told.at(-1));
    expect(bank.initiations.size).toBe(1);
  });

  it('not written, as the payment changed since (not from this answer): what the store holds is read and told', async () => {
    const writes = holding(disk.store);
    const told: PaymentIntent[] = [];
    const payments = service(writes.store, told);
    const intent = await payments.confirm(draft());
    await payments.submit(intent.id);
    const sending = await disk.store.get(intent.id);
    // Behind the service's back (another connection): the payment is called interrupted.
    await disk.store.save({
      ...(sending ?? intent),
      state: 'unknown',
      error: { name: 'x', code: 'INTERRUPTED', message: 'x' },
    });
    await writes.release();
    await settle();
    const held = await disk.store.get(intent.id);
    expect(held).toMatchObject({ state: 'unknown' });
    expect(told.at(-1)).toEqual(held);
  });

  it('moved from memory to a file while the bank answers: the answer lands, and the store holds what was told', async () => {
    const host = new StoreHost({ inline: true });
    onTestFinished(() => host.stop());
    const memory = await host.open({ ...disk.options, location: ':memory:', binding: 'local/memory' }, () => undefined);
    const told: PaymentIntent[] = [];
    const payments = service(memory, told);
    const intent = await payments.confirm(draft());
    let moving: Promise<void> | undefined;
    bank.beforeCreate = () => {
      moving = memory.moveTo(
        { ...disk.options, location: join(testFolder('a2a-moved'), 'moved.sqlite') },
        () => undefined,
      );
    };
    const done = await payments.submit(intent.id);
    await moving;
    await memory.integrity();
    expect(await memory.get(intent.id)).toEqual(done);
    expect(told.at(-1)).toEqual(done);
  });

  it("lands in another number once the store's worker was started again: told again in that number", async () => {
    const host = new StoreHost({ thread: SOURCE_STORE_WORKER });
    onTestFinished(() => host.stop());
    const store = await host.open(
      { ...disk.options, location: join(testFolder('a2a-thread'), 'customer.sqlite') },
      () => undefined,
    );
    const writes = holding(store);
    const told: PaymentIntent[] = [];
    const payments = service(writes.store, told);
    const intent = await payments.confirm(draft());
    const done = await payments.submit(intent.id);
    await host.stop();
    await writes.release();
    await settle();
    const held = await store.get(intent.id);
    expect(held).toMatchObject({ state: 'settled' });
    expect(held?.version).toBeGreaterThan(done.version ?? 0);
    expect(told.at(-1)).toEqual(held);
  });

  it('whatever the interleaving of sends, notes and answers landing late: each payment is told in rising versions, and the store ends as told', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('send' as const), fc.constant('note' as const), fc.constant('land' as const)), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 3 }),
        async (steps, count) => {
          disk = await testStore(ANNA);
          bank = new FakeBank();
          const writes = holding(disk.store);
          const told: PaymentIntent[] = [];
          const payments = service(writes.store, told);
          const ids: string[] = [];
          for (let n = 0; n < count; n += 1) ids.push((await payments.confirm(draft(`Rent ${n}`, `${n + 1}00`))).id);
          let turn = 0;
          for (const step of steps) {
            const id = ids[turn++ % ids.length] ?? '';
            if (step === 'send') await payments.submit(id).catch(() => undefined);
            if (step === 'note') await payments.setNote(id, `note ${turn}`);
            if (step === 'land') await writes.release();
          }
          await writes.release();
          for (const id of ids) {
            const versions = told.filter((intent) => intent.id === id).map((intent) => intent.version ?? 0);
            expect([...versions].sort((a, b) => a - b)).toEqual(versions);
            expect(new Set(versions).size).toBe(versions.length);
            const last = told.filter((intent) => intent.id === id).at(-1);
            expect(await disk.store.get(id)).toEqual(last);
          }
          expect(bank.initiations.size).toBeLessThanOrEqual(ids.length);
          expect((await disk.reopen().then((store) => store.integrity())).trusted).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
