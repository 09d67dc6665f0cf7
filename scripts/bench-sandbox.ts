import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Request, Result } from 'autocannon';
import { localApp, signIn } from '../test/sandbox/oauth-dance.ts';

/**
 * `npm run bench:sandbox`: the sandbox in a child process (its own event loop, as the app or a tester runs it), loaded
 * from this process with autocannon, one core each. Every connection repeats POST CreditTransfers (a fresh
 * X-Request-ID, 1 kr.) then GET of the initiation it just created: a 50/50 mix of the two calls the app makes.
 * 1 kr. payments keep anna far from the 200 000 kr. daily limit (and from her 1 500 000 kr. balance); the clock is
 * moved a day forward between warm-up and measurement all the same, so the measured run starts on a fresh day.
 */
const root = join(import.meta.dirname, '..');
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const DURATION_SECONDS = 10;
const GOAL_RPS = 3000;
const GOAL_P99_MS = 25;

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
      '604800',
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

const runId = randomBytes(4).toString('hex');
let sequence = 0;

function load(url: string, token: string, seconds: number): Promise<Result> {
  const requests: Request[] = [
    {
      method: 'POST',
      path: '/Payments/Initiations/v1/CreditTransfers',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        EndToEndIdentification: 'bench',
        DebtorAccount: { OwnerId: '1203852089', Id: '013326012345' },
        DepositAccount: { OwnerId: '0507922189', Id: '013326020001' },
        Amount: { Currency: 'ISK', Amount: 1 },
        ExtendedReference: 'benchmark',
      }),
      setupRequest: (request) => {
        sequence += 1;
        request.headers = { ...request.headers, 'x-request-id': `b${runId}${sequence}` };
        return request;
      },
      onResponse: (_status, _body, context, headers) => {
        context.location = headers?.location;
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({ ...request, path: String(context.location) }),
    },
  ];
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { apikey: localApp.apiKey, authorization: `Bearer ${token}`, accept: 'application/json' },
    requests,
  });
}

const sandbox = await startChild();
try {
  const { access_token: token } = await signIn(sandbox.url);
  await load(sandbox.url, token, WARMUP_SECONDS);
  await fetch(`${sandbox.url}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: 86_400 }),
  });
  const result = await load(sandbox.url, token, DURATION_SECONDS);
  const rps = Math.round(result.requests.average);
  const p99 = result.latency.p99;
  console.log(`connections ${CONNECTIONS}, ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s of warm-up`);
  console.log(
    `requests ${result.requests.total}: 2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
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
