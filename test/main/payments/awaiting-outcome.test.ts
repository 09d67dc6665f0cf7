import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../common/payment.ts';
import { awaitsOutcome, FOLLOWED_STATES } from '../../../common/payment-status.ts';
import { PAYMENT_STATES, type PaymentState } from '../../../common/payment-rules.ts';
import { AwaitingOutcome } from '../../../main/payments/awaiting-outcome.ts';
import { paymentRecord } from '../../support/seed-payments.ts';

/**
 * Issue 40: the follow-up's payments are read from the store once, then kept as the service writes them. Against a
 * model store: whatever is written (heard) or changed unheard (a restore, a lost write: then forgotten), the answer
 * is the store's own, filtered as the follow-up's question filters it.
 */
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const STORED = PAYMENT_STATES.filter((state) => state !== 'draft');
const record = (n: number, state: PaymentState): PaymentIntent => paymentRecord(n, { state, createdAt: NOW - 60_000 });

function modelStore() {
  const rows = new Map<string, PaymentIntent>();
  let reads = 0;
  return {
    rows,
    get reads() {
      return reads;
    },
    read: () => {
      reads += 1;
      return Promise.resolve([...rows.values()].filter((intent) => FOLLOWED_STATES.includes(intent.state)));
    },
  };
}
const expected = (rows: Map<string, PaymentIntent>) =>
  [...rows.values()]
    .filter((intent) => awaitsOutcome(intent, NOW))
    .map((intent) => intent.id)
    .sort();
const ids = (intents: PaymentIntent[]) => intents.map((intent) => intent.id).sort();

describe('the payments awaiting an outcome, kept as written', () => {
  it('answers what the store holds, after any run of heard writes, unheard changes and questions', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), n: fc.nat(5), state: fc.constantFrom(...STORED) }),
      fc.record({ kind: fc.constant('unheard' as const), n: fc.nat(5), state: fc.constantFrom(...STORED) }),
      fc.record({ kind: fc.constant('ask' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const store = modelStore();
        const awaiting = new AwaitingOutcome(store.read);
        for (const each of steps) {
          if (each.kind === 'ask') {
            expect(ids(await awaiting.at(NOW))).toEqual(expected(store.rows));
            continue;
          }
          const intent = record(each.n, each.state);
          store.rows.set(intent.id, intent);
          if (each.kind === 'write') awaiting.heard(intent);
          else awaiting.forget();
        }
        expect(ids(await awaiting.at(NOW))).toEqual(expected(store.rows));
      }),
    );
  });

  it('reads the store once, then not again while only heard writes change it', async () => {
    const store = modelStore();
    const awaiting = new AwaitingOutcome(store.read);
    await Promise.all([awaiting.at(NOW), awaiting.at(NOW)]);
    awaiting.heard(record(1, 'accepted'));
    awaiting.heard(record(1, 'settled'));
    await awaiting.at(NOW);
    expect(store.reads).toBe(1);
    awaiting.forget();
    await awaiting.at(NOW);
    expect(store.reads).toBe(2);
  });

  it('a write heard while the store is read is not lost to the older answer', async () => {
    let release: (found: PaymentIntent[]) => void = () => undefined;
    const awaiting = new AwaitingOutcome(() => new Promise((resolve) => (release = resolve)));
    const asked = awaiting.at(NOW);
    // The read began before the send's answer was written: it still says "unknown", the write says settled.
    awaiting.heard(record(1, 'settled'));
    awaiting.heard(record(2, 'accepted'));
    release([record(1, 'unknown')]);
    expect(ids(await asked)).toEqual([record(2, 'accepted').id]);
    expect(ids(await awaiting.at(NOW))).toEqual([record(2, 'accepted').id]);
  });

  it('a read that was under way when the store changed unheard is read again next time', async () => {
    const reads: ((found: PaymentIntent[]) => void)[] = [];
    const awaiting = new AwaitingOutcome(() => new Promise((resolve) => reads.push(resolve)));
    const first = awaiting.at(NOW);
    awaiting.forget();
    reads[0]?.([]);
    expect(await first).toEqual([]);
    const second = awaiting.at(NOW);
    expect(reads).toHaveLength(2);
    reads[1]?.([record(3, 'accepted')]);
    expect(ids(await second)).toEqual([record(3, 'accepted').id]);
  });

  it('a failed read is tried again on the next question', async () => {
    let fail = true;
    const awaiting = new AwaitingOutcome(() => (fail ? Promise.reject(new Error('stopped')) : Promise.resolve([])));
    await expect(awaiting.at(NOW)).rejects.toThrow('stopped');
    fail = false;
    expect(await awaiting.at(NOW)).toEqual([]);
  });
});
