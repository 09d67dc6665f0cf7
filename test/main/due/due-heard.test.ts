import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DuePayments } from '../../../main/due/due-payments.ts';
import { aesGcmBox } from '../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';

/**
 * When the due book alone says what a settle against the payment store would (issue 40, item 3): the core's tick
 * then asks the store nothing. It must not be trusted alone after a payment change it heard, a change heard while a
 * settle was reading the store, a backup merged, a new key, or while an occurrence is held or under way.
 */
const ANNA = '1203852089';
const BJORN = '0507922189';
const TODAY = '2026-11-22';
const draft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: BJORN,
  depositAccount: '0133-26-020001',
  amount: '25000',
};

function book() {
  const box = aesGcmBox(randomBytes(32));
  const due = new DuePayments({
    store: new MemoryStore(),
    clock: { now: () => Date.parse(`${TODAY}T12:00:00Z`) },
    box: () => box,
    newId: () => 'due-1',
  });
  const saved = due.save('p', ANNA, { draft, schedule: { kind: 'monthly', day: 22, start: TODAY } }, TODAY);
  if (!saved.ok) throw new Error('not saved');
  /** A settle against the store, as the handlers make one: the count taken before the store is read. */
  const settle = (during: () => void = () => undefined) => {
    const asOf = due.heardSoFar('p', ANNA);
    during();
    due.settle('p', ANNA, () => undefined, { linked: () => [], trusted: true }, asOf);
  };
  return { due, id: saved.id, settle, current: () => due.current('p', ANNA) };
}

describe('the due book, current without the store', () => {
  it('only once settled against the store, and until one of the customer’s payments is heard to change', () => {
    const { due, settle, current } = book();
    expect(current()).toBe(false);
    // A settle that names no count (the book's own tests) says nothing of the store.
    due.settle('p', ANNA, () => undefined);
    expect(current()).toBe(false);
    settle();
    expect(current()).toBe(true);
    // Another customer's change, or another profile's, is not this book's.
    due.heard('p', BJORN);
    due.heard('q', ANNA);
    expect(current()).toBe(true);
    due.heard('p', ANNA);
    expect(current()).toBe(false);
    settle();
    expect(current()).toBe(true);
  });

  it('a change heard while a settle reads the store: not current after it', () => {
    const { due, settle, current } = book();
    settle(() => due.heard('p', ANNA));
    expect(current()).toBe(false);
    settle();
    expect(current()).toBe(true);
  });

  it('not while an occurrence is held or under way; a merge or a new key reads the store again', () => {
    const { due, id, settle, current } = book();
    settle();
    due.reserve('p', ANNA, id, TODAY, TODAY);
    expect(current()).toBe(false);
    due.release('p', ANNA, id);
    expect(current()).toBe(true);
    due.reserve('p', ANNA, id, TODAY, TODAY);
    due.confirmed('p', ANNA, id, TODAY, 'intent-1');
    // Its payment on its way: its outcome is asked about at each tick, as before.
    due.settle('p', ANNA, () => 'sending', { linked: () => [], trusted: true }, due.heardSoFar('p', ANNA));
    expect(current()).toBe(false);
    due.settle('p', ANNA, () => 'dropped', { linked: () => [], trusted: true }, due.heardSoFar('p', ANNA));
    expect(current()).toBe(true);
    due.merge('p', ANNA, []);
    expect(current()).toBe(false);
    settle();
    due.useBox();
    expect(current()).toBe(false);
  });
});
