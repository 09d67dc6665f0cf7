import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES } from '../../../common/payment.ts';
import { addDays, dueState } from '../../../common/schedule.ts';
import { dueItem, DuePayments, payingOutcome } from '../../../main/due/due-payments.ts';
import { aesGcmBox } from '../../../main/secrets/secret-box.ts';
import { CustomerRecords } from '../../../main/secrets/customer-records.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { z } from 'zod';

/**
 * The Due list's book, without the bridge: a model-based property over every order of the customer's actions, the
 * outcome of each payment, and days passing. The bridge's own tests are in due-bridge.test.ts.
 */
const ANNA = '1203852089';
const draft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: '0507922189',
  depositAccount: '0133-26-020001',
  amount: '25000',
};

function book(start = '2026-11-22') {
  let now = Date.parse(`${start}T12:00:00Z`);
  const box = aesGcmBox(randomBytes(32));
  let ids = 0;
  const due = new DuePayments({
    store: new MemoryStore(),
    clock: { now: () => now },
    box: () => box,
    newId: () => `due-${(ids += 1)}`,
  });
  return { due, today: () => new Date(now).toISOString().slice(0, 10), pass: (days: number) => (now += days * 864e5) };
}

describe('what a payment under way says of its occurrence', () => {
  it('every stored state has an answer: only the bank taking it, or the customer saying so, handles it', () => {
    const paid = PAYMENT_STATES.filter((state) => payingOutcome(state) === 'final-paid');
    const open = PAYMENT_STATES.filter((state) => payingOutcome(state) === 'open');
    expect(paid).toEqual(['accepted', 'settled', 'declaredPaid']);
    expect(open).toEqual(['confirmed', 'sending', 'unknown', 'damaged']);
    expect(payingOutcome(undefined)).toBe('final-not-paid');
  });
});

describe('the book, model-based', () => {
  const action = fc.oneof(
    fc.record({ kind: fc.constant('skip' as const), which: fc.nat(3) }),
    fc.record({ kind: fc.constant('pay' as const), which: fc.nat(3), state: fc.constantFrom(...PAYMENT_STATES) }),
    fc.record({ kind: fc.constant('settle' as const), state: fc.constantFrom(...PAYMENT_STATES) }),
    fc.record({ kind: fc.constant('pass' as const), days: fc.integer({ min: 1, max: 40 }) }),
  );

  it('lastHandled only moves forward, only over dates the list offered, and only a paid payment or a skip moves it', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), fc.integer({ min: 1, max: 31 }), (actions, day) => {
        const { due, today, pass } = book();
        const saved = due.save('p', ANNA, { draft, schedule: { kind: 'monthly', day, start: today() } }, today());
        if (!saved.ok) throw new Error('not saved');
        const id = saved.id;
        let intent: { id: string; state: (typeof PAYMENT_STATES)[number] } | undefined;
        const item = () => due.all('p', ANNA)[0];
        for (const step of actions) {
          const before = item();
          const state = before && dueState(before.schedule, before.lastHandled, today());
          const offered = state ? [...state.overdue, state.dueToday, state.next].filter((d) => d !== undefined) : [];
          const date =
            offered[step.kind === 'skip' || step.kind === 'pay' ? step.which % Math.max(1, offered.length) : 0];
          try {
            if (step.kind === 'skip' && date) due.skip('p', ANNA, id, date, today());
            if (step.kind === 'pay' && date) {
              due.reserve('p', ANNA, id, date, today());
              intent = { id: `intent-${actions.indexOf(step)}`, state: step.state };
              due.confirmed('p', ANNA, id, date, intent.id);
            }
          } catch (error) {
            // Refused only while a payment is under way.
            expect((error as { code?: string }).code).toBe('DUE_UNDER_WAY');
            expect(before?.paying).toBeDefined();
          }
          if (step.kind === 'settle' && intent) intent.state = step.state;
          if (step.kind === 'pass') pass(step.days);
          due.settle('p', ANNA, (intentId) => (intent?.id === intentId ? intent.state : undefined));
          const after = item();
          if (!before || !after) continue;
          if (before.lastHandled) expect(after.lastHandled! >= before.lastHandled).toBe(true);
          if (after.lastHandled !== before.lastHandled) {
            // Moved: by a skip of an offered date, or by the payment under way for it having been taken.
            const moved = after.lastHandled!;
            const paidFor = step.kind === 'pay' && !before.paying ? date : before.paying?.date;
            const byPayment = paidFor === moved && payingOutcome(intent?.state) === 'final-paid';
            expect(byPayment || (step.kind === 'skip' && moved === date)).toBe(true);
          }
          // A payment whose outcome is not final keeps its occurrence under way: never offered to pay again.
          const confirmedNow = step.kind === 'pay' && !before.paying && date !== undefined;
          if ((before.paying || confirmedNow) && intent && payingOutcome(intent.state) === 'open')
            expect(after.paying?.intentId).toBe(intent.id);
          const shown = dueItem(after, today(), 200_000);
          if (shown?.open && after.lastHandled) expect(shown.open > after.lastHandled).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a skip of a date not offered changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (offset) => {
        const { due, today } = book();
        const saved = due.save('p', ANNA, { draft, schedule: { kind: 'weekly', weekday: 3, start: today() } }, today());
        if (!saved.ok) throw new Error('not saved');
        const date = addDays(today(), offset);
        const state = dueState(due.all('p', ANNA)[0]!.schedule, undefined, today());
        const offered = [...state.overdue, state.dueToday, state.next].includes(date);
        const before = JSON.stringify(due.all('p', ANNA));
        try {
          due.skip('p', ANNA, saved.id, date, today());
          expect(offered).toBe(true);
        } catch (error) {
          expect(offered).toBe(false);
          expect((error as { code?: string }).code).toBe('DUE_NOT_OPEN');
          expect(JSON.stringify(due.all('p', ANNA))).toBe(before);
        }
      }),
    );
  });
});

describe('records per customer', () => {
  const Schema = z.object({ n: z.number() });
  it('sealed under a tag, unreadable as another customer, empty when altered, kept in memory with no box', () => {
    const store = new MemoryStore();
    const box = aesGcmBox(randomBytes(32));
    const holder: { box?: typeof box } = {};
    const records = new CustomerRecords({
      store,
      box: () => holder.box,
      name: 'test',
      schema: Schema,
      empty: () => ({ n: 0 }),
    });
    records.write('p', ANNA, { n: 1 });
    expect([...store.data.keys()]).toEqual([]);
    expect(records.read('p', ANNA)).toEqual({ n: 1 });
    holder.box = box;
    records.useBox();
    const [key] = [...store.data.keys()];
    expect(key).toMatch(/^test\.p\./);
    expect(key).not.toContain(ANNA);
    expect(records.read('p', ANNA)).toEqual({ n: 1 });
    expect(records.read('p', '0507922189')).toEqual({ n: 0 });
    // Another customer's record copied under this one's name does not open.
    records.write('p', '0507922189', { n: 2 });
    const other = [...store.data.keys()].find((candidate) => candidate !== key)!;
    store.set(key!, store.get(other));

    expect(records.read('p', ANNA)).toEqual({ n: 0 });
  });

  it('a record kept in clear before is read, sealed and its clear copy forgotten', () => {
    const store = new MemoryStore();
    const box = aesGcmBox(randomBytes(32));
    const clear = new Map([[ANNA, { n: 7 }]]);
    const records = new CustomerRecords({
      store,
      box: () => box,
      name: 'test',
      schema: Schema,
      empty: () => ({ n: 0 }),
      legacy: { read: (_p, owner) => clear.get(owner), forget: (_p, owner) => void clear.delete(owner) },
    });
    expect(records.read('p', ANNA)).toEqual({ n: 7 });
    expect(clear.size).toBe(0);
    expect(records.read('p', ANNA)).toEqual({ n: 7 });
  });
});
