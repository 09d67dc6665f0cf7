import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrder } from '../../../common/payment.ts';
import type { Profile } from '../../../common/profile.ts';
import { exchangeCode } from '../../../main/auth/token-client.ts';
import { createBankClient } from '../../../main/bank/bank-client.ts';
import type { CallTap, TappedCall } from '../../../main/net/call-tap.ts';
import { boundedFetch } from '../../../main/net/http-limits.ts';
import { useChromiumNetwork } from '../../../main/net/network.ts';
import { electronFetchModel } from './electron-fetch-model.ts';

/**
 * Issue 39, item 7: the HTTP path the tests see is the one the packaged app ships. The same hostile answer goes through
 * Node's stack (tests, the harness) and through a model of Electron's `session.fetch` (the packaged app): what the
 * caller is told, what the bank saw and what the call list records must be the same.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handle: Handler = (_request, response) => response.writeHead(500).end();
const seen: string[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    request.resume();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  useChromiumNetwork(undefined);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const order: PaymentOrder = {
  debtorKennitala: '1203852089',
  debtorAccount: '013326012345',
  depositKennitala: '0507922189',
  depositAccount: '013326020001',
  amount: 1500,
  endToEndId: 'Rent',
  extendedReference: '',
  payeeName: '',
};
const profile = { clientId: 'wallet', clientSecret: 's', tokenEndpointAuth: 'client_secret_post' } as Pick<
  Profile,
  'clientId' | 'clientSecret' | 'tokenEndpointAuth'
>;

/** A tap that keeps what the call list would be given. */
function listing(): { tap: CallTap; calls: TappedCall[] } {
  const calls: TappedCall[] = [];
  return { calls, tap: { id: 'p', start: () => ({ at: 0 }), record: (call) => void calls.push(call) } };
}

/** What a caller and the call list learn from one call, without what differs by nature (times, ids). */
async function outcome(call: (tap: CallTap) => Promise<unknown>) {
  seen.length = 0;
  const { tap, calls } = listing();
  let told: unknown;
  try {
    await call(tap);
    told = 'answered';
  } catch (error) {
    const { name, code, retryable, refusal, httpStatus, message } = error as Record<string, unknown>;
    told = { name, code, retryable, refusal, httpStatus, message };
  }
  const listed = calls.map(({ status, failure }) => ({ status, failure }));
  return { told, listed, bankSaw: [...seen] };
}

/** The same call through both stacks: Node's own, and Electron's fetch as the packaged app's. */
async function throughBoth(call: (tap: CallTap) => Promise<unknown>) {
  useChromiumNetwork(undefined);
  const node = await outcome(call);
  const electron = electronFetchModel();
  useChromiumNetwork(electron.fetch);
  try {
    return { node, electron: await outcome(call), modes: electron.modes };
  } finally {
    useChromiumNetwork(undefined);
  }
}

const bank = (tap: CallTap, extra: { deadlineMs?: number } = {}) =>
  createBankClient({ baseUrl, apiKey: 'k', accessToken: () => Promise.resolve('t'), tap, ...extra });

describe('a redirect from a bank', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to a payment is never followed, and is told the same in every host',
    async (status) => {
      handle = (_request, response) => response.writeHead(status, { location: '/elsewhere' }).end('moved');
      const { node, electron, modes } = await throughBoth((tap) => bank(tap).createCreditTransfer(order, 'REQ1'));
      expect(electron).toEqual(node);
      expect(node.told).toMatchObject({ name: 'UnexpectedResponse', code: 'REDIRECT', retryable: false });
      expect(node.told).toMatchObject({ refusal: false });
      expect(node.bankSaw).toEqual(['POST /Payments/Initiations/v1/CreditTransfers']);
      expect(node.listed).toEqual([{ status: undefined, failure: 'Redirect' }]);
      // Asked of Chromium so that it never follows, whatever axios's defaults become.
      expect(modes).toEqual(['manual']);
    },
  );

  it('a 302 without Location, an answer to Chromium, is told as a redirect too', async () => {
    handle = (_request, response) => response.writeHead(302).end();
    const { node, electron } = await throughBoth((tap) => bank(tap).getCreditTransfer('init1'));
    expect(electron).toEqual(node);
    expect(node.told).toMatchObject({ name: 'UnexpectedResponse', code: 'REDIRECT' });
  });

  it('at the token endpoint: the same refusal in every host', async () => {
    handle = (_request, response) => response.writeHead(302, { location: '/login' }).end();
    const { node, electron } = await throughBoth((tap) =>
      exchangeCode(
        `${baseUrl}/token`,
        profile,
        { code: 'c', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v' },
        { tap },
      ),
    );
    expect(electron).toEqual(node);
    expect(node.told).toMatchObject({ code: 'TOKEN_REQUEST_FAILED' });
    expect(node.bankSaw).toEqual(['POST /token']);
  });

  it('at discovery, keys or userinfo: the same failure in every host', async () => {
    handle = (_request, response) => response.writeHead(307, { location: '/evil' }).end();
    const { node, electron } = await throughBoth((tap) => boundedFetch(`${baseUrl}/discovery`, {}, { tap }));
    expect(electron).toEqual(node);
    expect(node.listed).toEqual([{ status: undefined, failure: 'Redirect' }]);
    expect(node.bankSaw).toEqual(['GET /discovery']);
  });
});

describe('a slow, huge or absent bank', () => {
  it('a drip is cut at the deadline, the same in every host', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(drip));
    };
    const { node, electron } = await throughBoth((tap) => bank(tap, { deadlineMs: 200 }).getCreditTransfer('init1'));
    expect(electron).toEqual(node);
    expect(node.told).toMatchObject({ name: 'Timeout', retryable: true });
    expect(node.listed).toEqual([{ status: undefined, failure: 'Timeout' }]);
  });

  it('a body over the cap is refused, the same in every host', async () => {
    handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
    };
    const { node, electron } = await throughBoth((tap) => bank(tap).getCreditTransfer('init1'));
    expect(electron).toEqual(node);
    expect(node.told).toMatchObject({ name: 'UnexpectedResponse', code: 'RESPONSE_TOO_LARGE' });
    expect(node.listed).toEqual([{ status: undefined, failure: 'TooLarge' }]);
  });

  it('a bank that cannot be reached is told the same in every host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { node, electron } = await throughBoth((tap) =>
      createBankClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'k',
        accessToken: () => Promise.resolve('t'),
        tap,
      }).getCreditTransfer('init1'),
    );
    expect(electron.told).toMatchObject({ name: 'NetworkError', retryable: true });
    expect(electron).toEqual(node);
  });
});
