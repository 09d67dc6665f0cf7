import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDraft, PaymentIntent } from '../../../common/payment.ts';
import { DAY_MS } from '../../../common/time.ts';
import { BankError } from '../../../main/bank/bank-error.ts';
import { MemoryJournal } from '../../../main/payments/journal.ts';
import { PaymentService } from '../../../main/payments/payment-service.ts';
import { PaymentStore } from '../../../main/payments/payment-store.ts';
import { BLOCK_RECORDS } from '../../../main/payments/snapshot.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { bankRefusal, FakeBank, serverError } from './fake-bank.ts';
import { rejectionOf } from '../../helpers/rejection.ts';

const ANNA = '1203852089';
const draft = (amount = '1.500', extra: Partial<PaymentDraft> = {}): PaymentDraft => ({
  debtorAccount: '0133-26-012345',
  depositKennitala: '050792-2189',
  depositAccount: '0133-26-020001',
  amount,
  endToEndId: 'Rent',
  ...extra,
});

let now: number;
let journal: MemoryJournal;
let bank: FakeBank;
let slept: number[];
const clock = { now: () => now };

function service(store = new PaymentStore(journal)) {
  return new PaymentService({
    profileId: 'local',
    store,
    bank,
    clock,
    customer: () => ({ kennitala: ANNA }),
    sleep: (ms) => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    },
    retryDelaysMs: [100, 200, 300],
  });
}

beforeEach(() => {
  now = Date.parse('2026-11-22T12:00:00Z');
  journal = new MemoryJournal();
  bank = new FakeBank();
  slept = [];
});

describe('payments: the happy path', () => {
  it('confirms, sends, and settles with the ACCC status', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    expect(intent).toMatchObject({
      state: 'confirmed',
      order: { amount: 1500, debtorKennitala: ANNA, depositAccount: '013326020001' },
    });
    expect(intent.requestId).toMatch(/^[A-Za-z0-9]{32}$/);
    const done = await payments.submit(intent.id);
    expect(done).toMatchObject({ state: 'settled', initiationId: 'init1', bankStatus: 'ACCC', attempts: 1 });
    expect(Object.keys(done.stateTimes)).toEqual(['confirmed', 'sending', 'accepted', 'settled']);
    expect(bank.calls[0]?.request).toMatchObject({ endToEndId: 'Rent', amount: 1500 });
  });

  it('keeps an accepted payment accepted when the bank reports another status', async () => {
    bank.status = 'PDNG';
    const payments = service();
    const intent = await payments.confirm(draft());
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'accepted', bankStatus: 'PDNG' });
  });
});

describe('payments: finished ones stay as they are', () => {
  it('a settled payment is never asked about or written again (a snapshot archives it for good)', async () => {
    const payments = service();
    const done = await payments.submit((await payments.confirm(draft())).id);
    const records = journal.lines.length;
    let asked = 0;
    const getCreditTransfer = bank.getCreditTransfer.bind(bank);
    bank.getCreditTransfer = (id) => {
      asked += 1;
      return getCreditTransfer(id);
    };
    expect(await payments.refreshStatus(done.id)).toEqual(done);
    expect(await payments.checkAgain(done.id)).toEqual(done);
    expect(asked).toBe(0);
    expect(journal.lines).toHaveLength(records);
  });
});

describe('payments: never twice', () => {
  it('stores the request id durably before the first byte is sent', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    bank.beforeCreate = (requestId) => {
      // What a restart would read back at this moment: the intent, its request id, and that it is being sent.
      const onDisk = new PaymentStore(journal).get(intent.id);
      expect(onDisk).toMatchObject({ requestId, state: 'sending' });
      expect(onDisk?.firstSentAt).toBeTypeOf('number');
    };
    await payments.submit(intent.id);
    expect(bank.calls).toHaveLength(1);
  });

  it('retries lost answers and server errors with the same request id, and the bank processes it once', async () => {
    bank.script = ['lost', serverError(), 'down', 'ok'];
    const payments = service();
    const intent = await payments.confirm(draft());
    const done = await payments.submit(intent.id);
    expect(done).toMatchObject({ state: 'settled', attempts: 4 });
    expect(new Set(bank.calls.map((call) => call.requestId))).toEqual(new Set([intent.requestId]));
    expect(bank.initiations.size).toBe(1);
    expect(slept).toEqual([100, 200, 300]);
  });

  it('ends unknown when the retries run out; "check again" reuses the request id', async () => {
    bank.script = ['lost', 'lost', 'lost', 'lost'];
    const payments = service();
    const intent = await payments.confirm(draft());
    const unknown = await payments.submit(intent.id);
    expect(unknown).toMatchObject({ state: 'unknown', error: { name: 'NetworkError' } });
    const checked = await payments.checkAgain(intent.id);
    expect(checked).toMatchObject({ state: 'settled', initiationId: 'init1' });
    expect(checked.error).toBeUndefined();
    expect(bank.calls.every((call) => call.requestId === intent.requestId)).toBe(true);
    expect(bank.initiations.size).toBe(1);
  });

  it('sends one intent once when asked twice at the same time', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    const [a, b] = await Promise.all([payments.submit(intent.id), payments.submit(intent.id)]);
    expect(a).toBe(b);
    expect(bank.calls).toHaveLength(1);
  });

  it('does not send a settled or rejected payment again', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    await payments.submit(intent.id);
    await payments.submit(intent.id);
    await payments.checkAgain(intent.id);
    expect(bank.calls).toHaveLength(1);
  });

  it('stops 24 hours after the first send and says to check online banking', async () => {
    bank.script = ['lost', 'lost', 'lost', 'lost'];
    const payments = service();
    const intent = await payments.confirm(draft());
    await payments.submit(intent.id);
    const sends = bank.calls.length;
    const firstSentAt = payments.get(intent.id)?.firstSentAt ?? 0;

    now = firstSentAt + DAY_MS - 1;
    bank.script = ['lost', 'lost', 'lost', 'lost'];
    await payments.checkAgain(intent.id);
    expect(bank.calls.length).toBeGreaterThan(sends);

    now = firstSentAt + DAY_MS;
    const before = bank.calls.length;
    expect(await payments.checkAgain(intent.id)).toMatchObject({
      state: 'unknown',
      error: { code: 'REQUEST_ID_EXPIRED' },
    });
    expect(bank.calls).toHaveLength(before);
  });

  it('marks a payment interrupted by a crash as unknown on the next start, keeping its request id', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    bank.beforeCreate = () => {
      throw new Error('the process died here');
    };
    await expect(payments.submit(intent.id)).resolves.toMatchObject({ state: 'unknown' });
    // Simulate the crash: the journal holds "sending" as the last word.
    const store = new PaymentStore(journal);
    await store.save({ ...intent, state: 'sending', firstSentAt: now, attempts: 1 });
    const restarted = service(new PaymentStore(journal));
    await restarted.recover();
    expect(restarted.get(intent.id)).toMatchObject({
      state: 'unknown',
      requestId: intent.requestId,
      error: { code: 'INTERRUPTED' },
    });
  });
});

describe('payments: refusals', () => {
  it('keeps a payment unknown when a retry is refused before the bank could recognise its request id', async () => {
    const unauthorized = new BankError({
      name: 'Unauthorized',
      code: 'ERR_80102_000',
      message: 'x',
      httpStatus: 401,
      retryable: false,
      refusal: true,
    });
    bank.script = ['lost', unauthorized];
    const payments = service();
    const intent = await payments.confirm(draft());
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'unknown', error: { name: 'Unauthorized' } });
    expect(await payments.checkAgain(intent.id)).toMatchObject({ state: 'settled' });
    expect(bank.initiations.size).toBe(1);
  });

  it('rejects a first send refused as unauthorized: nothing can have gone through', async () => {
    bank.script = [
      new BankError({
        name: 'Unauthorized',
        code: 'ERR_80102_000',
        message: 'x',
        httpStatus: 401,
        retryable: false,
        refusal: true,
      }),
    ];
    const payments = service();
    const intent = await payments.confirm(draft());
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'rejected' });
  });

  it('rejects on a bank refusal and never retries it', async () => {
    bank.script = [bankRefusal('AmountUnavailable', 'ERR_80102_105')];
    const payments = service();
    const intent = await payments.confirm(draft());
    expect(await payments.submit(intent.id)).toMatchObject({
      state: 'rejected',
      error: { name: 'AmountUnavailable', httpStatus: 400 },
    });
    expect(bank.calls).toHaveLength(1);
    expect(payments.dailyLimit().used).toBe(0);
  });

  it("records the bank's OverDailyAmount: nothing is left today, and tomorrow starts afresh", async () => {
    bank.script = [bankRefusal('OverDailyAmount', 'ERR_80102_104')];
    const payments = service();
    const intent = await payments.confirm(draft('1000'));
    await payments.submit(intent.id);
    expect(payments.dailyLimit()).toMatchObject({ remaining: 0, bankSaysReached: true });
    expect(new PaymentStore(journal).bankLimitReached(ANNA, '2026-11-22')).toBe(true);
    now = Date.parse('2026-11-23T00:00:00Z');
    expect(payments.dailyLimit()).toMatchObject({ remaining: 200_000, bankSaysReached: false });
  });

  it('refuses locally what would go over the limit, before sending', async () => {
    const payments = service();
    await payments.submit((await payments.confirm(draft('150.000'))).id);
    expect(payments.dailyLimit()).toMatchObject({ used: 150_000, remaining: 50_000 });
    const check = payments.validate(draft('50.001', { depositAccount: '0133-26-020002' })).check;
    expect(check).toEqual({ ok: false, errors: { amount: 'over_remaining' } });
    expect((await rejectionOf(payments.confirm(draft('50.001')), WalletError)).code).toBe('INVALID_PAYMENT');
    expect(bank.calls).toHaveLength(1);
  });

  it('checks the limit again at the first send: the bank may have said in between that it is used up', async () => {
    const payments = service();
    const waiting = await payments.confirm(draft('1.000'));
    bank.script = [bankRefusal('OverDailyAmount', 'ERR_80102_104')];
    await payments.submit((await payments.confirm(draft('2.000', { depositAccount: '0133-26-020002' }))).id);
    expect(await payments.submit(waiting.id)).toMatchObject({
      state: 'rejected',
      error: { code: 'LOCAL_DAILY_LIMIT' },
    });
    expect(bank.calls).toHaveLength(1);
  });

  it('counts a payment on the GMT day it was sent: exactly 200 000 passes, the next day starts afresh', async () => {
    now = Date.parse('2026-11-22T23:59:59Z');
    const payments = service();
    await payments.submit((await payments.confirm(draft('200.000'))).id);
    expect(payments.dailyLimit()).toMatchObject({ remaining: 0, resetsAt: Date.parse('2026-11-23T00:00:00Z') });
    now = Date.parse('2026-11-23T00:00:00Z');
    expect(payments.dailyLimit()).toMatchObject({ day: '2026-11-23', used: 0, remaining: 200_000 });
  });

  it('refuses the same account as payer and payee, and a company as payee', () => {
    const payments = service();
    expect(payments.validate(draft('100', { depositAccount: '013326012345' })).check).toMatchObject({
      ok: false,
      errors: { depositAccount: 'same_account' },
    });
    expect(payments.validate(draft('100', { depositKennitala: '5202901290' })).check).toMatchObject({ ok: false });
  });
});

describe('payments: duplicate warning', () => {
  it('asks for acknowledgement of the same payee and amount within 24 hours', async () => {
    const payments = service();
    const first = await payments.confirm(draft());
    await payments.submit(first.id);
    expect(payments.validate(draft()).duplicate).toMatchObject({ intentId: first.id, amount: 1500 });
    expect((await rejectionOf(payments.confirm(draft()), WalletError)).code).toBe('DUPLICATE_NOT_ACKNOWLEDGED');
    // A yes is not enough: the acknowledgement names the payment the customer was warned about.
    const unnamed = payments.confirm(draft(), { acknowledgeDuplicate: 'another-payment' });
    expect((await rejectionOf(unnamed, WalletError)).code).toBe('DUPLICATE_NOT_ACKNOWLEDGED');
    const second = await payments.confirm(draft(), { acknowledgeDuplicate: first.id });
    expect(second.acknowledgedDuplicateOf).toBe(first.id);
    expect(second.requestId).not.toBe(first.requestId);

    now += DAY_MS;
    expect(payments.validate(draft()).duplicate).toBeUndefined();
  });

  it('does not warn about another amount or a refused payment', async () => {
    bank.script = [bankRefusal('AmountUnavailable', 'ERR_80102_105')];
    const payments = service();
    await payments.submit((await payments.confirm(draft())).id);
    expect(payments.validate(draft()).duplicate).toBeUndefined();
    expect(payments.validate(draft('1.501')).duplicate).toBeUndefined();
  });
});

describe('payments: start-up', () => {
  it('compacts a journal grown well past one record per payment, keeping every payment as it was', async () => {
    const payments = service();
    // Three records a payment (confirmed, sending, settled): 1 200 payments pass the threshold of 2 a payment + 1 000.
    for (let n = 0; n < 1200; n += 1) {
      const next = draft('1', { endToEndId: `n${n}` });
      const acknowledgeDuplicate = payments.validate(next).duplicate?.intentId;
      await payments.submit((await payments.confirm(next, acknowledgeDuplicate ? { acknowledgeDuplicate } : {})).id);
    }
    const before = new PaymentStore(journal).all();
    expect(journal.lines.length).toBeGreaterThan(2 * before.length + 1000);
    expect(await service(new PaymentStore(journal)).compact()).toBe(true);
    // A summary and blocks of payments (all of today's in the recent part): start-up follows the payments, not every
    // change they went through.
    expect(journal.lines).toHaveLength(1 + Math.ceil(before.length / BLOCK_RECORDS));
    const byId = (intents: PaymentIntent[]) => [...intents].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(new PaymentStore(journal).all())).toEqual(byId(before));
  });

  it('leaves a journal of about one record per payment alone', async () => {
    const payments = service();
    await payments.submit((await payments.confirm(draft())).id);
    const records = journal.lines.length;
    expect(await service(new PaymentStore(journal)).compact()).toBe(false);
    expect(journal.lines).toHaveLength(records);
  });
});
