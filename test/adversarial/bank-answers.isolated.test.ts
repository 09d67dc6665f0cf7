import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankClient } from '../../main/bank/bank-client.ts';
import { BankError } from '../../main/bank/bank-error.ts';
import { initiationIdFromLocation, isValidInitiationId, matchesInitiation } from '../../main/bank/initiation.ts';
import { PaymentService } from '../../main/payments/payment-service.ts';
import { useChromiumNetwork } from '../../main/net/network.ts';
import { rejectionOf } from '../helpers/rejection.ts';
import { electronFetchModel } from '../main/net/electron-fetch-model.ts';
import { testStore } from '../support/payment-store.ts';

/**
 * Issue 13, cases 3, 4 and 8: a bank (or anything between) that answers with a redirect, an unknown 4xx, a
 * hostile Location, somebody else's initiation, a drip of bytes or a huge body. None of them may end a payment
 * as rejected, put the bank's text in a path, settle the wrong payment, or keep a payment "sending" for ever.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handle: Handler = (_request, response) => response.writeHead(500).end();
const seen: { method: string; url: string }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '' });
    request.resume();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ANNA = '1203852089';
const client = (extra: { deadlineMs?: number; maxResponseBytes?: number } = {}) =>
  createBankClient({ baseUrl, apiKey: 'k', accessToken: () => Promise.resolve('t'), ...extra });

async function service(extra: { deadlineMs?: number } = {}) {
  let now = Date.parse('2026-11-22T12:00:00Z');
  return new PaymentService({
    profileId: 'p',
    store: (await testStore(ANNA, 'p')).store,
    bank: client(extra),
    clock: { now: () => now },
    customer: () => ({ kennitala: ANNA }),
    retryDelaysMs: [10, 10],
    sleep: (ms) => {
      now += ms;
      return Promise.resolve();
    },
  });
}
const draft = {
  debtorAccount: '0133-26-012345',
  depositKennitala: '0507922189',
  depositAccount: '013326020001',
  amount: '1500',
};

// Every case over both stacks: Node's own (tests, the harness), and the packaged app's, Electron's session.fetch
// over Chromium, modelled as it behaves (a redirect rejected, not answered; its own errors).
describe.each([
  { stack: 'Node', through: undefined },
  { stack: 'Electron (session.fetch, modelled)', through: electronFetchModel().fetch },
])('over $stack', ({ through }) => {
  beforeAll(() => useChromiumNetwork(through));
  afterAll(() => useChromiumNetwork(undefined));

  describe('case 3: only a catalogued refusal rejects a payment', () => {
    it.each([
      ['a redirect', 302, { location: 'https://elsewhere.example/' }, ''],
      ['a 303 with a body', 303, { location: '/x' }, 'see other'],
      ['a 400 without a code', 400, {}, ''],
      ['a 404 without a code', 404, {}, '<html>not here</html>'],
      ['a 418 with an unknown code', 418, { 'content-type': 'application/json' }, '{"code":"ERR_99999_999"}'],
      ['a 409 without Location', 409, {}, ''],
    ])('%s leaves the payment unknown, to be checked again with the same id', async (_what, status, headers, body) => {
      handle = (_request, response) => response.writeHead(status, headers).end(body);
      const payments = await service();
      const intent = await payments.confirm(draft);
      const sent = await payments.submit(intent.id);
      expect(sent.state).toBe('unknown');
      expect(sent.requestId).toBe(intent.requestId);
    });

    it.each([301, 302, 303, 307, 308])(
      'a %i is never followed: sent once, unknown, and said to be a redirect',
      async (status) => {
        seen.length = 0;
        handle = (_request, response) => response.writeHead(status, { location: '/Payments/elsewhere' }).end();
        const payments = await service();
        const sent = await payments.submit((await payments.confirm(draft)).id);
        expect(sent).toMatchObject({ state: 'unknown', error: { name: 'UnexpectedResponse', code: 'REDIRECT' } });
        expect(seen).toEqual([{ method: 'POST', url: '/Payments/Initiations/v1/CreditTransfers' }]);
      },
    );

    it('a catalogued refusal is still final', async () => {
      handle = (_request, response) =>
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"code":"ERR_80102_105"}');
      const payments = await service();
      const sent = await payments.submit((await payments.confirm(draft)).id);
      expect(sent).toMatchObject({ state: 'rejected', error: { name: 'AmountUnavailable' } });
    });
  });

  describe("case 4: the bank's initiation id and answer", () => {
    it.each([
      '../../../admin?x=1',
      '/Payments/Initiations/v1/CreditTransfers/..%2F..%2Fadmin',
      '/Payments/Initiations/v1/CreditTransfers/a%20b',
      '/Payments/Initiations/v1/CreditTransfers/%2e%2e',
      `/Payments/Initiations/v1/CreditTransfers/${'x'.repeat(200)}`,
      '/Payments/Initiations/v1/CreditTransfers/a%00b',
    ])('refuses the Location %s, stores nothing from it and puts nothing of it in a path', async (location) => {
      seen.length = 0;
      handle = (request, response) => {
        if (request.method === 'POST') response.writeHead(201, { location }).end();
        else response.writeHead(500).end();
      };
      const payments = await service();
      const sent = await payments.submit((await payments.confirm(draft)).id);
      expect(sent.state).toBe('unknown');
      expect(sent.initiationId).toBeUndefined();
      expect(seen.every((request) => request.method === 'POST')).toBe(true);
    });

    it('never accepts an id a bank could use to leave the initiations path', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 150 }), (text) => {
          const id = initiationIdFromLocation(`/Payments/Initiations/v1/CreditTransfers/${text}`, baseUrl);
          if (id === undefined) return;
          expect(isValidInitiationId(id)).toBe(true);
          expect(id).not.toMatch(/[/?#%\s\\]|^\.\.?$/);
          expect(encodeURIComponent(id)).toBe(id);
        }),
      );
    });

    it('the client refuses to put an invalid id in a path at all', async () => {
      seen.length = 0;
      const error = await rejectionOf(client().getCreditTransfer('../admin'), BankError);
      expect(error.code).toBe('BAD_INITIATION_ID');
      expect(seen).toHaveLength(0);
    });

    const initiation = (overrides: Record<string, unknown>) => ({
      id: 'init1',
      status: 'ACCC',
      debtorAccount: { id: '013326012345', ownerId: ANNA },
      amount: { amount: 1500, currency: 'ISK' },
      ...overrides,
    });

    it.each([
      ['another id', { id: 'init2' }],
      ['another debtor account', { debtorAccount: { id: '013326099999', ownerId: ANNA } }],
      ['another debtor', { debtorAccount: { id: '013326012345', ownerId: '0507922189' } }],
      ['another amount', { amount: { amount: 1501, currency: 'ISK' } }],
      ['another currency', { amount: { amount: 1500, currency: 'EUR' } }],
      ['no amount', { amount: undefined }],
      ['no debtor', { debtorAccount: undefined }],
    ])('a GET answering with %s does not settle the payment', async (_what, overrides) => {
      handle = (request, response) => {
        if (request.method === 'POST') {
          response.writeHead(201, { location: '/Payments/Initiations/v1/CreditTransfers/init1' }).end();
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(initiation(overrides)));
        }
      };
      const payments = await service();
      const sent = await payments.submit((await payments.confirm(draft)).id);
      expect(sent).toMatchObject({ state: 'accepted', initiationId: 'init1' });
      expect(sent.bankStatus).toBeUndefined();
    });

    it('the matching initiation settles it, with the account in any spelling', async () => {
      handle = (request, response) => {
        if (request.method === 'POST') {
          response.writeHead(201, { location: '/Payments/Initiations/v1/CreditTransfers/init1' }).end();
        } else {
          const body = initiation({ debtorAccount: { id: '0133-26-012345', ownerId: ANNA } });
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        }
      };
      const payments = await service();
      expect(await payments.submit((await payments.confirm(draft)).id)).toMatchObject({ state: 'settled' });
      expect(
        matchesInitiation(initiation({}), {
          initiationId: 'init1',
          debtorKennitala: ANNA,
          debtorAccount: '013326012345',
          amount: 1500,
        }),
      ).toBe(true);
    });
  });

  describe('case 8: a hostile or broken bank cannot hold a payment or the process', () => {
    it('a bank that drips its answer a byte at a time is cut off at the total deadline', async () => {
      const timers: NodeJS.Timeout[] = [];
      handle = (_request, response) => {
        response.writeHead(201, { location: '/Payments/Initiations/v1/CreditTransfers/init1' });
        // A byte every 20 ms: the socket is never idle long enough for a socket timeout to fire.
        const drip = setInterval(() => response.write(' '), 20);
        timers.push(drip);
        response.on('close', () => clearInterval(drip));
      };
      const error = await rejectionOf(
        client({ deadlineMs: 300 }).createCreditTransfer(transferOf(), 'REQ1'),
        BankError,
      );
      expect(error).toMatchObject({ name: 'Timeout', retryable: true });
      timers.forEach(clearInterval);
    });

    it('a payment against a dripping bank ends unknown, not sending', async () => {
      handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const drip = setInterval(() => response.write('x'), 20);
        response.on('close', () => clearInterval(drip));
      };
      const payments = await service({ deadlineMs: 200 });
      const sent = await payments.submit((await payments.confirm(draft)).id);
      expect(sent.state).toBe('unknown');
    });

    it('a body over 1 MiB is refused without reading it all', async () => {
      let written = 0;
      handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          // Stops by itself: 64 MiB at most, far past the cap.
          while (written < 64 * 1024 * 1024) {
            written += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => (written = Number.POSITIVE_INFINITY));
        pump();
      };
      const error = await rejectionOf(client().getCreditTransfer('init1'), BankError);
      expect(error).toMatchObject({ name: 'UnexpectedResponse', code: 'RESPONSE_TOO_LARGE' });
    });
  });
});

function transferOf() {
  return {
    debtorKennitala: ANNA,
    debtorAccount: '013326012345',
    depositKennitala: '0507922189',
    depositAccount: '013326020001',
    amount: 1500,
    endToEndId: 'x',
    extendedReference: '',
    payeeName: '',
  };
}
