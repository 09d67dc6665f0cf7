import { existsSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createBankClient } from '../main/bank/bank-client.ts';
import { FollowUp } from '../main/payments/follow-up.ts';
import type { PaymentService } from '../main/payments/payment-service.ts';
import { customerStore, PaymentsByCustomer } from '../main/payments/payments-by-customer.ts';
import { aesGcmBox } from '../main/secrets/secret-box.ts';
import { JsonFileStore } from '../main/storage/json-file-store.ts';
import { seeded } from '../test/support/seeded.ts';

/**
 * The payment core in a process of its own, for the crash test (scripts/crash-test.ts), which kills it with SIGKILL
 * at a random moment. It opens anna's payments (importing her old journal the first time, then `recover()`), says
 * what it found, waits for the word to go, and then pays, checks again and follows up, at random, until it is killed.
 *
 * Each line is written with a synchronous write to fd 1 the moment the code has passed the point it reports (a line
 * `confirmed` only once `confirm` resolved, when the intent is on disk), so a kill can never lose a line about a step
 * that was done.
 *
 * Lines: `ready`; `starting`; `opened <json>`; `> <step>` (before each step); `confirmed <id> <requestId>`; `sent <id> <state>`;
 * `checked <id> <state>`; `followed <count>`; `error <op> <code>`.
 */
export interface CrashChildConfig {
  url: string;
  accessToken: string;
  apiKey: string;
  dataDir: string;
  /** The data key, hex (the journal fixture's, so its journals open). */
  dataKey: string;
  seed: number;
  retryDelaysMs: number[];
}

export const ANNA = '1203852089';
export const BJORN = '0507922189';
export const PROFILE = 'local-sandbox';
/** What the crash test's payments carry as their end-to-end id: it tells them from the imported ones. */
export const OWN_PREFIX = 'crash';

/** What `opened` says of a customer's payments. */

export interface OpenedStore {
  payments: { id: string; state: string; requestId: string; sent: boolean; own: boolean }[];
  integrity: { trusted: boolean; problem?: string | undefined };
}

/** A whole line to stdout, now: a write the pipe takes only in part, or not at once, is finished before going on. */
function line(text: string): void {
  let rest = Buffer.from(`${text}\n`, 'utf8');
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

const codeOf = (error: unknown) =>
  (error as { code?: unknown }).code === undefined ? String(error) : String((error as { code: unknown }).code);

async function describe(service: PaymentService): Promise<OpenedStore> {
  const { items } = await service.reader.page({ offset: 0, limit: 100_000 });
  return {
    payments: items.map((intent) => ({
      id: intent.id,
      state: intent.state,
      requestId: intent.requestId,
      sent: intent.firstSentAt !== undefined,
      own: intent.order.endToEndId.startsWith(OWN_PREFIX),
    })),
    integrity: await service.reader.integrity(),
  };
}

/** The parent's words (`open`, then `go <json>`), a line at a time from stdin. */
const words: string[] = [];
const waiting: ((word: string) => void)[] = [];
let unread = '';
function listen(): void {
  process.stdin.on('data', (chunk: Buffer) => {
    unread += chunk.toString('utf8');
    const parts = unread.split('\n');
    unread = parts.pop() ?? '';
    for (const part of parts) {
      const next = waiting.shift();
      if (next) next(part);
      else words.push(part);
    }
  });
  // Never outlives the test: its parent gone (stdin closed), or a minute at most.
  process.stdin.on('end', () => process.exit(2));
  setTimeout(() => process.exit(3), 60_000).unref();
}
function nextWord(): Promise<string> {
  const word = words.shift();
  return word === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(word);
}

async function main(config: CrashChildConfig): Promise<void> {
  const random = seeded(config.seed);
  // Node and the core's modules are loaded: the parent starts a child ahead, and tells it to open once the one before
  // it is dead (two processes never hold the store at once).
  line('ready');
  if ((await nextWord()) !== 'open') return;
  line('starting');
  // Everything read from the data folder (the settings too) is read now, not while the child before still runs.
  const box = aesGcmBox(Buffer.from(config.dataKey, 'hex'));
  const bank = createBankClient({
    baseUrl: config.url,
    apiKey: config.apiKey,
    accessToken: () => Promise.resolve(config.accessToken),
  });
  const payments = new PaymentsByCustomer({
    dataDir: config.dataDir,
    clock: { now: () => Date.now() },
    // The marks outside the stores live here, so they outlive a kill as the app's settings do.
    settings: new JsonFileStore(join(config.dataDir, 'settings.json')),
    box: () => box,
    bank: () => bank,
    signedIn: () => ({ kennitala: ANNA }),
    onChange: () => undefined,
    retryDelaysMs: config.retryDelaysMs,
  });

  const started = performance.now();
  const anna = await payments.of(PROFILE, ANNA);
  const annaOpened = await describe(anna);
  const openMs = performance.now() - started;
  // Björn's old journal is put in the data folder halfway through: his store is opened (imported) once it is there.
  const where = customerStore(config.dataDir, box, PROFILE, BJORN);
  const bjornThere =
    !!where && (existsSync(where.location) || existsSync(where.location.replace(/\.sqlite$/, '.jsonl')));
  const bjorn = bjornThere ? await describe(await payments.of(PROFILE, BJORN)) : undefined;
  line(`opened ${JSON.stringify({ anna: annaOpened, bjorn, openMs })}`);

  if ((await nextWord()) !== 'go') return;

  // Payments confirmed and kept unsent (here or by a run before), to be sent later.
  const unsent = annaOpened.payments.filter((p) => p.own && p.state === 'confirmed').map((p) => p.id);
  // The follow-up's clock a minute ahead: a payment that was just sent is due at once (its first wait is 15 s).
  const followUp = new FollowUp({ clock: { now: () => Date.now() + 60_000 }, onOutcome: () => undefined });
  let n = 0;

  const confirm = async () => {
    n += 1;
    const draft = {
      debtorAccount: '013326012345',
      depositKennitala: BJORN,
      depositAccount: '013326020001',
      amount: '1',
      endToEndId: `${OWN_PREFIX}${config.seed % 100_000}n${n}`,
    };
    // Every payment is like the last: each acknowledges the one it is warned about (or an untrusted history).
    const acknowledgeDuplicate = (await anna.validate(draft)).duplicate?.intentId;
    const intent = await anna.confirm(draft, acknowledgeDuplicate ? { acknowledgeDuplicate } : {});
    line(`confirmed ${intent.id} ${intent.requestId}`);
    return intent.id;
  };
  const send = async (id: string) => line(`sent ${id} ${(await anna.submit(id)).state}`);

  for (;;) {
    const choice = random();
    const op =
      choice < 0.4 ? 'pay' : choice < 0.55 ? 'confirm' : choice < 0.7 ? 'send' : choice < 0.85 ? 'check' : 'follow';
    // What it is about to do: the parent tells from the last line which step a kill fell in.
    line(`> ${op}`);
    try {
      if (op === 'pay') {
        await send(await confirm());
      } else if (op === 'confirm') {
        unsent.push(await confirm());
      } else if (op === 'send') {
        const id = unsent.splice(Math.floor(random() * unsent.length), 1)[0];
        if (id !== undefined) await send(id);
      } else if (op === 'check') {
        const open = (await anna.awaitingOutcome()).filter((p) => p.order.endToEndId.startsWith(OWN_PREFIX));
        const picked = open[Math.floor(random() * open.length)];
        if (picked) line(`checked ${picked.id} ${(await anna.checkAgain(picked.id)).state}`);
      } else {
        await followUp.run(anna);
        line('followed');
      }
    } catch (error) {
      line(`error ${op} ${codeOf(error)}`);
    }
  }
}

const config = process.env['A2A_CRASH_CHILD'];
if (config) {
  listen();
  main(JSON.parse(config) as CrashChildConfig).catch((error: unknown) => {
    line(`fatal ${codeOf(error)} ${error instanceof Error ? error.message : ''}`);
    process.exit(1);
  });
}
