import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBankClient, type BankClientOptions } from '../../../main/bank/bank-client.ts';
import { BankError, findErrorCode, parseRetryAfter } from '../../../main/bank/bank-error.ts';
import type { PaymentOrder } from '../../../common/payment.ts';
import { useChromiumNetwork } from '../../../main/net/network.ts';
import { rejectionOf } from '../../helpers/rejection.ts';
import { electronFetchModel } from '../net/electron-fetch-model.ts';

const failure = (promise: Promise<unknown>) => rejectionOf(promise, BankError);

/** A stand-in bank whose answer each test sets: to see how the client copes with shapes a real bank might use. */
type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;
let answer: Handler = (_request, reply) => reply.code(500).send();
const seen: FastifyRequest[] = [];
const server = Fastify();
server.all('/*', (request, reply) => {
  seen.push(request);
  return answer(request, reply);
});
let baseUrl = '';

beforeAll(async () => {
  baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
});

const transfer: PaymentOrder = {
  debtorKennitala: '1203852089',
  debtorAccount: '013326012345',
  depositKennitala: '0507922189',
  depositAccount: '013326020001',
  amount: 1500,
  endToEndId: 'Rent',
  extendedReference: 'November',
  payeeName: 'Björn',
};

const client = (extra: Partial<BankClientOptions> = {}) =>
  createBankClient({ baseUrl, apiKey: 'key-1', accessToken: () => Promise.resolve('token-1'), ...extra });

/**
 * Every case runs over both stacks the app uses: Node's own (tests, the harness) and Chromium's through a fetch (the
 * packaged app hands `useChromiumNetwork` Electron's `session.fetch`; here a counting model of it, which behaves as
 * Electron's does: test/main/net/electron-fetch-model.ts).
 */
const electron = electronFetchModel();
const chromiumStandIn = {
  calls: 0,
  fetch: ((input, init) => {
    chromiumStandIn.calls += 1;
    return electron.fetch(input, init);
  }) as typeof fetch,
};

describe.each([
  { stack: 'Node', fetch: undefined },
  { stack: 'Electron (session.fetch, modelled)', fetch: chromiumStandIn.fetch },
])('over $stack', ({ fetch: through }) => {
  beforeAll(() => useChromiumNetwork(through));
  afterAll(() => useChromiumNetwork(undefined));
  it('goes through the stack it was given', async () => {
    answer = (_request, reply) => reply.code(200).send({ id: 'abc123', status: 'ACCC' });
    const before = chromiumStandIn.calls;
    await client().getCreditTransfer('abc123');
    expect(chromiumStandIn.calls - before).toBe(through ? 1 : 0);
  });

  describe('bank client: create', () => {
    it('sends exactly the documented path, headers and PascalCase body', async () => {
      answer = (_request, reply) =>
        reply.code(201).header('location', '/Payments/Initiations/v1/CreditTransfers/abc123').send();
      const created = await client().createCreditTransfer(transfer, 'REQ1');
      expect(created).toEqual({
        initiationId: 'abc123',
        location: '/Payments/Initiations/v1/CreditTransfers/abc123',
        httpStatus: 201,
      });
      const request = seen[0];
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/Payments/Initiations/v1/CreditTransfers');
      expect(request?.headers['apikey']).toBe('key-1');
      expect(request?.headers['authorization']).toBe('Bearer token-1');
      expect(request?.headers['x-request-id']).toBe('REQ1');
      expect(request?.headers['content-type']).toMatch(/^application\/json/);
      expect(request?.body).toEqual({
        EndToEndIdentification: 'Rent',
        DebtorAccount: { OwnerId: '1203852089', Id: '013326012345' },
        DepositAccount: { OwnerId: '0507922189', Id: '013326020001' },
        Amount: { Currency: 'ISK', Amount: 1500 },
        ExtendedReference: 'November',
      });
    });

    it('sends NOTPROVIDED, and no ExtendedReference, when the customer gave no references', async () => {
      answer = (_request, reply) =>
        reply.code(201).header('location', '/Payments/Initiations/v1/CreditTransfers/abc123').send();
      await client().createCreditTransfer({ ...transfer, endToEndId: '', extendedReference: '' }, 'REQ1');
      expect(seen[0]?.body).toEqual({
        EndToEndIdentification: 'NOTPROVIDED',
        DebtorAccount: { OwnerId: '1203852089', Id: '013326012345' },
        DepositAccount: { OwnerId: '0507922189', Id: '013326020001' },
        Amount: { Currency: 'ISK', Amount: 1500 },
      });
    });

    it('uses the API version of the profile', async () => {
      answer = (_request, reply) =>
        reply.code(201).header('location', '/Payments/Initiations/v2/CreditTransfers/id9').send();
      await client({ apiVersion: 'v2' }).createCreditTransfer(transfer, 'REQ1');
      expect(seen[0]?.url).toBe('/Payments/Initiations/v2/CreditTransfers');
    });

    it('takes the id from an absolute Location too, and ignores any body', async () => {
      answer = (_request, reply) =>
        reply
          .code(201)
          .header('location', 'https://bank.example/Payments/Initiations/v1/CreditTransfers/xyz-789/')
          .send({ surprise: true });
      expect((await client().createCreditTransfer(transfer, 'REQ1')).initiationId).toBe('xyz-789');
    });

    it('accepts a replay answered with 200 or 409 and the original Location', async () => {
      answer = (_request, reply) =>
        reply.code(409).header('location', '/Payments/Initiations/v1/CreditTransfers/orig').send();
      expect(await client().createCreditTransfer(transfer, 'REQ1')).toMatchObject({
        initiationId: 'orig',
        httpStatus: 409,
      });
      answer = (_request, reply) =>
        reply.code(200).header('location', '/Payments/Initiations/v1/CreditTransfers/orig').send();
      expect(await client().createCreditTransfer(transfer, 'REQ1')).toMatchObject({
        initiationId: 'orig',
        httpStatus: 200,
      });
    });

    it('treats a 2xx without Location as an error that may be retried with the same request id', async () => {
      answer = (_request, reply) => reply.code(201).send();
      const error = await failure(client().createCreditTransfer(transfer, 'REQ1'));
      expect(error).toMatchObject({ name: 'UnexpectedResponse', code: 'MISSING_LOCATION', retryable: true });
    });

    it.each([
      ['top level', { name: 'OverDailyAmount', code: 'ERR_80102_104', message: 'User exceeded daily amount limit' }],
      ['nested error', { error: { code: 'ERR_80102_104' } }],
      ['errors array', { errors: [{ detail: 'x' }, { code: 'ERR_80102_104' }] }],
      ['plain text', 'Error ERR_80102_104: limit'],
    ])('finds the code in a %s body', async (_shape, body) => {
      answer = (_request, reply) => reply.code(400).send(body);
      const error = await failure(client().createCreditTransfer(transfer, 'REQ1'));
      expect(error).toMatchObject({
        name: 'OverDailyAmount',
        code: 'ERR_80102_104',
        httpStatus: 400,
        retryable: false,
        refusal: true,
      });
    });

    it('maps by HTTP status when the body says nothing', async () => {
      answer = (_request, reply) => reply.code(404).send();
      expect(await failure(client().createCreditTransfer(transfer, 'REQ1'))).toMatchObject({
        name: 'NotFound',
        retryable: false,
        // No code of the bank's own: not a decision the app may take as final.
        refusal: false,
      });
      answer = (_request, reply) => reply.code(503).send('<html>busy</html>');
      expect(await failure(client().createCreditTransfer(transfer, 'REQ1'))).toMatchObject({
        name: 'InternalServerError',
        retryable: true,
      });
      answer = (_request, reply) => reply.code(418).send();
      expect(await failure(client().createCreditTransfer(transfer, 'REQ1'))).toMatchObject({
        name: 'UnexpectedResponse',
        retryable: false,
      });
    });

    it('refreshes once after a 401 and retries; a second 401 is final', async () => {
      let token = 'old';
      let refreshes = 0;
      answer = (request, reply) =>
        request.headers['authorization'] === 'Bearer new'
          ? reply.code(201).header('location', '/Payments/Initiations/v1/CreditTransfers/ok').send()
          : reply.code(401).send({ code: 'ERR_80102_000' });
      const options = {
        accessToken: () => Promise.resolve(token),
        refreshAccessToken: () => {
          refreshes += 1;
          token = 'new';
          return Promise.resolve(true);
        },
      };
      expect((await client(options).createCreditTransfer(transfer, 'REQ1')).initiationId).toBe('ok');
      expect(refreshes).toBe(1);
      expect(seen.map((r) => r.headers['x-request-id'])).toEqual(['REQ1', 'REQ1']);

      token = 'old';
      answer = (_request, reply) => reply.code(401).send({ code: 'ERR_80102_000' });
      expect(await failure(client(options).createCreditTransfer(transfer, 'REQ1'))).toMatchObject({
        name: 'Unauthorized',
      });
      expect(refreshes).toBe(2);
    });

    it('waits out a short Retry-After on 429 with the injected sleep, and returns a long one', async () => {
      let calls = 0;
      answer = (_request, reply) =>
        ++calls === 1
          ? reply.code(429).header('retry-after', '2').send()
          : reply.code(201).header('location', '/Payments/Initiations/v1/CreditTransfers/later').send();
      const slept: number[] = [];
      const sleep = (ms: number) => {
        slept.push(ms);
        return Promise.resolve();
      };
      expect((await client({ sleep }).createCreditTransfer(transfer, 'REQ1')).initiationId).toBe('later');
      expect(slept).toEqual([2000]);

      answer = (_request, reply) => reply.code(429).header('retry-after', '3600').send();
      const error = await failure(client({ sleep }).createCreditTransfer(transfer, 'REQ1'));
      expect(error).toMatchObject({ name: 'RateLimited', retryable: true, retryAfterMs: 3_600_000 });
    });

    it('never retries a 4xx by itself', async () => {
      answer = (_request, reply) => reply.code(400).send({ code: 'ERR_80102_105' });
      await failure(client().createCreditTransfer(transfer, 'REQ1'));
      expect(seen).toHaveLength(1);
    });

    it('reports an unreachable bank and a slow one as retryable', async () => {
      const closed = Fastify();
      const closedUrl = await closed.listen({ host: '127.0.0.1', port: 0 });
      await closed.close();
      const unreachable = createBankClient({
        baseUrl: closedUrl,
        apiKey: 'k',
        accessToken: () => Promise.resolve('t'),
      });
      expect(await rejectionOf(unreachable.createCreditTransfer(transfer, 'REQ1'), BankError)).toMatchObject({
        name: 'NetworkError',
        retryable: true,
      });

      answer = () => new Promise(() => undefined);
      expect(await failure(client({ responseTimeoutMs: 50 }).createCreditTransfer(transfer, 'REQ1'))).toMatchObject({
        name: 'Timeout',
        retryable: true,
      });
    });
  });

  describe('bank client: get', () => {
    it('reads an initiation, tolerating extra fields and unknown statuses', async () => {
      answer = (_request, reply) =>
        reply.send({
          id: 'abc',
          status: 'PDNG',
          paymentDate: '2026-11-22T10:00:00Z',
          amount: { amount: 1500, currency: 'ISK' },
          extra: [1],
        });
      const initiation = await client().getCreditTransfer('abc');
      expect(initiation).toMatchObject({ id: 'abc', status: 'PDNG', amount: { amount: 1500 } });
      const request = seen[0];
      expect(request?.url).toBe('/Payments/Initiations/v1/CreditTransfers/abc');
      expect(request?.headers['accept']).toBe('application/json');
      expect(request?.headers['x-request-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    });

    it('refuses an answer without id or status', async () => {
      answer = (_request, reply) => reply.send({ id: 'abc' });
      expect(await failure(client().getCreditTransfer('abc'))).toMatchObject({ name: 'UnexpectedResponse' });
      answer = (_request, reply) => reply.send('not json');
      expect(await failure(client().getCreditTransfer('abc'))).toMatchObject({ name: 'UnexpectedResponse' });
    });

    it('maps InitiationNotFound and NotAuthorizedToGet', async () => {
      answer = (_request, reply) => reply.code(404).send({ code: 'ERR_80102_120' });
      expect(await failure(client().getCreditTransfer('nope'))).toMatchObject({ name: 'InitiationNotFound' });
      answer = (_request, reply) => reply.code(401).send({ code: 'ERR_80102_112' });
      expect(await failure(client().getCreditTransfer('theirs'))).toMatchObject({ name: 'NotAuthorizedToGet' });
    });
  });
});

describe('error helpers', () => {
  it('finds no code where there is none', () => {
    expect(findErrorCode(undefined)).toBeUndefined();
    expect(findErrorCode({ message: 'no code' })).toBeUndefined();
    expect(findErrorCode(42)).toBeUndefined();
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
