import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent, PaymentState } from '../../../common/payment.ts';
import { gmtDay } from '../../../common/time.ts';
import { dailyLimit } from '../../../main/payments/daily-ledger.ts';
import { MemoryJournal } from '../../../main/payments/journal.ts';
import type { Pacer } from '../../../main/payments/pacer.ts';
import { PaymentStore } from '../../../main/payments/payment-store.ts';
import { plainCodec, sealedCodec, type RecordCodec } from '../../../main/payments/record-codec.ts';
import { aesGcmBox, newDataKey } from '../../../main/secrets/secret-box.ts';

/**
 * A compacted journal (main/payments/snapshot.ts) opens in two parts: what the pay form needs first, the archive of
 * older, finished payments after. Whatever the history, the store opened either way (at once, or in slices with the
 * archive still on its way) must answer as the store that wrote it: the same payments in the same order, the same
 * daily totals and payees paid before; and while the archive is being read, every answer it gives must already be
 * the final one.
 */
const DEBTORS = ['1203852089', '0507922189'];
const ACCOUNTS = ['013326020001', '013326020002', '013326020003'];
const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;
const STATES: PaymentState[] = ['confirmed', 'sending', 'accepted', 'settled', 'rejected', 'unknown'];

const payment = fc.record({
  state: fc.constantFrom(...STATES),
  amount: fc.integer({ min: 1, max: 200_000 }),
  debtor: fc.constantFrom(...DEBTORS),
  /** Hours before now: from a year ago to today. */
  hoursAgo: fc.oneof(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 24 * 365 })),
  sentAfterHours: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  account: fc.constantFrom(...ACCOUNTS),
  sameTimeAsPrevious: fc.boolean(),
});
type Payment = typeof payment extends fc.Arbitrary<infer T> ? T : never;

/** A payment of the first debtor to the first account, confirmed now, with what a test sets. */
const paymentWith = (changes: Partial<Payment>): Payment => ({
  state: 'confirmed',
  amount: 1,
  debtor: DEBTORS[0] ?? '',
  hoursAgo: 0,
  sentAfterHours: undefined,
  account: ACCOUNTS[0] ?? '',
  sameTimeAsPrevious: false,
  ...changes,
});

function intentOf(p: Payment, n: number, createdAt: number): PaymentIntent {
  return {
    id: `p${String(n).padStart(4, '0')}`,
    profileId: 'local',
    requestId: `R${n}`,
    state: p.state,
    stateTimes: {},
    createdAt,
    updatedAt: createdAt,
    attempts: 0,
    ...(p.sentAfterHours === undefined ? {} : { firstSentAt: createdAt + p.sentAfterHours * HOUR }),
    order: {
      debtorKennitala: p.debtor,
      debtorAccount: '013326012345',
      depositKennitala: '0507922189',
      depositAccount: p.account,
      amount: p.amount,
      endToEndId: `ref${n}`,
      extendedReference: '',
      payeeName: '',
    },
  };
}

function intentsOf(payments: Payment[]): PaymentIntent[] {
  let previous = NOW;
  return payments.map((p, n) => {
    const createdAt = p.sameTimeAsPrevious ? previous : NOW - p.hoursAgo * HOUR;
    previous = createdAt;
    return intentOf(p, n, createdAt);
  });
}

/** Everything a caller can read of a store, as plain values. */
function answers(store: PaymentStore, days: string[]) {
  return {
    order: store.newestFirst().map((intent) => intent),
    count: store.count,
    used: days.flatMap((day) => DEBTORS.map((kennitala) => [day, kennitala, store.usedOn(day, kennitala)])),
    limits: days.flatMap((day) => DEBTORS.map((kennitala) => store.bankLimitReached(kennitala, day))),
    paid: DEBTORS.flatMap((debtor) =>
      ACCOUNTS.map((depositAccount) =>
        store.paidBefore({ debtorKennitala: debtor, depositKennitala: '0507922189', depositAccount }),
      ),
    ),
  };
}

const DAYS = Array.from({ length: 400 }, (_, n) => gmtDay(NOW - n * 24 * HOUR));

/** A pacer that pauses at every step once `hold` is set, and goes on only when released. */
function heldPacer() {
  let held = false;
  const waiting: (() => void)[] = [];
  const pacer: Pacer = {
    due: () => held,
    pause: () =>
      new Promise<void>((resolve) => {
        if (held) waiting.push(resolve);
        else setImmediate(resolve);
      }),
  };
  return {
    pacer,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

const codecs: [string, () => RecordCodec][] = [
  ['plain', () => plainCodec],
  ['sealed', () => sealedCodec(aesGcmBox(newDataKey()), 'local/tag')],
];

describe.each(codecs)('a compacted journal (%s)', (_name, makeCodec) => {
  it('opens to the same answers, at once or in slices, and answers the pay form right while the archive is read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(payment, { minLength: 0, maxLength: 60 }),
        fc.array(fc.tuple(fc.constantFrom(...DEBTORS), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.integer({ min: 0, max: 20 }),
        async (payments, limitNotices, updates, newestInRecent) => {
          const codec = makeCodec();
          const journal = new MemoryJournal();
          const written = new PaymentStore(journal, { codec, newestInRecent });
          const intents = intentsOf(payments);
          for (const intent of intents) await written.save(intent);
          // Some payments change after they were first written, as sends and answers do.
          for (const n of updates) {
            const intent = intents[n % Math.max(1, intents.length)];
            if (intent) await written.save({ ...intent, updatedAt: intent.updatedAt + 1 });
          }
          for (const [kennitala, daysAgo] of limitNotices) {
            await written.markBankLimitReached(kennitala, gmtDay(NOW - daysAgo * 24 * HOUR));
          }
          const expected = answers(written, DAYS);
          // Forced: a history of any size is compacted here.
          await compactNow(written);
          expect(journal.lines.length).toBeLessThanOrEqual(1 + Math.ceil((intents.length + 3) / 400) + 1);

          expect(answers(new PaymentStore(journal, { codec }), DAYS)).toEqual(expected);

          const gate = heldPacer();
          const opening = PaymentStore.open(journal, { codec }, gate.pacer);
          const store = await opening;
          gate.hold();
          // The archive is not read yet (when there is one): whatever is answered now is already final.
          const today = gmtDay(NOW);
          const yesterday = gmtDay(NOW - 24 * HOUR);
          expect(store.covers(yesterday)).toBe(true);
          for (const kennitala of DEBTORS) {
            for (const day of [today, yesterday]) {
              expect(store.usedOn(day, kennitala)).toBe(written.usedOn(day, kennitala));
              expect(store.bankLimitReached(kennitala, day)).toBe(written.bankLimitReached(kennitala, day));
            }
            expect(dailyLimit(store, kennitala, NOW)).toEqual(dailyLimit(written, kennitala, NOW));
          }
          expect(answers(store, DAYS).paid).toEqual(expected.paid);
          expect(store.count).toBe(expected.count);
          for (const range of [
            { offset: 0, limit: 1 },
            { offset: 0, limit: 10 },
            { offset: 5, limit: 10 },
          ]) {
            const page = store.pageNow(range);
            if (page) expect(page.items).toEqual(expected.order.slice(range.offset, range.offset + range.limit));
          }
          // Every payment that may still change is there before the archive: nothing waiting to be sent is missed.
          for (const intent of written.all()) {
            if (!['settled', 'rejected'].includes(intent.state)) expect(store.get(intent.id)).toEqual(intent);
          }
          gate.release();
          await store.complete;
          expect(store.loading).toBe(false);
          expect(answers(store, DAYS)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** Compacts whatever the journal's size (the threshold is about when it pays off, not what it writes). */
async function compactNow(store: PaymentStore): Promise<void> {
  // Enough changes since the last snapshot to pass the threshold: rewriting each payment as it is.
  const all = store.all();
  if (all.length === 0) return;
  while (!(await store.compactIfWorthIt(NOW))) {
    for (const intent of all) await store.save(intent);
  }
}

/** A history with payments in both parts, compacted, with one record written after the snapshot. */
async function compactedHistory(codec: RecordCodec) {
  const journal = new MemoryJournal();
  const store = new PaymentStore(journal, { codec, owner: DEBTORS[0], newestInRecent: 0 });
  const intents = Array.from({ length: 900 }, (_, n) =>
    intentOf(
      paymentWith({ state: n % 3 === 0 ? 'accepted' : 'settled', amount: 1000 + n, account: ACCOUNTS[n % 3] ?? '' }),
      n,
      // Oldest first: most of them months ago (the archive), the last 100 today (the recent part).
      n < 800 ? NOW - (900 - n) * 24 * HOUR : NOW - (900 - n) * 60_000,
    ),
  );
  for (const intent of intents) await store.save(intent);
  await compactNow(store);
  const loose = intentOf(paymentWith({ state: 'confirmed', amount: 5 }), 9999, NOW);
  await store.save(loose);
  return { journal, intents, store };
}

const blockLines = (journal: MemoryJournal) =>
  journal.lines.flatMap((line, index) => (/^\{"b":"[^"]+\/(head|recent|archive)\//.test(line) ? [index] : []));

describe('a damaged or altered snapshot', () => {
  const damages = ['flip', 'drop', 'twice', 'foreign', 'after-records'] as const;
  it.each(damages)('is never read as if nothing happened: %s', async (damage) => {
    const box = aesGcmBox(newDataKey());
    const codec = sealedCodec(box, 'local/anna');
    const { journal } = await compactedHistory(codec);
    // Another customer's journal, sealed under the same key: its blocks must not open here.
    const other = await compactedHistory(sealedCodec(box, 'local/bjorn'));
    const blocks = blockLines(journal);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const at of blocks) {
      const lines = [...journal.lines];
      const line = lines[at] ?? '';
      if (damage === 'flip') {
        const position = line.length - 10;
        lines[at] = `${line.slice(0, position)}${line[position] === 'A' ? 'B' : 'A'}${line.slice(position + 1)}`;
      } else if (damage === 'drop') {
        lines.splice(at, 1);
      } else if (damage === 'twice') {
        lines.splice(at, 0, line);
      } else if (damage === 'foreign') {
        lines[at] = other.journal.lines[blockLines(other.journal)[blocks.indexOf(at)] ?? 0] ?? '';
      } else {
        lines.splice(at, 1);
        lines.push(line);
      }
      const altered = new MemoryJournal();
      altered.lines = lines;
      for (const opened of [
        new PaymentStore(altered, { codec, owner: DEBTORS[0] }),
        await PaymentStore.open(altered, { codec, owner: DEBTORS[0] }),
      ]) {
        await opened.complete;
        const damaged = opened.all().filter((intent) => intent.state === 'damaged');
        expect(damaged.length, `${damage} at line ${at}`).toBeGreaterThanOrEqual(1);
        // The evidence stays: nothing compacts it away.
        for (let n = 0; n < 3000; n += 1) await opened.markBankLimitReached(DEBTORS[1] ?? '', `2026-01-${n}`);
        expect(await opened.compactIfWorthIt(NOW)).toBe(false);
        // What was written after the snapshot is there whatever happened to it.
        expect(opened.get('p9999')?.state).toBe('confirmed');
      }
    }
  });

  it('a block cut short by a crash (no newline at the end) is set aside, the snapshot read as it was', async () => {
    const codec = plainCodec;
    const journal = new MemoryJournal();
    const store = new PaymentStore(journal, { codec });
    await store.save(intentOf(paymentWith({ state: 'settled', amount: 1, hoursAgo: 100 }), 1, NOW - 100 * HOUR));
    await compactNow(store);
    const lines = journal.lines;
    const settled: boolean[] = [];
    const torn = {
      ...journal,
      load: () => ({ lines: [...lines, '{"b":"x/recent/9","v":[{"ty'], unterminated: true }),
      settleTail: (keep: boolean) => settled.push(keep),
    } as unknown as MemoryJournal;
    const reopened = new PaymentStore(torn, { codec });
    expect(settled).toEqual([false]);
    expect(reopened.all().map((intent) => intent.state)).toEqual(['settled']);
  });
});

describe('compaction while payments are being saved', () => {
  it('keeps every save made while it encodes, in the order made', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(40), { minLength: 1, maxLength: 12 }), async (during) => {
        const codec = sealedCodec(aesGcmBox(newDataKey()), 'local/anna');
        const journal = new MemoryJournal();
        const store = new PaymentStore(journal, { codec, newestInRecent: 5 });
        const intents = intentsOf(
          Array.from({ length: 40 }, (_, n) =>
            paymentWith({ state: 'settled', amount: n + 1, hoursAgo: 24 * (40 - n) }),
          ),
        );
        for (const intent of intents) await store.save(intent);
        for (let n = 0; n < 3; n += 1) for (const intent of intents) await store.save(intent);
        const gate = heldPacer();
        gate.hold();
        const compacting = store.compactIfWorthIt(NOW, gate.pacer);
        // While it waits between blocks: new payments, and changes to old ones.
        const saved: PaymentIntent[] = [];
        for (const n of during) {
          const next =
            n % 2 === 0
              ? intentOf(
                  paymentWith({ state: 'confirmed', amount: 7, account: ACCOUNTS[1] ?? '' }),
                  100 + saved.length,
                  NOW,
                )
              : (() => {
                  const old = intents[n] as PaymentIntent;
                  return { ...old, order: { ...old.order, endToEndId: 'changed' }, updatedAt: NOW + saved.length };
                })();
          await store.save(next);
          saved.push(next);
        }
        gate.release();
        expect(await compacting).toBe(true);
        const expected = answers(store, DAYS);
        const reopened = new PaymentStore(journal, { codec });
        expect(answers(reopened, DAYS)).toEqual(expected);
        for (const intent of saved) expect(reopened.get(intent.id)).toEqual(store.get(intent.id));
      }),
      { numRuns: 40 },
    );
  });
});

/** A journal in memory whose rewrite waits for `release()`: a disk that takes its time. */
class SlowJournal extends MemoryJournal {
  #release: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => {
    this.#release = resolve;
  });
  release(): void {
    this.#release();
  }
  override async rewrite(lines: string[]): Promise<void> {
    await this.#gate;
    return super.rewrite(lines);
  }
}

describe('a move to another journal (memory to disk, when the data key can first be stored)', () => {
  it('takes every payment, and saves made meanwhile go to the new journal after them, none to the old', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(payment, { maxLength: 30 }),
        fc.array(fc.nat(40), { maxLength: 8 }),
        async (payments, during) => {
          const old = new MemoryJournal();
          const store = new PaymentStore(old, { newestInRecent: 5 });
          const intents = intentsOf(payments);
          for (const intent of intents) await store.save(intent);
          const linesBefore = old.lines.length;
          const codec = sealedCodec(aesGcmBox(newDataKey()), 'local/anna');
          const target = new SlowJournal();
          const moving = store.moveTo(target, codec, NOW);
          const saving = during.map((n, k) => {
            const known = intents[n];
            const next = known
              ? { ...known, state: 'settled' as const, updatedAt: NOW + k }
              : intentOf(paymentWith({ amount: 3 + k }), 500 + k, NOW);
            return { next, done: store.save(next) };
          });
          target.release();
          expect(await moving).toBe(true);
          await Promise.all(saving.map((entry) => entry.done));
          expect(old.lines).toHaveLength(linesBefore);
          const reopened = new PaymentStore(target, { codec });
          expect(answers(reopened, DAYS)).toEqual(answers(store, DAYS));
          for (const { next } of saving) expect(reopened.get(next.id)).toEqual(store.get(next.id));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a write that fails moves nothing: the payments stay where they were, and later saves go there', async () => {
    const old = new MemoryJournal();
    const store = new PaymentStore(old);
    const [first, second] = intentsOf([paymentWith({ amount: 5 }), paymentWith({ amount: 6, hoursAgo: 1 })]);
    await store.save(first as PaymentIntent);
    const broken = new MemoryJournal();
    broken.rewrite = () => Promise.reject(new Error('The disk is full'));
    await expect(store.moveTo(broken, plainCodec, NOW)).rejects.toThrow('The disk is full');
    await store.save(second as PaymentIntent);
    expect(old.lines).toHaveLength(2);
    expect(new PaymentStore(old).count).toBe(2);
  });
});
