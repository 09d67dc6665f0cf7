import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../common/payment.ts';
import { COUNTED_STATES, PAYMENT_STATES } from '../../../common/payment-rules.ts';
import { gmtDay } from '../../../common/time.ts';
import { dailyLimit } from '../../../main/payments/daily-ledger.ts';
import { MemoryJournal } from '../../../main/payments/journal.ts';
import { countedDay, PaymentStore } from '../../../main/payments/payment-store.ts';

/**
 * The store keeps each customer's daily total as intents change, so the limit is read in one step. Whatever the
 * sequence of changes (state, amount, the day it counts on, whose it is), a reload, or a damaged line, the kept
 * total must be what walking every payment gives.
 */
const KENNITOLUR = ['1203852089', '0507922189'];
const ACCOUNTS = ['013326020001', '013326020002'];
const START = Date.parse('2026-11-22T00:00:00Z');
const HOUR = 3_600_000;

const change = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  state: fc.constantFrom(...PAYMENT_STATES.filter((state) => state !== 'damaged')),
  amount: fc.integer({ min: 1, max: 200_000 }),
  debtor: fc.constantFrom(...KENNITOLUR),
  createdHour: fc.integer({ min: 0, max: 60 }),
  sentAfterHours: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  payeeAccount: fc.constantFrom(...ACCOUNTS),
});
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function intentOf(c: Change): PaymentIntent {
  const createdAt = START + c.createdHour * HOUR;
  return {
    id: c.id,
    profileId: 'local',
    requestId: `R${c.id}`,
    state: c.state,
    stateTimes: {},
    createdAt,
    updatedAt: createdAt,
    attempts: 0,
    ...(c.sentAfterHours === undefined ? {} : { firstSentAt: createdAt + c.sentAfterHours * HOUR }),
    order: {
      debtorKennitala: c.debtor,
      debtorAccount: '013326012345',
      depositKennitala: '0507922189',
      depositAccount: c.payeeAccount,
      amount: c.amount,
      endToEndId: '',
      extendedReference: '',
      payeeName: '',
    },
  };
}

/** The limit as the definition says: every payment of that customer counted on that day, in a counted state. */
function walked(store: PaymentStore, day: string, kennitala: string, exceptId?: string): number {
  return store
    .all()
    .filter((intent) => intent.id !== exceptId && intent.order.debtorKennitala === kennitala)
    .filter((intent) => countedDay(intent) === day && COUNTED_STATES.includes(intent.state))
    .reduce((sum, intent) => sum + intent.order.amount, 0);
}

/** "Paid before" as the definition says: an accepted or settled payment to that payee, among the readable ones. */
function walkedPaid(store: PaymentStore, debtor: string, depositAccount: string): boolean {
  return store
    .all()
    .some(
      (intent) =>
        (intent.state === 'accepted' || intent.state === 'settled') &&
        intent.order.debtorKennitala === debtor &&
        intent.order.depositKennitala === '0507922189' &&
        intent.order.depositAccount === depositAccount,
    );
}

function expectTallies(store: PaymentStore): void {
  // The history's order, kept as intents arrive, is the order a sort would give.
  const sorted = [...store.all()].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  expect(store.newestFirst().map((intent) => intent.id)).toEqual(sorted.map((intent) => intent.id));
  expect(store.count).toBe(sorted.length);
  for (const offset of [0, 1, 3]) {
    for (const limit of [1, 2, 10]) {
      const page = store.newestFirst({ offset, limit }).map((intent) => intent.id);
      expect(page).toEqual(sorted.slice(offset, offset + limit).map((intent) => intent.id));
    }
  }
  for (const debtor of KENNITOLUR) {
    for (const account of ACCOUNTS) {
      const order = { debtorKennitala: debtor, depositKennitala: '0507922189', depositAccount: account };
      expect(store.paidBefore(order)).toBe(walkedPaid(store, debtor, account));
    }
  }
  for (let hour = 0; hour <= 100; hour += 24) {
    const now = START + hour * HOUR;
    const day = gmtDay(now);
    for (const kennitala of KENNITOLUR) {
      expect(store.usedOn(day, kennitala)).toBe(walked(store, day, kennitala));
      for (const exceptId of ['a', 'b', 'zzz']) {
        expect(dailyLimit(store, kennitala, now, exceptId).used).toBe(walked(store, day, kennitala, exceptId));
      }
    }
  }
}

describe("the store's daily totals and payees paid before", () => {
  it('always equal the sum over the payments, through changes, reloads and a damaged line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { maxLength: 30 }),
        fc.nat(30),
        fc.boolean(),
        async (changes, damageAt, damage) => {
          const journal = new MemoryJournal();
          let store = new PaymentStore(journal);
          // As in the app, an intent keeps the time it was confirmed through all its changes.
          const confirmedAt = new Map<string, number>();
          for (const change of changes) {
            const c = { ...change, createdHour: confirmedAt.get(change.id) ?? change.createdHour };
            confirmedAt.set(c.id, c.createdHour);
            await store.save(intentOf(c));
            expectTallies(store);
          }
          // A line that no longer reads, then a reload: the intent it belonged to is damaged and counts in full.
          if (damage && journal.lines.length > 0) {
            const at = damageAt % journal.lines.length;
            journal.lines[at] = `{"not":"a record"`;
          }
          store = new PaymentStore(journal, { owner: KENNITOLUR[0] });
          expectTallies(store);
        },
      ),
      { numRuns: 150 },
    );
  });
});
