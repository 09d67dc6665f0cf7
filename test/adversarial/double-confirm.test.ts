import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentDraft } from '../../common/payment.ts';
import { PaymentService } from '../../main/payments/payment-service.ts';
import { WalletError } from '../../main/wallet-error.ts';
import { FakeBank } from '../main/payments/fake-bank.ts';
import { testStore } from '../support/payment-store.ts';

/** Every payment in the store, as the history lists them. */
const everyPayment = async (payments: PaymentService) =>
  (await payments.reader.page({ offset: 0, limit: 100_000 })).items;

/**
 * Issue 13, case 1: at most one payment per press of Pay. A double click, two windows or a stuck key send the same
 * confirmation twice in one tick; a race of submit and check again sends one intent twice at once.
 */
const ANNA = '1203852089';
const draft: PaymentDraft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: '0507922189',
  depositAccount: '0133-26-020001',
  amount: '1500',
};

async function setup() {
  const bank = new FakeBank();
  const now = Date.parse('2026-11-22T12:00:00Z');
  const payments = new PaymentService({
    profileId: 'p',
    store: (await testStore(ANNA, 'p')).store,
    bank,
    clock: { now: () => now },
    customer: () => ({ kennitala: ANNA }),
    retryDelaysMs: [],
  });
  return { bank, payments };
}

const outcome = (promise: Promise<{ id: string }>) =>
  promise.then(
    (intent) => ({ ok: true as const, id: intent.id }),
    (error: unknown) => ({ ok: false as const, code: error instanceof WalletError ? error.code : String(error) }),
  );

describe('case 1: concurrent confirmation', () => {
  it('two confirmations of one draft in the same tick make one intent; the second is an unacknowledged duplicate', async () => {
    const { payments } = await setup();
    const [first, second] = await Promise.all([outcome(payments.confirm(draft)), outcome(payments.confirm(draft))]);
    expect([first, second].filter((result) => result.ok)).toHaveLength(1);
    expect(second).toEqual({ ok: false, code: 'DUPLICATE_NOT_ACKNOWLEDGED' });
    expect(await everyPayment(payments)).toHaveLength(1);
  });

  it('a double press of "pay anyway" pays the acknowledged duplicate once, not twice', async () => {
    const { payments } = await setup();
    const earlier = await payments.confirm(draft);
    const acknowledged = { acknowledgeDuplicate: earlier.id };
    const results = await Promise.all([
      outcome(payments.confirm(draft, acknowledged)),
      outcome(payments.confirm(draft, acknowledged)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await everyPayment(payments)).toHaveLength(2);
  });

  it('any number of presses in one tick, of any drafts, give at most one intent per distinct payment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.constantFrom('1500', '2000'), payee: fc.constantFrom('020001', '020002') }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (presses) => {
          const { payments } = await setup();
          await Promise.all(
            presses.map(({ amount, payee }) =>
              outcome(payments.confirm({ ...draft, amount, depositAccount: `0133-26-${payee}` })),
            ),
          );
          const distinct = new Set(presses.map(({ amount, payee }) => `${amount}|${payee}`));
          expect(await everyPayment(payments)).toHaveLength(distinct.size);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('submit and check again racing send the intent once', async () => {
    const { bank, payments } = await setup();
    const intent = await payments.confirm(draft);
    const results = await Promise.all([
      payments.submit(intent.id),
      payments.checkAgain(intent.id),
      payments.submit(intent.id),
    ]);
    expect(results.map((result) => result.state)).toEqual(['settled', 'settled', 'settled']);
    expect(bank.calls).toHaveLength(1);
    expect(bank.initiations.size).toBe(1);
  });

  it('check again racing a send whose answer was lost still makes one initiation', async () => {
    const { bank, payments } = await setup();
    bank.script = ['lost'];
    const intent = await payments.confirm(draft);
    const [sent, again] = await Promise.all([payments.submit(intent.id), payments.checkAgain(intent.id)]);
    expect(sent.state).toBe('unknown');
    expect(again.state).toBe('unknown');
    expect((await payments.checkAgain(intent.id)).state).toBe('settled');
    expect(bank.initiations.size).toBe(1);
    expect(new Set(bank.calls.map((call) => call.requestId)).size).toBe(1);
  });
});
