import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDraft, PaymentIntent } from '../../../../common/payment.ts';
import { PaymentService } from '../../../../main/payments/payment-service.ts';
import { PaymentDatabase } from '../../../../main/payments/store/payment-database.ts';
import { cutPower, keepSyncImages } from '../../../../main/payments/store/sync-images.ts';
import { testStore, type TestStore } from '../../../support/payment-store.ts';
import { testFolder } from '../../../support/temp-folder.ts';
import { FakeBank } from '../fake-bank.ts';

/**
 * Issue 38, item 3: a send that may have started is never forgotten. The first "sending" is synced before the first
 * byte of the POST and the mark kept outside the store covers it: a power cut at that moment (the store put back as
 * its last fsync left it, sync-images.ts) still reads the payment as being sent, and a copy of the store from before
 * the send is behind the mark (`older`), so it is flagged instead of offering "Don't send" for a payment that went.
 */
const ANNA = '1203852089';
const draft: PaymentDraft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: '050792-2189',
  depositAccount: '0133-26-020001',
  amount: '4.000',
  endToEndId: 'Rent',
};

let now: number;
let disk: TestStore;
let bank: FakeBank;
let images: string;

beforeEach(async () => {
  now = Date.parse('2026-11-22T12:00:00Z');
  images = testFolder('a2a-sync-images');
  keepSyncImages(images);
  disk = await testStore(ANNA);
  bank = new FakeBank();
});
afterEach(() => keepSyncImages(undefined));

const service = () =>
  new PaymentService({
    profileId: 'local',
    store: disk.store,
    bank,
    clock: { now: () => now },
    customer: () => ({ kennitala: ANNA }),
    sleep: () => Promise.resolve(),
    retryDelaysMs: [],
  });

/** The store as a power cut now would leave it, copied aside and opened against the mark main holds now. */
function afterPowerCut(): PaymentDatabase {
  const place = join(testFolder('a2a-power-cut'), 'payments', 'local');
  mkdirSync(place, { recursive: true });
  const location = join(place, basename(disk.options.location));
  for (const suffix of ['', '-wal']) {
    if (existsSync(`${disk.options.location}${suffix}`))
      copyFileSync(`${disk.options.location}${suffix}`, `${location}${suffix}`);
  }
  expect(cutPower(images, [location])).toEqual([location]);
  const mark = disk.mark();
  return new PaymentDatabase({ ...disk.options, location, ...(mark ? { mark } : {}) });
}

describe('a started send is never forgotten', () => {
  it('the first "sending" is on disk, synced, and under the mark before the first byte of the POST', async () => {
    const payments = service();
    const intent = await payments.confirm(draft);
    let seen: { state: PaymentIntent['state']; sent: boolean; trusted: boolean; marked: boolean } | undefined;
    bank.beforeCreate = () => {
      const db = afterPowerCut();
      const found = db.get(intent.id);
      seen = {
        state: found?.state ?? 'damaged',
        sent: found?.firstSentAt !== undefined,
        trusted: db.integrity().trusted,
        marked: (disk.mark()?.seq ?? 0) >= (found?.version ?? Number.MAX_SAFE_INTEGER),
      };
      db.close();
    };
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'settled' });
    expect(seen).toEqual({ state: 'sending', sent: true, trusted: true, marked: true });
  });

  it('a power cut after the bank answered still reads the payment as sent, and the start after it asks no "Don\'t send"', async () => {
    const payments = service();
    const intent = await payments.confirm(draft);
    await payments.submit(intent.id);
    const db = afterPowerCut();
    // The bank's answer was written unsynced and may be gone; the send is not: it reads as being sent (the start
    // after it calls it interrupted, and checking again asks the bank with the same request id).
    expect(db.get(intent.id)).toMatchObject({ firstSentAt: expect.any(Number) });
    expect(db.get(intent.id)?.state).not.toBe('confirmed');
    expect(db.integrity()).toEqual({ trusted: true });
    db.close();
  });

  it('a copy of the store from before the send, put back, is behind the mark: flagged as older', async () => {
    const payments = service();
    const intent = await payments.confirm(draft);
    await disk.store.close();
    const copy = join(testFolder('a2a-before-send'), 'copy.sqlite');
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${disk.options.location}${suffix}`))
        copyFileSync(`${disk.options.location}${suffix}`, `${copy}${suffix}`);
    }
    await disk.reopen();
    expect(await service().submit(intent.id)).toMatchObject({ state: 'settled' });
    await disk.store.close();
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${copy}${suffix}`)) copyFileSync(`${copy}${suffix}`, `${disk.options.location}${suffix}`);
    }
    const reopened = await disk.reopen();
    expect(await reopened.get(intent.id)).toMatchObject({ state: 'confirmed' });
    expect(await reopened.integrity()).toEqual({ trusted: false, problem: 'older' });
  });
});
