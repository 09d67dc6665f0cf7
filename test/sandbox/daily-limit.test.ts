import { describe, expect, it } from 'vitest';
import { anna, bjorn, expectBankError, getTransfer, postTransfer, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

describe('the daily limit: 200 000 kr. per customer per GMT day', () => {
  const sandbox = useSandbox({ now: '2026-11-22T23:00:00.000Z', accessTokenTtlSeconds: 86_400 });

  it('passes exactly 200 000 in a day, fails 1 more, and starts afresh on the next GMT day', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    expect((await postTransfer(s.url, { token, body: transferBody({ amount: 150_000 }) })).status).toBe(201);
    expect((await postTransfer(s.url, { token, body: transferBody({ amount: 50_000 }) })).status).toBe(201);
    await expectBankError(await postTransfer(s.url, { token, body: transferBody({ amount: 1 }) }), 'OverDailyAmount');

    s.clock.set('2026-11-22T23:59:59.999Z');
    await expectBankError(await postTransfer(s.url, { token, body: transferBody({ amount: 1 }) }), 'OverDailyAmount');
    s.clock.set('2026-11-23T00:00:00.000Z');
    expect((await postTransfer(s.url, { token, body: transferBody({ amount: 200_000 }) })).status).toBe(201);
    await expectBankError(await postTransfer(s.url, { token, body: transferBody({ amount: 1 }) }), 'OverDailyAmount');
  });

  it('fails a single payment over 200 000, and a rejected one counts for nothing', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await expectBankError(
      await postTransfer(s.url, { token, body: transferBody({ amount: 200_001 }) }),
      'OverDailyAmount',
    );
    expect((await postTransfer(s.url, { token, body: transferBody({ amount: 200_000 }) })).status).toBe(201);
  });

  it('is per customer: anna’s payments leave bjorn’s limit alone', async () => {
    const s = sandbox();
    expect(
      (await postTransfer(s.url, { token: await tokenFor(s, 'anna'), body: transferBody({ amount: 200_000 }) })).status,
    ).toBe(201);
    const bjornPays = await postTransfer(s.url, {
      token: await tokenFor(s, 'bjorn'),
      body: transferBody({ owner: bjorn.kennitala, debtor: bjorn.primary, payee: anna.primary, amount: 200_000 }),
    });
    expect(bjornPays.status).toBe(201);
  });

  it('sigga has used it up every day', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'sigga');
    const body = transferBody({ owner: '1712782019', debtor: '013326040001', amount: 1 });
    await expectBankError(await postTransfer(s.url, { token, body }), 'OverDailyAmount');
    s.clock.advanceSeconds(3600);
    await expectBankError(await postTransfer(s.url, { token, body }), 'OverDailyAmount');
  });
});

describe('balances and the stateful initiation', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 10 * 86_400 });

  it('debits the debtor, credits a sandbox payee, and serves the initiation to its owner', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const created = await postTransfer(s.url, {
      token,
      body: transferBody({ amount: 12_345, debtor: '0133-26-012345' }),
    });
    expect(created.status).toBe(201);
    expect(s.balance(anna.primary)).toBe(1_500_000 - 12_345);
    expect(s.balance(bjorn.primary)).toBe(800_000 + 12_345);
    const response = await getTransfer(s.url, created.headers.get('location') ?? '', { token });
    expect(response.status).toBe(200);
    const id = (created.headers.get('location') ?? '').split('/').at(-1);
    expect(await response.json()).toEqual({
      id,
      paymentDate: '2026-11-22T12:00:00.000Z',
      status: 'ACCC',
      endToEndIdentification: 'E2E1',
      debtorAccount: { id: anna.primary, ownerId: anna.kennitala },
      depositAccount: { id: bjorn.primary, ownerId: bjorn.kennitala },
      amount: { amount: 12_345, currency: 'ISK' },
      extendedReference: 'Rent',
    });
  });

  it('accepts the spaced form of an account, pays a payee outside the sandbox, and cannot overdraw', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const outside = transferBody({ debtor: '0133 26 012345', payee: '0515-26-999999', amount: 100_000 });
    expect((await postTransfer(s.url, { token, body: outside })).status).toBe(201);
    expect(s.balance('051526999999')).toBeUndefined();
    expect(s.balance(anna.primary)).toBe(1_400_000);
  });

  it('refuses a payment the balance cannot cover, even under the limit', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'bjorn');
    const pay = (amount: number) =>
      postTransfer(s.url, {
        token,
        body: transferBody({ owner: bjorn.kennitala, debtor: bjorn.primary, payee: anna.primary, amount }),
      });
    for (let day = 0; day < 4; day += 1) {
      expect((await pay(200_000)).status).toBe(201);
      s.clock.advanceSeconds(24 * 60 * 60);
    }
    expect(s.balance(bjorn.primary)).toBe(0);
    await expectBankError(await pay(1), 'AmountUnavailable');
  });
});
