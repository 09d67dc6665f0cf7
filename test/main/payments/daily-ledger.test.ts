import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../common/payment.ts';
import { COUNTED_STATES, PAYMENT_STATES } from '../../../common/payment-rules.ts';
import { gmtDay } from '../../../common/time.ts';
import { DatabaseSync } from 'node:sqlite';
import { dailyLimit } from '../../../main/payments/daily-ledger.ts';
import type { PaymentDatabase } from '../../../main/payments/store/payment-database.ts';
import { countedDay } from '../../../main/payments/store/store-contract.ts';
import { testStore, type TestStore } from '../../support/payment-store.ts';

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

/** Every payment, read back from the store's file (through a second connection, as a restart would read it). */
const readers = new WeakMap<TestStore, PaymentDatabase>();
function everyPayment(disk: TestStore): PaymentIntent[] {
  const reader = readers.get(disk) ?? disk.onDisk();
  readers.set(disk, reader);
  return [...reader.queries.newestFirst()];
}

/**
 * The limit as the definition says: every payment of that customer counted on that day, in a counted state; while
 * the store is not trusted, a payment whose record does not open counts on every day (issue 38: its day is a clear
 * column, which may be what was changed).
 */
function walked(
  all: readonly PaymentIntent[],
  day: string,
  kennitala: string,
  exceptId?: string,
  trusted = true,
): number {
  const counts = (intent: PaymentIntent) => countedDay(intent) === day || (!trusted && intent.state === 'damaged');
  return all
    .filter((intent) => intent.id !== exceptId && intent.order.debtorKennitala === kennitala)
    .filter((intent) => counts(intent) && COUNTED_STATES.includes(intent.state))
    .reduce((sum, intent) => sum + intent.order.amount, 0);
}

/** "Paid before" as the definition says: an accepted or settled payment to that payee, among the readable ones. */
function walkedPaid(all: readonly PaymentIntent[], debtor: string, depositAccount: string): boolean {
  return all.some(
    (intent) =>
      (intent.state === 'accepted' || intent.state === 'settled') &&
      intent.order.debtorKennitala === debtor &&
      intent.order.depositKennitala === '0507922189' &&
      intent.order.depositAccount === depositAccount,
  );
}

/**
 * `written`: the order each payment was first written in (the history's order among payments confirmed in the same
 * millisecond, store-contract.ts `page`); a damaged stand-in takes the place of the payment whose row it is.
 */
async function expectTallies(disk: TestStore, written: (intent: PaymentIntent) => number): Promise<void> {
  const store = disk.store;
  const all = everyPayment(disk);
  // The history's order, kept as intents arrive, is the order a sort would give.
  const sorted = [...all].sort((a, b) => b.createdAt - a.createdAt || written(b) - written(a));
  const ids = (intents: readonly PaymentIntent[]) => intents.map((intent) => intent.id);
  const whole = await store.page({ offset: 0, limit: 100_000 });
  expect(ids(whole.items)).toEqual(ids(sorted));
  expect(whole.total).toBe(sorted.length);
  for (const offset of [0, 1, 3]) {
    for (const limit of [1, 2, 10]) {
      const page = ids((await store.page({ offset, limit })).items);
      expect(page).toEqual(ids(sorted.slice(offset, offset + limit)));
    }
  }
  for (const debtor of KENNITOLUR) {
    for (const account of ACCOUNTS) {
      const order = { debtorKennitala: debtor, depositKennitala: '0507922189', depositAccount: account };
      expect(await store.paidBefore(order)).toBe(walkedPaid(all, debtor, account));
    }
  }
  const { trusted } = await store.integrity();
  for (let hour = 0; hour <= 100; hour += 24) {
    const now = START + hour * HOUR;
    const day = gmtDay(now);
    for (const kennitala of KENNITOLUR) {
      const used = await store.usedBy(day, kennitala);
      expect(used.held + used.uncertain + used.spent).toBe(walked(all, day, kennitala, undefined, trusted));
      for (const exceptId of ['a', 'b', 'zzz']) {
        const expected = walked(all, day, kennitala, exceptId, trusted);
        expect((await dailyLimit(store, kennitala, now, exceptId)).used).toBe(expected);
      }
    }
  }
}

/** Makes one row of the store's file no longer read (its sealed last record cut short), as a damaged line was. */
function damageRow(disk: TestStore, at: number): boolean {
  const db = new DatabaseSync(disk.options.location);
  try {
    // In the order the payments were first written, as the ids in the test's model are.
    const rows = db.prepare('SELECT rowid AS row FROM payments ORDER BY first_seq').all() as { row: number }[];
    const row = rows[at];
    if (!row) return false;
    db.prepare("UPDATE payments SET sealed = x'0102' WHERE rowid = ?").run(row.row);
    return true;
  } finally {
    db.close();
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
          const disk = await testStore(KENNITOLUR[0]);
          // As in the app, an intent keeps the time it was confirmed through all its changes.
          const confirmedAt = new Map<string, number>();
          const firstWritten = new Map<string, number>();
          let damagedId: string | undefined;
          const written = (intent: PaymentIntent) =>
            firstWritten.get(intent.state === 'damaged' && damagedId ? damagedId : intent.id) ?? -1;
          try {
            for (const change of changes) {
              const c = { ...change, createdHour: confirmedAt.get(change.id) ?? change.createdHour };
              confirmedAt.set(c.id, c.createdHour);
              if (!firstWritten.has(c.id)) firstWritten.set(c.id, firstWritten.size);
              await disk.store.save(intentOf(c));
              await expectTallies(disk, written);
            }
            // A record that no longer reads, then a reload: the intent it belonged to is damaged and counts in full.
            if (damage) {
              const at = damageAt % Math.max(firstWritten.size, 1);
              if (damageRow(disk, at)) damagedId = [...firstWritten.keys()][at];
            }
            await disk.reopen();
            await expectTallies(disk, written);
          } finally {
            await disk.store.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
