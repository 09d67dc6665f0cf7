import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentIntent } from '../common/payment.ts';
import { newRequestId } from '../common/request-id.ts';
import { createBankClient } from '../main/bank/bank-client.ts';
import type { BankClient } from '../main/bank/bank-client.ts';
import { FileJournal } from '../main/payments/journal.ts';
import { customerJournal, PaymentsByCustomer } from '../main/payments/payments-by-customer.ts';
import { pageHistory } from '../main/payments/history.ts';
import { PaymentService } from '../main/payments/payment-service.ts';
import { PaymentStore } from '../main/payments/payment-store.ts';
import { sealedCodec } from '../main/payments/record-codec.ts';
import { aesGcmBox, newDataKey } from '../main/secrets/secret-box.ts';
import { startSandbox } from '../sandbox/index.ts';
import { localApp, signIn } from '../test/sandbox/oauth-dance.ts';
import { longHistory, writeHistory } from '../test/support/seed-payments.ts';

/**
 * `npm run bench:core`. Two figures from one run:
 * - submit overhead: the median time of a payment submitted through the core (bank client, journal, status
 *   query) against a raw HTTP POST + GET to the same local sandbox; goal at most 1.5. The request id's fsync
 *   happens at the confirmation, before the submit, and is printed on its own line.
 * - history write cost: the median time to record one payment with 100 000 payments in the history against
 *   with 1 000; goal at most 2 (recording must not grow with the history).
 */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 400);
const WARMUP = 50;
const WRITES = 500;
const KEYSTROKES = 1_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const work = mkdtempSync(join(tmpdir(), 'a2a-bench-core-'));

const sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z', accessTokenTtlSeconds: 86_400 });
const tokens = await signIn(sandbox.url, { username: 'anna' });
const path = '/Payments/Initiations/v1/CreditTransfers';
const body = (n: number) =>
  JSON.stringify({
    EndToEndIdentification: `raw${n}`,
    DebtorAccount: { OwnerId: '1203852089', Id: '013326012345' },
    DepositAccount: { OwnerId: '0507922189', Id: '013326020001' },
    Amount: { Currency: 'ISK', Amount: 1 },
  });
const headers = { apikey: localApp.apiKey, authorization: `Bearer ${tokens.access_token}` };

async function raw(n: number): Promise<number> {
  const started = performance.now();
  const created = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-request-id': newRequestId() },
    body: body(n),
  });
  await created.arrayBuffer();
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`raw POST answered ${created.status}`);
  const got = await fetch(new URL(location, sandbox.url), {
    headers: { ...headers, accept: 'application/json', 'x-request-id': newRequestId() },
  });
  await got.json();
  return performance.now() - started;
}

const journalPath = join(work, 'payments.jsonl');
const box = aesGcmBox(newDataKey());
const service = new PaymentService({
  profileId: 'bench',
  // Sealed as the app seals every record (AES-256-GCM under the data key).
  store: new PaymentStore(new FileJournal(journalPath), { codec: sealedCodec(box, 'bench') }),
  bank: createBankClient({
    baseUrl: sandbox.url,
    apiKey: localApp.apiKey,
    accessToken: () => Promise.resolve(tokens.access_token),
  }),
  clock: sandbox.clock,
  customer: () => ({ kennitala: '1203852089' }),
});

const confirmTimes: number[] = [];
async function core(n: number): Promise<number> {
  const draft = {
    debtorAccount: '013326012345',
    depositKennitala: '0507922189',
    depositAccount: '013326020001',
    amount: '1',
    endToEndId: `core${n}`,
  };
  // Every payment is like the last one: each confirmation acknowledges the one it was warned about.
  const acknowledgeDuplicate = service.validate(draft).duplicate?.intentId;
  const confirming = performance.now();
  const intent = await service.confirm(draft, acknowledgeDuplicate ? { acknowledgeDuplicate } : {});
  const started = performance.now();
  if (n >= WARMUP) confirmTimes.push(started - confirming);
  const done = await service.submit(intent.id);
  const elapsed = performance.now() - started;
  if (done.state !== 'settled') throw new Error(`core submit ended ${done.state}`);
  return elapsed;
}

// Interleaved, alternating which goes first, so both see the same machine and the same sandbox state. At 1 kr.
// a payment, every round stays far below the daily limit.
const rawTimes: number[] = [];
const coreTimes: number[] = [];
for (let n = 0; n < ROUNDS + WARMUP; n += 1) {
  const [r, c] = n % 2 === 0 ? [await raw(n), await core(n)] : [await core(n), await raw(n)].reverse();
  if (n < WARMUP || r === undefined || c === undefined) continue;
  rawTimes.push(r);
  coreTimes.push(c);
}
await sandbox.stop();
const rawMedian = median(rawTimes);
const coreMedian = median(coreTimes);
console.log(`raw POST+GET median: ${rawMedian.toFixed(3)} ms (${rawTimes.length} rounds)`);
console.log(`core submit median: ${coreMedian.toFixed(3)} ms (${coreTimes.length} rounds)`);
// The confirmation is where the request id is synced to disk, before anything can be sent: shown for honesty.
console.log(`core confirm median (validation + fsync of the request id): ${median(confirmTimes).toFixed(3)} ms`);

/** A journal holding `count` settled payments, written directly (the figure is about appending to it). */
function historyOf(count: number): string {
  const file = join(work, `history-${count}.jsonl`);
  const template: PaymentIntent = {
    id: '',
    profileId: 'bench',
    requestId: 'A',
    state: 'settled',
    stateTimes: { confirmed: 0, sending: 0, accepted: 0, settled: 0 },
    createdAt: Date.parse('2026-01-01T00:00:00Z'),
    updatedAt: 0,
    attempts: 1,
    firstSentAt: Date.parse('2026-01-01T00:00:00Z'),
    initiationId: 'x',
    bankStatus: 'ACCC',
    order: {
      debtorKennitala: '1203852089',
      debtorAccount: '013326012345',
      depositKennitala: '0507922189',
      depositAccount: '013326020001',
      amount: 1500,
      endToEndId: 'Rent',
      extendedReference: 'A payment from the benchmark',
      payeeName: 'Björn',
    },
  };
  const lines: string[] = [];
  const codec = sealedCodec(box, `history-${count}`);
  for (let n = 0; n < count; n += 1) {
    const createdAt = template.createdAt + n * 60_000;
    const intent = { ...template, id: `h${n}`, requestId: `R${n}`, createdAt, firstSentAt: createdAt };
    lines.push(codec.encode({ type: 'intent', intent }));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function writeCost(count: number): Promise<number> {
  const store = new PaymentStore(new FileJournal(historyOf(count)), { codec: sealedCodec(box, `history-${count}`) });
  const sample = store.get('h0');
  if (!sample) throw new Error('the history did not load');
  const times: number[] = [];
  for (let n = 0; n < WRITES; n += 1) {
    const started = performance.now();
    await store.save({ ...sample, id: `new${n}`, requestId: `N${n}`, createdAt: Date.now() });
    times.push(performance.now() - started);
  }
  await store.close();
  return median(times);
}

/**
 * What one keystroke in the pay form costs main: the draft checked, the limit, the duplicate check and "paid before",
 * over a history of `count` payments (the handler's work, without the bridge).
 */
async function keystrokeCost(count: number): Promise<number> {
  const store = new PaymentStore(new FileJournal(historyOf(count)), { codec: sealedCodec(box, `history-${count}`) });
  const never = () => Promise.reject(new Error('a keystroke sends nothing'));
  const payments = new PaymentService({
    profileId: 'bench',
    store,
    bank: { createCreditTransfer: never, getCreditTransfer: never },
    clock: { now: () => Date.parse('2026-11-22T12:00:00.000Z') },
    customer: () => ({ kennitala: '1203852089' }),
  });
  const draft = {
    debtorAccount: '0133-26-012345',
    depositKennitala: '050792-2189',
    depositAccount: '0133-26-020001',
    amount: '1.500',
    endToEndId: 'Rent',
  };
  const times: number[] = [];
  for (let n = 0; n < 50 + KEYSTROKES; n += 1) {
    const started = performance.now();
    const checked = payments.validate(draft);
    if (checked.check.ok) payments.paidBefore(checked.check.order);
    if (n >= 50) times.push(performance.now() - started);
  }
  await store.close();
  return median(times);
}

/** A history page and a text search over `count` payments, as the history handler answers them. */
async function historyCost(count: number): Promise<{ page: number; search: number }> {
  const store = new PaymentStore(new FileJournal(historyOf(count)), { codec: sealedCodec(box, `history-${count}`) });
  const pages: number[] = [];
  const searches: number[] = [];
  for (let n = 0; n < 60; n += 1) {
    let started = performance.now();
    // As the handler pages the whole history: straight from the store's order.
    store.newestFirst({ offset: 0, limit: 100 });
    if (n >= 10) pages.push(performance.now() - started);
    started = performance.now();
    // A search typed a character at a time: a different text each time, found in a few payments.
    pageHistory(store.newestFirst(), { text: `r${(n * 7919) % count}` }, { offset: 0, limit: 100 }, { ordered: true });
    if (n >= 10) searches.push(performance.now() - started);
  }
  await store.close();
  return { page: median(pages), search: median(searches) };
}

/**
 * Opening a customer's payments at start, as main does (payments-by-customer.ts): years of payments written by the
 * app's own store and compacted by it, then the last 200 written since as records of their own. Timed until the pay
 * form is answered (the limit and a draft's check), and until the whole history is read; meanwhile a probe on the
 * event loop measures the longest time it was held (what a window's call would have waited at most).
 */
async function openCost(
  count: number,
): Promise<{ open: number; page: number; ready: number; block: number; heap: number }> {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const dataDir = mkdtempSync(join(work, `open-${count}-`));
  const kennitala = '1203852089';
  const where = customerJournal(dataDir, box, 'bench', kennitala);
  if (!where) throw new Error('no journal');
  {
    const intents = longHistory(count, now);
    await writeHistory(where.path, where.codec, intents.slice(0, -200), { compactAt: now - 3_600_000 });
    await writeHistory(where.path, where.codec, intents.slice(-200));
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const unused = (): never => {
    throw new Error('opening sends nothing');
  };
  const payments = new PaymentsByCustomer({
    dataDir,
    clock: { now: () => now },
    box: () => box,
    bank: () => ({ createCreditTransfer: unused, getCreditTransfer: unused }) as unknown as BankClient,
    signedIn: () => ({ kennitala }),
    onChange: () => undefined,
  });
  let probing = true;
  let longest = 0;
  let last = performance.now();
  const probe = () => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const started = performance.now();
  const service = await payments.of('bench', kennitala);
  service.dailyLimit();
  service.validate({
    debtorAccount: '013326012345',
    depositKennitala: '0507922189',
    depositAccount: '013326020001',
    amount: '1500',
    endToEndId: 'x',
  });
  const open = performance.now() - started;
  await service.historyPage({ offset: 0, limit: 50 });
  const page = performance.now() - started;
  await service.complete;
  const ready = performance.now() - started;
  probing = false;
  gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  await payments.close();
  return { open, page, ready, block: longest, heap };
}

const open10k = await openCost(10_000);
const open100k = await openCost(100_000);
console.log(
  `wallet open 10k: ${open10k.open.toFixed(0)} ms, 100k: ${open100k.open.toFixed(0)} ms, longest main-thread block: ${Math.max(open10k.block, open100k.block).toFixed(1)} ms`,
);
console.log(
  `history first page 100k: ${open100k.page.toFixed(0)} ms, whole history read 10k: ${open10k.ready.toFixed(0)} ms, 100k: ${open100k.ready.toFixed(0)} ms, heap at 100k: ${open100k.heap.toFixed(0)} MB`,
);

const history100k = await historyCost(100_000);
console.log(
  `history page 100k: ${history100k.page.toFixed(3)} ms, text search 100k: ${history100k.search.toFixed(1)} ms`,
);

const keystrokeSmall = await keystrokeCost(100);
const keystrokeLarge = await keystrokeCost(100_000);
console.log(
  `validate keystroke median: ${(keystrokeSmall * 1000).toFixed(1)} µs at 100, ${(keystrokeLarge * 1000).toFixed(1)} µs at 100k`,
);

const small = await writeCost(1_000);
const large = await writeCost(100_000);
console.log(`history write median: ${small.toFixed(3)} ms at 1k, ${large.toFixed(3)} ms at 100k`);
rmSync(work, { recursive: true, force: true });

console.log(`core submit overhead ratio: ${(coreMedian / rawMedian).toFixed(2)}`);
console.log(`history write cost ratio 100k/1k: ${(large / small).toFixed(2)}`);
console.log(`validate keystroke 100k vs 100: ratio ${(keystrokeLarge / keystrokeSmall).toFixed(2)}`);
