import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent, PaymentState } from '../../../../common/payment.ts';
import { LIMIT_EFFECT } from '../../../../common/payment-rules.ts';
import { PaymentDatabase } from '../../../../main/payments/store/payment-database.ts';
import { countedDay } from '../../../../main/payments/store/store-contract.ts';
import { paymentRecord } from '../../../support/seed-payments.ts';

/**
 * The store's answers about a day (what counts towards the limit, the payments of a day) are kept up to date by every
 * save rather than read again (payment-queries.ts): against the same answers worked out from scratch over what was
 * saved, whatever the order of saves and questions, across days and customers.
 */
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23'];
const CUSTOMERS = ['1203852089', '0507922189'];
const STATES: PaymentState[] = ['confirmed', 'sending', 'accepted', 'settled', 'rejected', 'unknown', 'dropped'];

const save = fc.record({
  kind: fc.constant('save' as const),
  n: fc.nat(7),
  state: fc.constantFrom(...STATES),
  sentOn: fc.option(fc.nat(2), { nil: undefined }),
  amount: fc.integer({ min: 1, max: 200_000 }),
});
const ask = fc.record({
  kind: fc.constant('ask' as const),
  day: fc.nat(2),
  customer: fc.nat(1),
  except: fc.option(fc.nat(7), { nil: undefined }),
});

describe("the store's day answers, kept by every save", () => {
  it('are what the saved payments add up to, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(save, ask), { maxLength: 60 }), (steps) => {
        const db = new PaymentDatabase({
          location: ':memory:',
          key: new Uint8Array(randomBytes(32)),
          binding: 'local/model',
          owner: CUSTOMERS[0] ?? '',
          profileId: 'local',
        });
        const latest = new Map<string, PaymentIntent>();
        try {
          for (const step of steps) {
            if (step.kind === 'save') {
              // A payment's customer, confirmation time and payee never change; its state, amount and day may here.
              const base = paymentRecord(step.n, { createdAt: Date.parse('2026-11-21T10:00:00Z') + step.n });
              const intent: PaymentIntent = {
                ...base,
                state: step.state,
                order: { ...base.order, debtorKennitala: CUSTOMERS[step.n % 2] ?? '', amount: step.amount },
                ...(step.sentOn === undefined
                  ? { firstSentAt: undefined }
                  : { firstSentAt: Date.parse(`${DAYS[step.sentOn]}T12:00:00Z`) }),
              };
              if (intent.firstSentAt === undefined) delete intent.firstSentAt;
              db.save(intent, false);
              latest.set(intent.id, intent);
            } else {
              const day = DAYS[step.day] ?? '';
              const kennitala = CUSTOMERS[step.customer] ?? '';
              const except = step.except === undefined ? undefined : paymentRecord(step.except, { createdAt: 0 }).id;
              const expected = { held: 0, uncertain: 0, spent: 0 };
              for (const intent of latest.values()) {
                const effect = LIMIT_EFFECT[intent.state];
                if (countedDay(intent) !== day || effect === 'none' || intent.id === except) continue;
                if (intent.order.debtorKennitala === kennitala) expected[effect] += intent.order.amount;
              }
              expect(db.usedBy(day, kennitala, except)).toEqual(expected);
              const onDay = [...latest.values()].filter((intent) => countedDay(intent) === day);
              expect(new Set(db.queries.onDays([day]).map((intent) => `${intent.id}:${intent.state}`))).toEqual(
                new Set(onDay.map((intent) => `${intent.id}:${intent.state}`)),
              );
            }
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
