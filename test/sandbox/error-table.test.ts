import { describe, expect, it } from 'vitest';
import { bankErrorBody, bankErrorNames } from '../../common/bank-errors.ts';
import type { BankErrorName } from '../../common/bank-errors.ts';
import type { Sandbox } from '../../sandbox/index.ts';
import {
  anna,
  bjorn,
  einar,
  expectBankError,
  getTransfer,
  gudrun,
  olafur,
  postTransfer,
  sigga,
  TRANSFERS,
  transferBody,
} from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

/** One way to reach each row of bank-service.md's error table, with the row's HTTP status as the document gives it. */
const rows: Record<BankErrorName, { status: number; call: (sandbox: Sandbox) => Promise<Response> }> = {
  BadRequest: {
    status: 400,
    call: async (s) => postTransfer(s.url, { token: await tokenFor(s, 'anna'), body: '{"DebtorAccount":' }),
  },
  InvalidAccountProduct: {
    status: 400,
    call: async (s) =>
      postTransfer(s.url, {
        token: await tokenFor(s, 'einar'),
        body: transferBody({ owner: einar.kennitala, debtor: einar.primary }),
      }),
  },
  NonISKAmount: {
    status: 400,
    call: async (s) =>
      postTransfer(s.url, { token: await tokenFor(s, 'anna'), body: transferBody({ currency: 'EUR' }) }),
  },
  InvalidInitationId: {
    status: 400,
    call: async (s) => getTransfer(s.url, `${TRANSFERS}/`, { token: await tokenFor(s, 'anna') }),
  },
  ZeroOrNegativeAmount: {
    status: 400,
    call: async (s) => postTransfer(s.url, { token: await tokenFor(s, 'anna'), body: transferBody({ amount: 0 }) }),
  },
  OverDailyAmount: {
    status: 400,
    call: async (s) =>
      postTransfer(s.url, {
        token: await tokenFor(s, 'sigga'),
        body: transferBody({ owner: sigga.kennitala, debtor: sigga.primary, amount: 1 }),
      }),
  },
  AmountUnavailable: {
    status: 400,
    call: async (s) =>
      postTransfer(s.url, {
        token: await tokenFor(s, 'anna'),
        body: transferBody({ debtor: anna.secondary, amount: 1 }),
      }),
  },
  RequestIdHeaderMissing: {
    status: 400,
    call: async (s) => postTransfer(s.url, { token: await tokenFor(s, 'anna'), requestId: null }),
  },
  InvalidRequestHeader: {
    status: 400,
    call: async (s) => postTransfer(s.url, { token: await tokenFor(s, 'anna'), requestId: 'has-dashes' }),
  },
  Unauthorized: { status: 401, call: async (s) => postTransfer(s.url, { token: null }) },
  AccountAccessDenied: {
    status: 401,
    call: async (s) =>
      postTransfer(s.url, { token: await tokenFor(s, 'anna'), body: transferBody({ owner: bjorn.kennitala }) }),
  },
  NotAuthorizedToPost: {
    status: 401,
    call: async (s) =>
      postTransfer(s.url, {
        token: await tokenFor(s, 'olafur'),
        body: transferBody({ owner: olafur.kennitala, debtor: olafur.primary }),
      }),
  },
  NotAuthorizedToGet: {
    status: 401,
    call: async (s) => {
      const created = await postTransfer(s.url, { token: await tokenFor(s, 'anna') });
      return getTransfer(s.url, created.headers.get('location') ?? '', { token: await tokenFor(s, 'bjorn') });
    },
  },
  NotFound: {
    status: 404,
    call: async (s) =>
      getTransfer(s.url, '/Payments/Initiations/v2/CreditTransfers/abc', { token: await tokenFor(s, 'anna') }),
  },
  InitiationNotFound: {
    status: 404,
    call: async (s) => getTransfer(s.url, 'no-such-initiation', { token: await tokenFor(s, 'anna') }),
  },
  DebtorAccountNotFound: {
    status: 404,
    call: async (s) =>
      postTransfer(s.url, {
        token: await tokenFor(s, 'gudrun'),
        body: transferBody({ owner: gudrun.kennitala, debtor: '013326099999' }),
      }),
  },
  InternalServerError: {
    status: 500,
    call: async (s) => {
      const token = await tokenFor(s, 'anna');
      s.faults.add({ route: 'payments.create', kind: 'status500' });
      return postTransfer(s.url, { token });
    },
  },
};

describe("every row of the bank's error table, over HTTP", () => {
  const sandbox = useSandbox();

  it('has a case for every row', () => {
    expect(Object.keys(rows).sort()).toEqual([...bankErrorNames].sort());
  });

  it.each(Object.entries(rows))('%s', async (name, row) => {
    const response = await rows[name as BankErrorName].call(sandbox());
    expect(response.status).toBe(row.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(bankErrorBody(name as BankErrorName));
  });
});

describe('400 BadRequest: not JSON, a required field missing or of the wrong type, a fractional amount', () => {
  const sandbox = useSandbox();

  const broken: [string, { body?: unknown; contentType?: string | null }][] = [
    ['malformed JSON', { body: '{' }],
    ['an empty body', { body: '' }],
    ['JSON sent as text/plain', { body: JSON.stringify(transferBody()), contentType: 'text/plain' }],
    ['no Content-Type', { body: JSON.stringify(transferBody()), contentType: null }],
    ['an array', { body: [transferBody()] }],
    ['no DebtorAccount', { body: { ...transferBody(), DebtorAccount: undefined } }],
    ['no DepositAccount.Id', { body: { ...transferBody(), DepositAccount: { OwnerId: bjorn.kennitala } } }],
    ['no Amount', { body: { ...transferBody(), Amount: undefined } }],
    ['Amount.Amount as a string', { body: { ...transferBody(), Amount: { Currency: 'ISK', Amount: '1000' } } }],
    ['Amount.Currency missing', { body: { ...transferBody(), Amount: { Amount: 1000 } } }],
    ['a fractional amount', { body: transferBody({ amount: 10.5 }) }],
    ['EndToEndIdentification as a number', { body: { ...transferBody(), EndToEndIdentification: 7 } }],
    ['a payee account that is no account number', { body: transferBody({ payee: 'IS14 0159 2600' }) }],
  ];

  it.each(broken)('%s', async (_name, call) => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await expectBankError(await postTransfer(s.url, { token, ...call }), 'BadRequest');
    expect(s.initiations()).toEqual([]);
  });

  it('accepts the references left out, and JSON with a charset', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const { EndToEndIdentification: _e, ExtendedReference: _x, ...bare } = transferBody();
    const created = await postTransfer(s.url, { token, body: bare, contentType: 'application/json; charset=utf-8' });
    expect(created.status).toBe(201);
  });
});
