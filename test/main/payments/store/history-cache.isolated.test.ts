import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterHistory, textOf } from '../../../../main/payments/history.ts';
import { HistoryCache } from '../../../../main/payments/store/history-cache.ts';
import { PaymentDatabase } from '../../../../main/payments/store/payment-database.ts';
import { paymentRecord } from '../../../support/seed-payments.ts';

/** The worker's search copy (history-cache.ts): made ahead of time after a store opens, kept by every save. */
function storeOf(count: number): PaymentDatabase {
  const db = new PaymentDatabase({
    location: ':memory:',
    key: new Uint8Array(randomBytes(32)),
    binding: 'local/cache',
    owner: '1203852089',
    profileId: 'local',
  });
  const base = Date.parse('2026-11-01T10:00:00Z');
  db.putAll(
    Array.from({ length: count }, (_, n) => paymentRecord(n, { createdAt: base + (n % 50) * 60_000 })),
    [],
  );
  return db;
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the search copy', () => {
  it('is made ahead of time once the opening questions are answered, and a search then reads no row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = storeOf(500);
    const read = vi.spyOn(db.queries, 'newestFirst');
    const cache = new HistoryCache(db);
    cache.prepare();
    await turns(3);
    expect(read).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    await turns(20);
    expect(read).toHaveBeenCalledTimes(1);
    const all = await cache.all();
    expect(read).toHaveBeenCalledTimes(1);
    expect(all.map((intent) => intent.id)).toEqual([...db.queries.newestFirst()].map((intent) => intent.id));
    db.close();
  });

  it('keeps the history order as payments are saved, several confirmed in the same millisecond', async () => {
    const db = storeOf(300);
    const cache = new HistoryCache(db);
    await cache.all();
    const base = Date.parse('2026-11-01T10:00:00Z');
    for (const n of [7, 1000, 1001, 150, 1002]) {
      const intent = paymentRecord(n, { createdAt: base + (n % 50) * 60_000, state: 'unknown' });
      cache.saved({ ...intent, version: db.save(intent, false) });
    }
    expect((await cache.all()).map((intent) => `${intent.id}:${intent.state}`)).toEqual(
      [...db.queries.newestFirst()].map((intent) => `${intent.id}:${intent.state}`),
    );
    db.close();
  });

  it('stops a copy being made when its store closes, and is not begun after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = storeOf(50);
    const read = vi.spyOn(db.queries, 'newestFirst');
    const cache = new HistoryCache(db);
    cache.prepare();
    cache.close();
    vi.advanceTimersByTime(5000);
    await turns(5);
    expect(read).not.toHaveBeenCalled();
    db.close();
  });

  it('finds by text just what filtering each payment finds, across saves and with the rest of a filter', async () => {
    const db = storeOf(400);
    const cache = new HistoryCache(db);
    const items = await cache.all();
    const pieces = items.slice(0, 40).map((intent) => textOf(intent));
    const query = fc.oneof(
      // A piece of some payment's text (a reference, a name, an id), as typed: any case, spaces around.
      fc
        .tuple(fc.constantFrom(...pieces), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean())
        .map(([text, from, length, upper]) => {
          const piece = text.slice(from % text.length, (from % text.length) + length);
          return ` ${upper ? piece.toUpperCase() : piece} `;
        }),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('Björn', 'bjorn', 'GUÐRÚN', 'gudrun', 'reikningur 1', '\u0000', '\n', ' '),
    );
    const step = fc.record({
      text: query,
      states: fc.option(fc.subarray(['settled', 'rejected', 'unknown', 'accepted'] as const), { nil: undefined }),
      save: fc.option(fc.nat(500), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        for (const { text, states, save } of steps) {
          if (save !== undefined) {
            const base = Date.parse('2026-11-01T10:00:00Z');
            const intent = paymentRecord(save, {
              createdAt: base + (save % 50) * 60_000,
              order: { endToEndId: `Leiga ${save}` },
            });
            cache.saved({ ...intent, version: db.save(intent, false) });
          }
          const filter = { text, ...(states ? { states: [...states] } : {}) };
          const expected = filterHistory(await cache.all(), filter, { ordered: true });
          expect((await cache.filtered(filter)).map((intent) => intent.id)).toEqual(
            expected.map((intent) => intent.id),
          );
        }
      }),
      { numRuns: 120 },
    );
    db.close();
  });
});
