import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../../common/payment.ts';
import { customerStore, PaymentsByCustomer } from '../../../../main/payments/payments-by-customer.ts';
import { PaymentDatabase } from '../../../../main/payments/store/payment-database.ts';
import { aesGcmBox } from '../../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../../main/storage/key-value-store.ts';
import { rejectionOf } from '../../../helpers/rejection.ts';

/**
 * Issue 28: a data folder written by the release before the database (test/fixtures/journal-v1, made by that
 * release's own code, with what it read back in expected.json) is imported at the first start: every payment, its
 * state, the damaged ones and the bank's "limit reached" answers as that release showed them; the journal goes only
 * once the import is verified.
 */
const FIXTURE = join(import.meta.dirname, '../../../fixtures/journal-v1');
const box = aesGcmBox(Buffer.from(readFileSync(join(FIXTURE, 'data-key.hex'), 'utf8').trim(), 'hex'));

interface Expected {
  profileId: string;
  kennitala: string;
  count: number;
  bankLimitReached: { kennitala: string; day: string; reached: boolean }[];
  usedBy: Record<string, { held: number; uncertain: number; spent: number }>;
  intents: { id: string; state: PaymentIntent['state']; createdAt: number; amount: number; payeeName: string }[];
}
const expected = (JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as { journals: Expected[] })
  .journals;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the fixture's data folder (the import removes journals: the fixture itself is never touched). */
function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'a2a-import-'));
  folders.push(folder);
  cpSync(join(FIXTURE, 'data'), folder, { recursive: true });
  return folder;
}

function payments(dataDir: string, settings = new MemoryStore()) {
  const never = () => Promise.reject(new Error('an import sends nothing'));
  return new PaymentsByCustomer({
    dataDir,
    clock: { now: () => Date.parse('2026-03-14T12:00:00Z') },
    settings,
    box: () => box,
    bank: () => ({ createCreditTransfer: never, getCreditTransfer: never }),
    signedIn: () => ({ kennitala: '' }),
    onChange: () => undefined,
    storeTransport: { inline: true },
  });
}

describe('importing the journal of the release before the database', () => {
  it('finds every payment, state and damaged record as that release did, and then removes the journal', async () => {
    const dataDir = dataFolder();
    const all = payments(dataDir);
    for (const journal of expected) {
      const where = customerStore(dataDir, box, journal.profileId, journal.kennitala);
      const old = where?.location.replace(/\.sqlite$/, '.jsonl') ?? '';
      expect(existsSync(old)).toBe(true);
      const service = await all.of(journal.profileId, journal.kennitala);
      const page = await service.reader.page({ offset: 0, limit: 100_000 });
      expect(page.total).toBe(journal.count);
      const found = new Map(page.items.map((intent) => [intent.id, intent]));
      for (const want of journal.intents) {
        const got = found.get(want.id);
        // A payment the old release left "being sent" is found as not known at start, as that release found it.
        expect(got?.state, want.id).toBe(want.state === 'sending' ? 'unknown' : want.state);
        expect(got).toMatchObject({
          createdAt: want.createdAt,
          order: { amount: want.amount, payeeName: want.payeeName },
        });
      }
      // Newest first.
      expect(page.items.every((intent, n) => n === 0 || (page.items[n - 1]?.createdAt ?? 0) >= intent.createdAt)).toBe(
        true,
      );
      expect(existsSync(old)).toBe(false);
      expect(existsSync(where?.location ?? '')).toBe(true);
    }
    await all.close();
    // The limit and the bank's answers, read from the new stores.
    for (const journal of expected) {
      const where = customerStore(dataDir, box, journal.profileId, journal.kennitala);
      if (!where) throw new Error('no store');
      const db = new PaymentDatabase({ ...where, owner: journal.kennitala, profileId: journal.profileId });
      try {
        for (const limit of journal.bankLimitReached) {
          expect(db.bankLimitReached(limit.kennitala, limit.day), `${limit.kennitala} ${limit.day}`).toBe(
            limit.reached,
          );
        }
        // "Being sent" and "not known" count alike (both uncertain): the recovery at start moves nothing.
        for (const [day, used] of Object.entries(journal.usedBy)) {
          expect(db.usedBy(day, journal.kennitala), day).toEqual(used);
        }
      } finally {
        db.close();
      }
    }
  });

  it('imports once: the next start opens the store, and finds each payment once', async () => {
    const dataDir = dataFolder();
    const [journal] = expected;
    if (!journal) throw new Error('no journal in the fixture');
    const first = payments(dataDir);
    await first.of(journal.profileId, journal.kennitala);
    await first.close();
    const settings = new MemoryStore();
    const again = payments(dataDir, settings);
    const page = await (
      await again.of(journal.profileId, journal.kennitala)
    ).reader.page({ offset: 0, limit: 100_000 });
    expect(page.total).toBe(journal.count);
    await again.close();
  });

  it('leaves the journal as it was when the import cannot be written, and tries again at the next start', async () => {
    const dataDir = dataFolder();
    const [journal] = expected;
    if (!journal) throw new Error('no journal in the fixture');
    const where = customerStore(dataDir, box, journal.profileId, journal.kennitala);
    const old = where?.location.replace(/\.sqlite$/, '.jsonl') ?? '';
    const before = readFileSync(old);
    // A folder where the import would make its new store.
    mkdirSync(`${where?.location ?? ''}.importing`);
    // The settings (and the store's mark chosen before the import) kept across the two starts, as the app's are.
    const settings = new MemoryStore();
    const failing = payments(dataDir, settings);
    await rejectionOf(failing.of(journal.profileId, journal.kennitala), Error);
    await failing.close();
    expect(readFileSync(old)).toEqual(before);
    expect(existsSync(where?.location ?? '')).toBe(false);
    rmSync(`${where?.location ?? ''}.importing`, { recursive: true });
    const retried = payments(dataDir, settings);
    const service = await retried.of(journal.profileId, journal.kennitala);
    // Not taken for a store put back or removed: the failed import made none.
    expect(await service.reader.integrity()).toEqual({ trusted: true });
    const page = await service.reader.page({ offset: 0, limit: 100_000 });
    expect(page.total).toBe(journal.count);
    await retried.close();
  });
});
