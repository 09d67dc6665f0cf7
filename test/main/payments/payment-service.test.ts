import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDraft } from '../../../common/payment.ts';
import { DAY_MS } from '../../../common/time.ts';
import { BankError } from '../../../main/bank/bank-error.ts';
import { PaymentService } from '../../../main/payments/payment-service.ts';
import type { PaymentStore } from '../../../main/payments/store/store-ops.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { bankRefusal, FakeBank, serverError } from './fake-bank.ts';
import { rejectionOf } from '../../helpers/rejection.ts';
import { testStore, type TestStore } from '../../support/payment-store.ts';

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
let disk: TestStore;
let bank: FakeBank;
let slept: number[];
const clock = { now: () => now };

function service(store: PaymentStore = disk.store) {
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

beforeEach(async () => {
  now = Date.parse('2026-11-22T12:00:00Z');
  disk = await testStore(ANNA);
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
  it('a settled payment is never asked about or written again', async () => {
    const payments = service();
    const done = await payments.submit((await payments.confirm(draft())).id);
    const written = disk.mark()?.seq;
    let asked = 0;
    const getCreditTransfer = bank.getCreditTransfer.bind(bank);
    bank.getCreditTransfer = (id) => {
      asked += 1;
      return getCreditTransfer(id);
    };
    expect(await payments.refreshStatus(done.id)).toEqual(done);
    expect(await payments.checkAgain(done.id)).toEqual(done);
    expect(asked).toBe(0);
    expect(disk.mark()?.seq).toBe(written);
  });
});

describe('payments: never twice', () => {
  it('stores the request id durably before the first byte is sent', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    bank.beforeCreate = (requestId) => {
      // What a restart would read back at this moment: the intent, its request id, and that it is being sent.
      const onDisk = disk.onDisk().get(intent.id);
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
    const firstSentAt = (await payments.reader.get(intent.id))?.firstSentAt ?? 0;

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
    // Simulate the crash: the store holds "sending" as the last word.
    disk.onDisk().save({ ...intent, state: 'sending', firstSentAt: now, attempts: 1 });
    const restarted = service(await disk.reopen());
    await restarted.recover();
    expect(await restarted.reader.get(intent.id)).toMatchObject({
      state: 'unknown',
      requestId: intent.requestId,
      error: { code: 'INTERRUPTED' },
    });
  });
});

describe('payments: a send decides from what the store holds', () => {
  // The service remembers the payments it last wrote, so a send asks the store once before the POST; these are the
  // cases where what it remembers is no longer what the store holds (another connection, an edit on disk).
  it('a payment dropped on disk behind the service is read again, and not sent', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    disk.onDisk().save({ ...intent, state: 'dropped', updatedAt: now });
    expect(await payments.submit(intent.id)).toMatchObject({ state: 'dropped' });
    expect(bank.calls).toHaveLength(0);
  });

  it('a record damaged on disk after the confirmation is not sent, and the customer is told why', async () => {
    const payments = service();
    const intent = await payments.confirm(draft());
    const db = new DatabaseSync(disk.options.location);
    db.prepare('UPDATE payments SET sealed = ? WHERE id = ?').run(Buffer.from('edited'), intent.id);
    db.close();
    expect((await rejectionOf(payments.submit(intent.id), WalletError)).code).toBe('RECORD_DAMAGED');
    expect(bank.calls).toHaveLength(0);
  });

  it('a payment confirmed before midnight and sent after it is checked against the day it is sent on', async () => {
    const payments = service();
    now = Date.parse('2026-11-22T23:59:00Z');
    const late = await payments.confirm(draft('150.000'));
    now = Date.parse('2026-11-23T00:01:00Z');
    await payments.submit((await payments.confirm(draft('60.000', { endToEndId: 'Car' }))).id);
    // Counted on the 23rd once sent: 60 000 kr. are spent there, so 150 000 kr. no longer fit.
    expect(await payments.submit(late.id)).toMatchObject({ state: 'rejected', error: { code: 'LOCAL_DAILY_LIMIT' } });
    expect(bank.calls).toHaveLength(1);
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
    expect((await payments.dailyLimit()).used).toBe(0);
  });

  it("records the bank's OverDailyAmount: nothing is left today, and tomorrow starts afresh", async () => {
    bank.script = [bankRefusal('OverDailyAmount', 'ERR_80102_104')];
    const payments = service();
    const intent = await payments.confirm(draft('1000'));
    await payments.submit(intent.id);
    expect(await payments.dailyLimit()).toMatchObject({ remaining: 0, bankSaysReached: true });
    expect(disk.onDisk().bankLimitReached(ANNA, '2026-11-22')).toBe(true);
    now = Date.parse('2026-11-23T00:00:00Z');
    expect(await payments.dailyLimit()).toMatchObject({ remaining: 200_000, bankSaysReached: false });
  });

  it('refuses locally what would go over the limit, before sending', async () => {
    const payments = service();
    await payments.submit((await payments.confirm(draft('150.000'))).id);
    expect(await payments.dailyLimit()).toMatchObject({ used: 150_000, remaining: 50_000 });
    const check = (await payments.validate(draft('50.001', { depositAccount: '0133-26-020002' }))).check;
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
    expect(await payments.dailyLimit()).toMatchObject({ remaining: 0, resetsAt: Date.parse('2026-11-23T00:00:00Z') });
    now = Date.parse('2026-11-23T00:00:00Z');
    expect(await payments.dailyLimit()).toMatchObject({ day: '2026-11-23', used: 0, remaining: 200_000 });
  });

  it('refuses the same account as payer and payee, and a company as payee', async () => {
    const payments = service();
    expect((await payments.validate(draft('100', { depositAccount: '013326012345' }))).check).toMatchObject({
      ok: false,
      errors: { depositAccount: 'same_account' },
    });
    expect((await payments.validate(draft('100', { depositKennitala: '5202901290' }))).check).toMatchObject({
      ok: false,
    });
  });
});

describe('payments: duplicate warning', () => {
  it('asks for acknowledgement of the same payee and amount within 24 hours', async () => {
    const payments = service();
    const first = await payments.confirm(draft());
    await payments.submit(first.id);
    expect((await payments.validate(draft())).duplicate).toMatchObject({ intentId: first.id, amount: 1500 });
    expect((await rejectionOf(payments.confirm(draft()), WalletError)).code).toBe('DUPLICATE_NOT_ACKNOWLEDGED');
    // A yes is not enough: the acknowledgement names the payment the customer was warned about.
    const unnamed = payments.confirm(draft(), { acknowledgeDuplicate: 'another-payment' });
    expect((await rejectionOf(unnamed, WalletError)).code).toBe('DUPLICATE_NOT_ACKNOWLEDGED');
    const second = await payments.confirm(draft(), { acknowledgeDuplicate: first.id });
    expect(second.acknowledgedDuplicateOf).toBe(first.id);
    expect(second.requestId).not.toBe(first.requestId);

    now += DAY_MS;
    expect((await payments.validate(draft())).duplicate).toBeUndefined();
  });

  it('does not warn about another amount or a refused payment', async () => {
    bank.script = [bankRefusal('AmountUnavailable', 'ERR_80102_105')];
    const payments = service();
    await payments.submit((await payments.confirm(draft())).id);
    expect((await payments.validate(draft())).duplicate).toBeUndefined();
    expect((await payments.validate(draft('1.501'))).duplicate).toBeUndefined();
  });
});

describe('payments: Stop trying during the automatic retries (issue 38)', () => {
  it('a send under way makes no further attempt once the customer stops it', async () => {
    let stop: Promise<unknown> | undefined;
    const payments = new PaymentService({
      profileId: 'local',
      store: disk.store,
      bank,
      clock,
      customer: () => ({ kennitala: ANNA }),
      // The customer presses Stop trying while the app waits before its first retry.
      sleep: (ms) => {
        now += ms;
        stop ??= payments.stopTrying(intent.id);
        return Promise.resolve();
      },
      retryDelaysMs: [100, 200, 300],
    });
    const intent = await payments.confirm(draft());
    bank.script = ['down', 'down', 'down', 'down'];
    const sent = await payments.submit(intent.id);
    expect(bank.calls).toHaveLength(1);
    expect(sent).toMatchObject({ state: 'unknown', sendsStopped: { by: 'customer' } });
    expect(await stop).toMatchObject({ state: 'unknown', sendsStopped: { by: 'customer' } });
    await expect(payments.submit(intent.id)).rejects.toMatchObject({ code: 'SENDING_STOPPED' });
    expect(bank.calls).toHaveLength(1);
  });
});
