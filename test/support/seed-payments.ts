import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PaymentIntent, PaymentOrder, PaymentState } from '../../common/payment.ts';
import { FileJournal } from '../../main/payments/journal.ts';
import { PaymentStore } from '../../main/payments/payment-store.ts';
import { customerJournal } from '../../main/payments/payments-by-customer.ts';
import type { RecordCodec } from '../../main/payments/record-codec.ts';
import { LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { openSecretBox } from '../../main/secrets/key-protector.ts';
import { CUSTOMERS, type InProcessWallet } from './in-process-wallet.ts';

/**
 * Payment records on disk before the app reads them: many at once (the UI benchmark's 10 000), ones a run of the
 * app would take a long time to reach, and damaged ones. Written by main's own store and record codec into the
 * customer's journal, then the core is restarted so that it reads them as it would at start: nothing here decides
 * what a record means.
 *
 * Where the journal lives and how it is sealed come from payments-by-customer.ts itself (`customerJournal`).
 */
export interface Customer {
  profileId?: string;
  kennitala?: string;
}

interface Journal {
  path: string;
  codec: RecordCodec;
  owner: string;
  profileId: string;
}

async function journalOf(core: InProcessWallet, customer: Customer = {}): Promise<Journal> {
  const profileId = customer.profileId ?? LOCAL_SANDBOX_ID;
  const owner = customer.kennitala ?? CUSTOMERS.anna.kennitala;
  // The data key the core sealed its records with (the keychain keeps it); none where nothing may be written.
  const box = await openSecretBox(core.platform.store, core.platform.keyProtector, false);
  const journal = customerJournal(core.dataDir, box, profileId, owner);
  if (!journal) throw new Error('Records are kept on disk only with a keychain: this wallet has none');
  return { ...journal, owner, profileId };
}

/** The customer's journal file, where the core reads their payments from at start. */
export async function journalPath(core: InProcessWallet, customer?: Customer): Promise<string> {
  return (await journalOf(core, customer)).path;
}

/**
 * A payment as main records it in a state it reaches (see a real run's journal): confirmed with its request id, sent,
 * and then what the bank said. For records a test cannot reach quickly by paying: thousands of them, or one left
 * `sending` by an app that stopped mid-send.
 */
export function paymentRecord(
  n: number,
  options: { state?: PaymentState; createdAt: number; order?: Partial<PaymentOrder> } & Omit<
    Partial<PaymentIntent>,
    'state' | 'createdAt' | 'order'
  >,
): PaymentIntent {
  const { state = 'settled', createdAt, order, ...rest } = options;
  const sentAt = createdAt + 200;
  const answeredAt = createdAt + 1500;
  const sent = state !== 'confirmed';
  const answered = sent && state !== 'sending';
  const accepted = state === 'accepted' || state === 'settled';
  return {
    id: `seeded-${String(n).padStart(6, '0')}`,
    profileId: LOCAL_SANDBOX_ID,
    order: {
      debtorKennitala: CUSTOMERS.anna.kennitala,
      debtorAccount: '013326012345',
      depositKennitala: CUSTOMERS.bjorn.kennitala,
      depositAccount: '013326020001',
      amount: 1500,
      endToEndId: 'Rent',
      extendedReference: '',
      payeeName: CUSTOMERS.bjorn.name,
      ...order,
    },
    requestId: `SEEDED${String(n).padStart(26, '0')}`,
    state,
    stateTimes: {
      confirmed: createdAt,
      ...(sent ? { sending: sentAt } : {}),
      ...(accepted ? { accepted: answeredAt } : {}),
      ...(answered ? { [state]: answeredAt } : {}),
    },
    createdAt,
    updatedAt: answered ? answeredAt : sent ? sentAt : createdAt,
    ...(sent ? { firstSentAt: sentAt } : {}),
    attempts: sent ? 1 : 0,
    ...(accepted ? { initiationId: `seeded-initiation-${n}` } : {}),
    ...(state === 'settled' ? { bankStatus: 'ACCC', paymentDate: new Date(answeredAt).toISOString() } : {}),
    ...(state === 'rejected'
      ? {
          error: {
            name: 'AmountUnavailable',
            code: 'ERR_80102_105',
            message: 'The payment amount requested is not available in the debtor account',
            httpStatus: 400,
          },
        }
      : {}),
    ...(state === 'unknown'
      ? { error: { name: 'Timeout', code: 'ERR_CANCELED', message: 'The bank did not answer in time' } }
      : {}),
    ...rest,
  };
}

/** Writes the records with main's store (sealed as main seals them), then restarts the core to read them. */
export async function seedPayments(
  core: InProcessWallet,
  intents: readonly PaymentIntent[],
  customer?: Customer,
  options: { compactAt?: number } = {},
): Promise<void> {
  await core.wallet.close();
  const journal = await journalOf(core, customer);
  await writeHistory(journal.path, journal.codec, intents, {
    ...options,
    owner: journal.owner,
    profileId: journal.profileId,
  });
  await core.restart();
}

/**
 * Payments written into a journal file by main's store, one record each as the app appends them; with `compactAt`,
 * then compacted by the store as the app would be at that time (a snapshot, see main/payments/snapshot.ts), as a
 * history years old is found on disk.
 */
export async function writeHistory(
  path: string,
  codec: RecordCodec,
  intents: readonly PaymentIntent[],
  options: { compactAt?: number; owner?: string; profileId?: string } = {},
): Promise<void> {
  const store = new PaymentStore(new FileJournal(path), {
    codec,
    ...(options.owner ? { owner: options.owner } : {}),
    ...(options.profileId ? { profileId: options.profileId } : {}),
  });
  // Not synced one by one: the files are fsynced by nobody's promise here, and 10 000 fsyncs would take seconds.
  for (const intent of intents) await store.save(intent, { sync: false });
  if (options.compactAt !== undefined && !(await store.compactIfWorthIt(options.compactAt))) {
    throw new Error('The history was too short to compact');
  }
  await store.close();
}

/** A small seeded generator (mulberry32): the same history for the same seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Years of one customer's payments, oldest first, ending just before `now`: a few a day (one every 20 minutes, so
 * 100 000 reach back almost four years) to 40 payees, almost all paid, some refused, a few accepted and
 * not yet settled, and now and then one whose outcome was never learnt. The same for the same seed.
 */
export function longHistory(count: number, now: number, seed = 17): PaymentIntent[] {
  const random = seeded(seed);
  const names = ['Björn Jónsson', 'Guðrún Sigurðardóttir', 'Jón Ólafsson', 'Sigríður Einarsdóttir', 'Ólafur Þórsson'];
  const intents: PaymentIntent[] = [];
  for (let n = 0; n < count; n += 1) {
    // One every 20 minutes, each a little earlier than its slot: always in order, the newest 20 to 30 minutes ago.
    const at = now - (count - n) * 20 * 60_000 - Math.floor(random() * 10 * 60_000);
    const roll = random();
    const state: PaymentState =
      roll < 0.94 ? 'settled' : roll < 0.985 ? 'rejected' : roll < 0.995 ? 'accepted' : 'unknown';
    const payee = Math.floor(random() * 40);
    intents.push(
      paymentRecord(n, {
        state,
        createdAt: at,
        order: {
          depositAccount: `0133260${String(20_000 + payee).padStart(5, '0')}`,
          amount: 500 + Math.floor(random() * 60_000),
          endToEndId: `Reikningur ${n}`,
          extendedReference: payee % 3 === 0 ? 'Leiga' : '',
          payeeName: names[payee % names.length] ?? '',
        },
      }),
    );
  }
  return intents;
}

/**
 * A few bytes of the last record of one payment flipped on disk (a failing disk, an edit), as the core finds it at
 * its next start. The payment is read as damaged from then on.
 */
export async function damageRecord(core: InProcessWallet, intentId: string, customer?: Customer): Promise<void> {
  await core.wallet.close();
  const { path } = await journalOf(core, customer);
  const lines = readFileSync(path, 'utf8').split('\n');
  const last = lines.findLastIndex((line) => line.startsWith(`{"i":${JSON.stringify(intentId)},`));
  if (last < 0) throw new Error(`No record of ${intentId} in the journal`);
  lines[last] = (lines[last] ?? '').replace(/.{8}"}$/, 'XXXXXXXX"}');
  writeFileSync(path, lines.join('\n'));
  await core.restart();
}

/** A line of which nothing can be read, at the end of the customer's journal, as the core finds it at its next start. */
export async function addUnreadableRecord(core: InProcessWallet, customer?: Customer): Promise<void> {
  await core.wallet.close();
  const { path } = await journalOf(core, customer);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  appendFileSync(path, 'garbage that was a record\n', { mode: 0o600 });
  await core.restart();
}
