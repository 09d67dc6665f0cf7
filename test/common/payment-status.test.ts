import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTED_STATES, LIMIT_EFFECT, PAYMENT_STATES, type PaymentState } from '../../common/payment-rules.ts';
import {
  duplicateKind,
  PAYMENT_STATUS,
  receiptKind,
  SHOWN_STATES,
  shownState,
  type ShownFacts,
  type ShownRow,
  type ShownState,
  type WindowFacts,
} from '../../common/payment-status.ts';
import { actionsIn, codeIn, README_STATE_TABLE, repoText, STATE_TABLE, tableAfter } from '../support/markdown-table.ts';

/**
 * Issue 25: one table of payment states as the customer sees them (common/payment-status.ts). Its rows agree with
 * what main reads from a stored state, shownState only refines a stored state, and the table in docs/PAYMENT-CORE.md
 * says what the code says, so neither can drift. The words of each state (both languages, and as the doc quotes
 * them) are checked beside the renderer's messages: test/renderer/payment-status-words.test.ts.
 */

const rows = SHOWN_STATES.map((shown) => [shown, PAYMENT_STATUS[shown]] as const);
const rowsOf = (stored: PaymentState) => rows.filter(([, row]) => row.stored === stored);

describe('the table of shown states', () => {
  it('reads every stored state, and the rows read from one agree on the limit, the receipt and the duplicate', () => {
    for (const stored of PAYMENT_STATES) {
      const read = rowsOf(stored).map(([, row]) => row);
      expect(read.length, stored).toBeGreaterThan(0);
      for (const row of read) {
        expect(row.limit, stored).toBe(LIMIT_EFFECT[stored]);
        expect(row.receipt, stored).toBe(read[0]?.receipt);
        expect(row.duplicate, stored).toBe(read[0]?.duplicate);
      }
    }
  });

  it('says what main says of a stored state: duplicateKind and receiptKind agree with every row', () => {
    for (const [shown, row] of rows) {
      expect(duplicateKind(row.stored), shown).toBe(row.duplicate === 'none' ? undefined : row.duplicate);
      expect(receiptKind(row.stored), shown).toBe(row.receipt);
    }
  });

  it('counts against the limit exactly the stored states whose rows have an effect', () => {
    const withEffect = new Set(rows.filter(([, row]) => row.limit !== 'none').map(([, row]) => row.stored));
    expect(new Set(COUNTED_STATES)).toEqual(withEffect);
  });

  it('offers each action once in a row, and asks the bank by itself only about what it may still learn', () => {
    for (const [shown, row] of rows) {
      expect(new Set(row.actions).size, shown).toBe(row.actions.length);
      if (row.followedUp) expect(['accepted', 'unknown'], shown).toContain(row.stored);
    }
  });
});

/** What the table says each combination of facts is shown as (the stored state, refined by the clock and window). */
function expectedShown(payment: ShownFacts, window: WindowFacts): ShownState {
  switch (payment.state) {
    case 'confirmed':
      if (window.prompting) return 'awaitingPasscode';
      return payment.windowClosed ? 'notSentTooLate' : 'notSent';
    case 'sending':
      // A second attempt is the app's own retry: the bank did not answer the first.
      return window.slow || payment.attempts > 1 ? 'slow' : 'sending';
    case 'unknown':
      if (payment.sendsStopped) return payment.sendsStopped.by === 'restore' ? 'unknownRestored' : 'unknownStopped';
      return payment.windowClosed ? 'unknownTooLate' : 'unknown';
    default:
      return payment.state;
  }
}

describe('shownState', () => {
  const facts = fc.record({
    state: fc.constantFrom(...PAYMENT_STATES),
    attempts: fc.oneof(fc.constantFrom(0, 1, 2), fc.nat()),
    windowClosed: fc.boolean(),
    sendsStopped: fc.option(fc.record({ by: fc.constantFrom('customer' as const, 'restore' as const) }), {
      nil: undefined,
    }),
  });
  const windowFacts = fc.record({ prompting: fc.boolean(), slow: fc.boolean() }, { requiredKeys: [] });

  // The hook that shows a payment (components/use-payment-actions.ts) reads a confirmed payment that this window is
  // sending as `sending` before main says so; shownState itself never leaves the stored state.
  it('is always a row read from the stored state: the clock and the window only refine within it', () => {
    fc.assert(
      fc.property(facts, windowFacts, (payment, window) => {
        const shown = shownState(payment, window);
        expect(SHOWN_STATES).toContain(shown);
        expect(PAYMENT_STATUS[shown].stored).toBe(payment.state);
        expect(shown).toBe(expectedShown(payment, window));
      }),
      { numRuns: 500 },
    );
  });

  it('refines as the table says, for every combination, and so reaches every row', () => {
    const reached = new Set<ShownState>();
    for (const state of PAYMENT_STATES) {
      for (const attempts of [0, 1, 2, 3]) {
        for (const windowClosed of [false, true]) {
          for (const prompting of [undefined, false, true]) {
            for (const slow of [undefined, false, true]) {
              for (const by of [undefined, 'customer', 'restore'] as const) {
                const payment = { state, attempts, windowClosed, ...(by ? { sendsStopped: { by } } : {}) };
                const window = {
                  ...(prompting === undefined ? {} : { prompting }),
                  ...(slow === undefined ? {} : { slow }),
                };
                const shown = shownState(payment, window);
                expect(shown, JSON.stringify({ payment, window })).toBe(expectedShown(payment, window));
                reached.add(shown);
              }
            }
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...SHOWN_STATES].sort());
  });
});

describe('docs/PAYMENT-CORE.md', () => {
  const table = tableAfter(repoText('docs/PAYMENT-CORE.md'), STATE_TABLE);

  it('lists every shown state once, in the table’s order', () => {
    expect(table.map((cells) => codeIn(cells[0]))).toEqual([...SHOWN_STATES]);
  });

  it.each(rows)('says of %s what the code says', (shown, row: ShownRow) => {
    const cells = table.find((candidate) => codeIn(candidate[0]) === shown) ?? [];
    const [, stored, , , actions, limit, followedUp, receipt, duplicate] = cells;
    expect(codeIn(stored)).toBe(row.stored);
    expect(actionsIn(actions).map(({ action }) => action)).toEqual(row.actions);
    expect(codeIn(limit)).toBe(row.limit);
    expect(followedUp).toBe(row.followedUp ? 'yes' : 'no');
    expect(codeIn(receipt)).toBe(row.receipt);
    expect(codeIn(duplicate)).toBe(row.duplicate);
  });
});

describe('README.md', () => {
  it('has a row for every shown state', () => {
    expect(tableAfter(repoText('README.md'), README_STATE_TABLE)).toHaveLength(SHOWN_STATES.length);
  });
});
