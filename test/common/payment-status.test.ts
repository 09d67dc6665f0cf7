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

/**
 * How the table reads a payment, written out by hand, one example a line: the facts main gives (the stored state, its
 * attempts, whether the request id's 24 hours are over, who stopped its sends), what the window knows (the passcode
 * prompt is open, the bank is slow to answer), and the row the customer is shown. Not derived from shownState, so a
 * wrong rule fails here.
 */
const EXAMPLES: [Partial<ShownFacts> & Pick<ShownFacts, 'state'>, WindowFacts, ShownState][] = [
  [{ state: 'draft' }, {}, 'draft'],
  [{ state: 'confirmed' }, {}, 'notSent'],
  [{ state: 'confirmed', attempts: 3 }, { slow: true }, 'notSent'],
  [{ state: 'confirmed' }, { prompting: false }, 'notSent'],
  [{ state: 'confirmed' }, { prompting: true }, 'awaitingPasscode'],
  [{ state: 'confirmed', windowClosed: true }, {}, 'notSentTooLate'],
  // The prompt the window opened is answered first; main refuses the send itself once the 24 hours are over.
  [{ state: 'confirmed', windowClosed: true }, { prompting: true }, 'awaitingPasscode'],
  [{ state: 'sending', attempts: 0 }, {}, 'sending'],
  [{ state: 'sending', attempts: 1 }, {}, 'sending'],
  [{ state: 'sending', attempts: 1, windowClosed: true }, { prompting: true }, 'sending'],
  [{ state: 'sending', attempts: 1 }, { slow: true }, 'slow'],
  // A second attempt is an automatic retry: the bank did not answer the first.
  [{ state: 'sending', attempts: 2 }, {}, 'slow'],
  [{ state: 'sending', attempts: 7 }, { slow: false }, 'slow'],
  [{ state: 'accepted', attempts: 2, windowClosed: true }, { prompting: true, slow: true }, 'accepted'],
  [{ state: 'settled' }, {}, 'settled'],
  [{ state: 'rejected', windowClosed: true }, {}, 'rejected'],
  [{ state: 'unknown' }, {}, 'unknown'],
  [{ state: 'unknown', attempts: 3 }, { prompting: true, slow: true }, 'unknown'],
  [{ state: 'unknown', windowClosed: true }, {}, 'unknownTooLate'],
  [{ state: 'unknown', sendsStopped: { by: 'customer' } }, {}, 'unknownStopped'],
  [{ state: 'unknown', windowClosed: true, sendsStopped: { by: 'customer' } }, {}, 'unknownStopped'],
  [{ state: 'unknown', sendsStopped: { by: 'restore' } }, {}, 'unknownRestored'],
  [{ state: 'unknown', windowClosed: true, sendsStopped: { by: 'restore' } }, {}, 'unknownRestored'],
  [{ state: 'declaredPaid', windowClosed: true, sendsStopped: { by: 'customer' } }, {}, 'declaredPaid'],
  [{ state: 'declaredNotPaid', sendsStopped: { by: 'restore' } }, {}, 'declaredNotPaid'],
  [{ state: 'dropped' }, {}, 'dropped'],
  [{ state: 'damaged', windowClosed: true }, { slow: true }, 'damaged'],
];

/**
 * Each fact that refines a stored state, and the only rows it may lead to: a payment with the fact is shown as another
 * row without it only if it is shown as one of these with it; and a payment is shown as one of these only with the fact.
 */
const REFINEMENTS: {
  fact: string;
  rows: readonly ShownState[];
  has: (payment: ShownFacts, window: WindowFacts) => boolean;
  without: (payment: ShownFacts, window: WindowFacts) => [ShownFacts, WindowFacts];
}[] = [
  {
    fact: 'the passcode prompt is open',
    rows: ['awaitingPasscode'],
    has: (_, window) => window.prompting === true,
    without: (payment, window) => [payment, { ...window, prompting: false }],
  },
  {
    fact: 'the bank is slow to answer, or did not answer a first attempt',
    rows: ['slow'],
    has: (payment, window) => window.slow === true || payment.attempts > 1,
    without: (payment, window) => [
      { ...payment, attempts: Math.min(payment.attempts, 1) },
      { ...window, slow: false },
    ],
  },
  {
    fact: "the request id's 24 hours are over",
    rows: ['notSentTooLate', 'unknownTooLate'],
    has: (payment) => payment.windowClosed,
    without: (payment, window) => [{ ...payment, windowClosed: false }, window],
  },
  {
    fact: 'the customer stopped its sends',
    rows: ['unknownStopped'],
    has: (payment) => payment.sendsStopped?.by === 'customer',
    without: (payment, window) => [{ ...payment, sendsStopped: undefined }, window],
  },
  {
    fact: 'it came from a backup',
    rows: ['unknownRestored'],
    has: (payment) => payment.sendsStopped?.by === 'restore',
    without: (payment, window) => [{ ...payment, sendsStopped: undefined }, window],
  },
];

/** What holds of any facts: shown as a row of the stored state, and moved off it only by the facts that refine. */
function expectRefinedWithin(payment: ShownFacts, window: WindowFacts): ShownState {
  const shown = shownState(payment, window);
  const facts = JSON.stringify({ payment, window });
  expect(SHOWN_STATES).toContain(shown);
  expect(PAYMENT_STATUS[shown].stored, facts).toBe(payment.state);
  for (const { fact, rows, has, without } of REFINEMENTS) {
    if (rows.includes(shown)) expect(has(payment, window), `${shown} without ${fact}: ${facts}`).toBe(true);
    if (has(payment, window) && shownState(...without(payment, window)) !== shown)
      expect(rows, `${fact}: ${facts}`).toContain(shown);
  }
  return shown;
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
        expectRefinedWithin(payment, window);
      }),
      { numRuns: 500 },
    );
  });

  it('shows each example written out by hand as the row it names', () => {
    for (const [given, window, expected] of EXAMPLES) {
      const payment: ShownFacts = { attempts: 1, windowClosed: false, ...given };
      expect(shownState(payment, window), JSON.stringify({ payment, window })).toBe(expected);
    }
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
                reached.add(expectRefinedWithin(payment, window));
              }
            }
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...SHOWN_STATES].sort());
    // Every row is among the examples written out by hand.
    expect([...new Set(EXAMPLES.map(([, , shown]) => shown))].sort()).toEqual([...SHOWN_STATES].sort());
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
