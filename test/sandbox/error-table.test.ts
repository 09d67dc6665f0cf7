import { describe, expect, it } from 'vitest';
import { bankErrorBody, bankErrorNames } from '../../common/bank-errors.ts';
import type { BankErrorName } from '../../common/bank-errors.ts';
import { startSandbox } from '../../sandbox/index.ts';
import type { Sandbox } from '../../sandbox/index.ts';
import { anna, bjorn, expectBankError, getTransfer, postTransfer, TRANSFERS, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

const einar = { kennitala: '3006012000', primary: '013305030001' };
const sigga = { kennitala: '1712782019', primary: '013326040001' };
const olafur = { kennitala: '0909552099', primary: '013326050001' };
const gudrun = { kennitala: '2311642009' };

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

describe('401 Unauthorized, every way', () => {
  const sandbox = useSandbox({ accessTokenTtlSeconds: 300 });

  it('refuses a missing or unknown apikey, a missing or forged token, and another application key', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const otherSandbox = await startSandbox();
    try {
      const foreignToken = await tokenFor(otherSandbox, 'anna');
      const cases = [
        { token, apiKey: null },
        { token, apiKey: 'not-a-key' },
        { token: null },
        { token: 'not.a.jwt' },
        { token: `${token.slice(0, -4)}AAAA` },
        { token: foreignToken },
      ];
      for (const call of cases) {
        await expectBankError(await postTransfer(s.url, call), 'Unauthorized');
        await expectBankError(await getTransfer(s.url, 'x', call), 'Unauthorized');
      }
      const basic = await fetch(`${s.url}${TRANSFERS}`, {
        method: 'POST',
        headers: { apikey: 'wallet-local-apikey', authorization: `Basic ${token}`, 'x-request-id': 'abc' },
        body: JSON.stringify(transferBody()),
      });
      await expectBankError(basic, 'Unauthorized');
    } finally {
      await otherSandbox.stop();
    }
  });

  it('refuses a token with another registered application’s apikey', async () => {
    const s = await startSandbox({
      clients: [{ clientId: 'other', clientSecret: 'other-secret', apiKey: 'other-apikey' }],
    });
    try {
      const token = await tokenFor(s, 'anna');
      await expectBankError(await postTransfer(s.url, { token, apiKey: 'other-apikey' }), 'Unauthorized');
      expect((await postTransfer(s.url, { token })).status).toBe(201);
    } finally {
      await s.stop();
    }
  });

  it('refuses an expired token: valid one second before its expiry, refused at it', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    s.clock.advanceSeconds(299);
    expect((await postTransfer(s.url, { token })).status).toBe(201);
    s.clock.advanceSeconds(1);
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, 'x', { token }), 'Unauthorized');
  });

  it('refuses a token whose grant the customer revoked', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    const created = await postTransfer(s.url, { token });
    expect(created.status).toBe(201);
    expect(s.revoke('anna')).toBe(1);
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, created.headers.get('location') ?? '', { token }), 'Unauthorized');
  });

  it('refuses a token without the payments scope', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna', { scope: 'profile openid customer accounts' });
    await expectBankError(await postTransfer(s.url, { token }), 'Unauthorized');
    await expectBankError(await getTransfer(s.url, 'x', { token }), 'Unauthorized');
  });

  it('says so in WWW-Authenticate', async () => {
    const response = await postTransfer(sandbox().url, { token: null });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
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

describe('the order of the POST checks: the earlier rule wins', () => {
  const sandbox = useSandbox();

  const pairs: [
    string,
    string,
    (tokens: Record<string, string>) => Parameters<typeof postTransfer>[1],
    BankErrorName,
  ][] = [
    ['1 before 2', 'anna', (t) => ({ token: t.anna, apiKey: null, requestId: null }), 'Unauthorized'],
    ['2 (missing) before 4', 'anna', (t) => ({ token: t.anna, requestId: null, body: '{' }), 'RequestIdHeaderMissing'],
    [
      '2 (invalid) before 4',
      'anna',
      (t) => ({ token: t.anna, requestId: 'x'.repeat(36), body: '{' }),
      'InvalidRequestHeader',
    ],
    [
      '4 before 5',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ amount: 1.5, currency: 'EUR' }) }),
      'BadRequest',
    ],
    [
      '5 before 6',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ amount: 0, currency: 'EUR' }) }),
      'NonISKAmount',
    ],
    [
      '6 before 7',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ amount: -5, owner: bjorn.kennitala }) }),
      'ZeroOrNegativeAmount',
    ],
    ['7 before 8', 'olafur', (t) => ({ token: t.olafur, body: transferBody() }), 'AccountAccessDenied'],
    [
      '8 before 9',
      'olafur',
      (t) => ({ token: t.olafur, body: transferBody({ owner: olafur.kennitala, debtor: '013326099999' }) }),
      'NotAuthorizedToPost',
    ],
    [
      '9: another customer’s account is not found',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ debtor: bjorn.primary }) }),
      'DebtorAccountNotFound',
    ],
    [
      '9: a debtor account that is no account number is not found',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ debtor: 'abc' }) }),
      'DebtorAccountNotFound',
    ],
    [
      '10 before 11',
      'einar',
      (t) => ({
        token: t.einar,
        body: transferBody({ owner: einar.kennitala, debtor: einar.primary, amount: 9_000_000 }),
      }),
      'InvalidAccountProduct',
    ],
    [
      '11 before 12',
      'anna',
      (t) => ({ token: t.anna, body: transferBody({ debtor: anna.secondary, amount: 250_000 }) }),
      'AmountUnavailable',
    ],
    ['12', 'anna', (t) => ({ token: t.anna, body: transferBody({ amount: 200_001 }) }), 'OverDailyAmount'],
  ];

  it.each(pairs)('%s', async (_name, username, call, expected) => {
    const s = sandbox();
    const tokens = { [username]: await tokenFor(s, username) };
    await expectBankError(await postTransfer(s.url, call(tokens)), expected);
  });

  it('the secondary account of every user has zero funds', async () => {
    const s = sandbox();
    for (const [username, kennitala, secondary] of [
      ['anna', anna.kennitala, anna.secondary],
      ['bjorn', bjorn.kennitala, bjorn.secondary],
      ['einar', einar.kennitala, '013315030002'],
      ['sigga', sigga.kennitala, '013315040002'],
    ] as const) {
      const token = await tokenFor(s, username);
      const response = await postTransfer(s.url, {
        token,
        body: transferBody({ owner: kennitala, debtor: secondary, amount: 1 }),
      });
      await expectBankError(response, 'AmountUnavailable');
    }
  });

  it('GET: 401 before an empty id', async () => {
    await expectBankError(await getTransfer(sandbox().url, `${TRANSFERS}/`, { token: null }), 'Unauthorized');
  });

  it('any other path, method or version is the generic 404', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/Payments/Initiations/v2/CreditTransfers'],
      ['POST', '/Payments/Initiations/v2/CreditTransfers'],
      ['PUT', TRANSFERS],
      ['DELETE', `${TRANSFERS}/abc`],
      ['GET', '/payments/initiations/v1/credittransfers/abc'],
      ['GET', '/__sandbox/initiations'],
    ] as const) {
      const response = await fetch(`${s.url}${path}`, {
        method,
        headers: { apikey: 'wallet-local-apikey', authorization: `Bearer ${token}` },
      });
      await expectBankError(response, 'NotFound');
    }
  });
});
