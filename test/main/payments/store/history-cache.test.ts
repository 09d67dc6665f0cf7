import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const read = vi.spyOn(db, 'newestFirst');
    const cache = new HistoryCache(db);
    cache.prepare();
    await turns(3);
    expect(read).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    await turns(20);
    expect(read).toHaveBeenCalledTimes(1);
    const all = await cache.all();
    expect(read).toHaveBeenCalledTimes(1);
    expect(all.map((intent) => intent.id)).toEqual([...db.newestFirst()].map((intent) => intent.id));
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
      [...db.newestFirst()].map((intent) => `${intent.id}:${intent.state}`),
    );
    db.close();
  });

  it('stops a copy being made when its store closes, and is not begun after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = storeOf(50);
    const read = vi.spyOn(db, 'newestFirst');
    const cache = new HistoryCache(db);
    cache.prepare();
    cache.close();
    vi.advanceTimersByTime(5000);
    await turns(5);
    expect(read).not.toHaveBeenCalled();
    db.close();
  });
});
