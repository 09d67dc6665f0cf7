import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/time.ts';
import { CUSTOMERS, draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';
import { paymentRecord, seedPayments } from '../../support/seed-payments.ts';

/**
 * What was spent (issue 29) through the real core: payments paid to the local sandbox, then `spendingSummary` asked
 * over the bridge (parsed both ways, as over IPC). Each customer's summary is of their own payments only.
 */
let fixture: InProcessWallet;
afterEach(() => fixture.close());

const noon = Date.parse(NOON);
const digits = (account: string) => account.replaceAll('-', '');

async function pay(draft: ReturnType<typeof draftFrom>) {
  const confirmed = await fixture.value('confirmPayment', { draft });
  return fixture.value('submitPayment', { id: confirmed.id });
}

describe('spendingSummary over the bridge', () => {
  it("adds up the signed-in customer's own payments; another customer's never count", async () => {
    fixture = await inProcessWallet();
    // Anna: a payment seeded from last month whose outcome was never learnt, then two paid today to two of Björn's
    // accounts, and one confirmed and never sent.
    await seedPayments(fixture, [
      paymentRecord(1, { state: 'unknown', createdAt: Date.parse('2026-10-20T09:00:00Z'), order: { amount: 800 } }),
    ]);
    await fixture.value('signIn');
    const first = await pay(draftFrom('anna', 'bjorn', 1500));
    const second = await pay(draftFrom('anna', 'bjorn', 2500, { depositAccount: '0133-26-020002' }));
    expect([first.state, second.state].every((state) => state === 'accepted' || state === 'settled')).toBe(true);
    await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 7000, { endToEndId: 'Later' }) });

    const annas = await fixture.value('spendingSummary', {});
    expect(annas.asOf).toBe(noon);
    expect(annas.today).toMatchObject({ from: Date.parse('2026-11-22T00:00:00Z'), spent: 4000, uncertain: 0 });
    expect(annas.today.counts).toEqual({ spent: 2, uncertain: 0, declared: 0 });
    // 22 November 2026 is a Sunday: the week began on Monday the 16th.
    expect(annas.week).toMatchObject({ from: Date.parse('2026-11-16T00:00:00Z'), spent: 4000 });
    expect(annas.month).toMatchObject({ spent: 4000, uncertain: 0 });
    expect(annas.months.slice(-2)).toEqual([
      { month: '2026-10', spent: 0, uncertain: 800, declared: 0, counts: { spent: 0, uncertain: 1, declared: 0 } },
      { month: '2026-11', spent: 4000, uncertain: 0, declared: 0, counts: { spent: 2, uncertain: 0, declared: 0 } },
    ]);
    expect(annas.byPayee.payees.map((payee) => [payee.account, payee.name, payee.spent, payee.uncertain])).toEqual([
      ['013326020002', CUSTOMERS.bjorn.name, 2500, 0],
      [digits(CUSTOMERS.bjorn.account), CUSTOMERS.bjorn.name, 1500, 800],
    ]);
    expect(annas.range).toBeUndefined();

    // A range: the last week only (by payee over it too).
    const week = await fixture.value('spendingSummary', { range: { from: noon - 7 * DAY_MS, to: noon + 1 } });
    expect(week.range).toMatchObject({ spent: 4000, uncertain: 0 });
    expect(week.byPayee.payees.map((payee) => payee.uncertain)).toEqual([0, 0]);
    // A range that ends before it begins is refused at the bridge.
    expect(await fixture.call('spendingSummary', { range: { from: noon, to: noon - 1 } })).toMatchObject({
      ok: false,
    });

    // Signed out: nobody is known, nothing counts.
    await fixture.value('signOut');
    const nobody = await fixture.value('spendingSummary', {});
    expect([nobody.today.spent, nobody.month.spent, nobody.byPayee.payees.length]).toEqual([0, 0, 0]);
    expect(nobody.months.every((month) => month.spent + month.uncertain + month.declared === 0)).toBe(true);

    // Björn in the same profile: his own payment only.
    fixture.as('bjorn');
    await fixture.value('signIn');
    await pay(draftFrom('bjorn', 'anna', 900));
    const björns = await fixture.value('spendingSummary', {});
    expect(björns.today).toMatchObject({ spent: 900, uncertain: 0, declared: 0 });
    expect(björns.months.reduce((sum, month) => sum + month.spent + month.uncertain, 0)).toBe(900);
    expect(björns.byPayee.payees).toMatchObject([{ kennitala: CUSTOMERS.anna.kennitala, spent: 900 }]);

    // Anna again: hers as they were, none of Björn's.
    await fixture.value('signOut');
    fixture.as('anna');
    await fixture.value('signIn');
    expect((await fixture.value('spendingSummary', {})).today).toMatchObject({ spent: 4000 });
  });
});
