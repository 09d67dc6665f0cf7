import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { isSame, isStale } from '../../renderer/src/state/payment-versions.ts';
import { paymentRecord } from '../support/seed-payments.ts';

/** Issue 28: main numbers every change of a payment; of two views of it, the renderer keeps the higher number. */
const view = (extra: Partial<PaymentView>): PaymentView => ({
  ...paymentRecord(1, { state: 'sending', createdAt: 1_000 }),
  windowClosed: false,
  ...extra,
});

describe('which view of a payment is the newer', () => {
  it('the higher version, whatever the clocks say', () => {
    const answer = view({ state: 'settled', version: 3, updatedAt: 5_000 });
    // An event of an earlier change that arrives after the answer, stamped later by a clock set forward.
    const late = view({ state: 'sending', version: 2, updatedAt: 9_000 });
    expect(isStale(late, answer)).toBe(true);
    expect(isStale(answer, late)).toBe(false);
    // Same version, same fields: nothing new.
    expect(isSame(view({ version: 3, state: 'settled', updatedAt: 5_000 }), answer)).toBe(true);
  });

  it('without versions (a stand-in for an unreadable record), the times and the stage decide, and damaged is never stale', () => {
    const settled = view({ state: 'settled', updatedAt: 5_000 });
    expect(isStale(view({ state: 'sending', updatedAt: 5_000 }), settled)).toBe(true);
    expect(isStale(view({ state: 'damaged', updatedAt: 1 }), settled)).toBe(false);
  });
});
