import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anna, bjorn, postTransfer, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

describe('the daily limit, for any sequence of payments in one GMT day', () => {
  const sandbox = useSandbox({ now: '2026-11-22T00:00:00.000Z', accessTokenTtlSeconds: 86_400 });

  it('accepts a payment exactly when the day’s accepted total stays within 200 000, and books only those', async () => {
    const s = sandbox();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 120_000 }), laterSeconds: fc.nat(7200) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (payments) => {
          s.reset();
          s.clock.set('2026-11-22T00:00:00.000Z');
          const token = await tokenFor(s, 'anna');
          let total = 0;
          for (const { amount, laterSeconds } of payments) {
            s.clock.advanceSeconds(laterSeconds);
            const response = await postTransfer(s.url, { token, body: transferBody({ amount }) });
            const fits = total + amount <= 200_000;
            expect(response.status).toBe(fits ? 201 : 400);
            if (fits) total += amount;
          }
          expect(s.balance(anna.primary)).toBe(1_500_000 - total);
          expect(s.balance(bjorn.primary)).toBe(800_000 + total);
        },
      ),
      { numRuns: 30 },
    );
  });
});
