import { describe, it } from 'vitest';
import type { BankErrorName } from '../../common/bank-errors.ts';
import {
  anna,
  bjorn,
  einar,
  expectBankError,
  getTransfer,
  olafur,
  postTransfer,
  sigga,
  TRANSFERS,
  transferBody,
} from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

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
