import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../common/payment.ts';
import { dueItem, DuePayments, payingOutcome, type LinkedOccurrence } from '../../../main/due/due-payments.ts';
import { aesGcmBox } from '../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';

/**
 * Issue 38, item 5: a due payment is paid once. The payment store links each occurrence to the payment confirmed for
 * it; the due record is kept elsewhere (the settings) and may be put back older. Before, an older record put back
 * offered an occurrence that was paid as due again, with no duplicate warning (paid days ago), and a payment gone from
 * the store freed its occurrence. Now the store's links are read over the record: an occurrence whose payment exists
 * and was taken, or may still go, is never offered again, and one gone from a store not trusted frees nothing.
 */
const ANNA = '1203852089';
const draft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: '0507922189',
  depositAccount: '0133-26-020001',
  amount: '25000',
};

function book() {
  let now = Date.parse('2026-11-22T12:00:00Z');
  const settings = new MemoryStore();
  const box = aesGcmBox(randomBytes(32));
  const due = new DuePayments({ store: settings, clock: { now: () => now }, box: () => box, newId: () => 'due-1' });
  const today = () => new Date(now).toISOString().slice(0, 10);
  return { due, settings, today, pass: (days: number) => (now += days * 864e5) };
}

/** What the Due list offers of the payment on `today`: the dates it would pay or skip now. */
function offered(due: DuePayments, today: string, store?: Parameters<DuePayments['settle']>[3]): string[] {
  const [item] = due.settle('p', ANNA, () => undefined, store);
  const shown = item && dueItem(item, today, 200_000);
  if (!shown || shown.underWay) return [];
  return [...shown.overdue, shown.dueToday, shown.next].filter((date) => date !== undefined);
}

/** A monthly payment due today, its occurrence paid (the record says so once the payment is taken). */
function paidOnce(state: PaymentState = 'settled') {
  const fixture = book();
  const { due, settings, today } = fixture;
  const saved = due.save('p', ANNA, { draft, schedule: { kind: 'monthly', day: 22, start: today() } }, today());
  if (!saved.ok) throw new Error('not saved');
  const older = new Map(settings.data);
  due.reserve('p', ANNA, saved.id, today(), today());
  due.confirmed('p', ANNA, saved.id, today(), 'intent-1');
  due.settle('p', ANNA, (id) => (id === 'intent-1' ? state : undefined));
  const link: LinkedOccurrence = { date: today(), intentId: 'intent-1', state };
  return { ...fixture, id: saved.id, older, link };
}

/** The record as it was before the payment: put back, as someone with the settings file would. */
function putBack(settings: MemoryStore, older: Map<string, unknown>): void {
  settings.data.clear();
  for (const [key, value] of older) settings.data.set(key, value);
}

describe('a due payment is paid once', () => {
  it('an older due record put back: the occurrence the store links to a taken payment is not offered again', () => {
    const { due, settings, today, older, link } = paidOnce();
    expect(offered(due, today())).not.toContain(today());
    putBack(settings, older);
    // The record alone offers it again; the store's link says it was paid.
    expect(offered(due, today())).toContain(today());
    expect(offered(due, today(), { linked: () => [link], trusted: true })).not.toContain(today());
    expect(due.all('p', ANNA)[0]?.lastHandled).toBe(today());
  });

  it('an older record put back while the payment may still go: under way, not offered', () => {
    const { due, settings, today, older, link } = paidOnce('unknown');
    putBack(settings, older);
    expect(offered(due, today(), { linked: () => [{ ...link, state: 'unknown' }], trusted: true })).toEqual([]);
    expect(due.all('p', ANNA)[0]?.paying).toEqual({ date: today(), intentId: 'intent-1' });
  });

  it('a payment gone from a store that is not trusted frees nothing; once the customer has checked, it does', () => {
    const { due, today, link } = paidOnce('sending');
    const gone = { ...link, state: undefined };
    expect(offered(due, today(), { linked: () => [gone], trusted: false })).toEqual([]);
    expect(offered(due, today(), { linked: () => [gone], trusted: true })).toContain(today());
  });

  it('whatever the record says and whatever became of the payment, an occurrence whose payment exists and is not refused is not offered', () => {
    const refused = PAYMENT_STATES.filter((state) => payingOutcome(state) === 'final-not-paid');
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_STATES),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 40 }),
        (state, putBackOlder, trusted, days) => {
          const { due, settings, today, older, link, pass } = paidOnce(state);
          if (putBackOlder) putBack(settings, older);
          pass(days);
          const shown = offered(due, today(), { linked: () => [{ ...link, state }], trusted });
          return refused.includes(state) || !shown.includes(link.date);
        },
      ),
      { numRuns: 200 },
    );
  });
});
