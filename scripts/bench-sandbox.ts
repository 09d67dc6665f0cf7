import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Request, Result } from 'autocannon';
import { localApp, signIn } from '../test/sandbox/oauth-dance.ts';

/**
 * `npm run bench:sandbox`: the sandbox in a child process (its own event loop, as the app or a tester runs it), loaded
 * from this process with autocannon, one core each. Every connection repeats: anna POSTs CreditTransfers (a fresh
 * X-Request-ID, 1 kr. to bjorn), GETs the initiation she just created, bjorn pays her back the same way and GETs his:
 * a 50/50 mix of the two calls the app makes. Paying back keeps both balances where they started; the sandbox clock
 * moves one day forward every 250 ms (through --control), so neither comes near the 200 000 kr. daily limit however
 * fast the machine (the access tokens live as long as the grant, 90 days, more than the run's ~52 sandbox days).
 */
const root = join(import.meta.dirname, '..');
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const DURATION_SECONDS = 10;
const GOAL_RPS = 3000;
const GOAL_P99_MS = 25;
const DAY_EVERY_MS = 250;

function startChild(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      join(root, 'sandbox', 'cli.ts'),
      '--port',
      '0',
      '--control',
      '--access-token-ttl',
      String(90 * 86_400),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^sandbox listening on (\S+)\n/.exec(out);
      if (match?.[1]) {
        resolve({
          url: match[1],
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready`)));
  });
}

/** What a connection remembers between its POST and its GET. */
interface Context {
  location?: string;
}

const runId = randomBytes(4).toString('hex');
let sequence = 0;

interface Payer {
  token: string;
  kennitala: string;
  account: string;
}

/** POST a payment of 1 kr. from `from` to `to`, then GET it, both with `from`'s token. */
function payAndRead(from: Payer, to: Payer): Request[] {
  const authorization = `Bearer ${from.token}`;
  return [
    {
      method: 'POST',
      path: '/Payments/Initiations/v1/CreditTransfers',
      body: JSON.stringify({
        EndToEndIdentification: 'bench',
        DebtorAccount: { OwnerId: from.kennitala, Id: from.account },
        DepositAccount: { OwnerId: to.kennitala, Id: to.account },
        Amount: { Currency: 'ISK', Amount: 1 },
        ExtendedReference: 'benchmark',
      }),
      setupRequest: (request) => {
        sequence += 1;
        request.headers = {
          ...request.headers,
          authorization,
          'content-type': 'application/json',
          'x-request-id': `b${runId}${sequence}`,
        };
        return request;
      },
      onResponse: (_status, _body, context, headers) => {
        (context as Context).location = headers?.location;
      },
    },
    {
      method: 'GET',
      // After a failed POST there is nothing to GET: a falsy request starts the connection's sequence over.
      setupRequest: (request, context) => {
        const location = (context as Context).location;
        return (
          location === undefined
            ? undefined
            : { ...request, path: location, headers: { ...request.headers, authorization } }
        ) as Request;
      },
    },
  ];
}

function load(url: string, anna: Payer, bjorn: Payer, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { apikey: localApp.apiKey, accept: 'application/json' },
    requests: [...payAndRead(anna, bjorn), ...payAndRead(bjorn, anna)],
  });
}

const sandbox = await startChild();
try {
  const anna = { token: (await signIn(sandbox.url)).access_token, kennitala: '1203852089', account: '013326012345' };
  const bjorn = {
    token: (await signIn(sandbox.url, { username: 'bjorn' })).access_token,
    kennitala: '0507922189',
    account: '013326020001',
  };
  const nextDay = () =>
    fetch(`${sandbox.url}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 86_400 }),
    });
  const days = setInterval(() => void nextDay(), DAY_EVERY_MS);
  await load(sandbox.url, anna, bjorn, WARMUP_SECONDS);
  const result = await load(sandbox.url, anna, bjorn, DURATION_SECONDS);
  clearInterval(days);
  const rps = Math.round(result.requests.average);
  const p99 = result.latency.p99;
  console.log(`connections ${CONNECTIONS}, ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s of warm-up`);
  console.log(
    `requests ${result.requests.total}: 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(`status codes: ${JSON.stringify(result.statusCodeStats)}`);
  console.log(
    `latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${p99}, max ${result.latency.max}`,
  );
  console.log(
    `goal: >= ${GOAL_RPS} req/s and p99 < ${GOAL_P99_MS} ms: ${rps >= GOAL_RPS && p99 < GOAL_P99_MS ? 'met' : 'MISSED'}`,
  );
  console.log(`sandbox throughput: ${rps} req/s, p99 ${p99} ms`);
  // A fast run of failures measures nothing.
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  await sandbox.stop();
}
