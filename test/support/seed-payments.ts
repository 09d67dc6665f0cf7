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
): Promise<void> {
  await core.wallet.close();
  const journal = await journalOf(core, customer);
  const store = new PaymentStore(new FileJournal(journal.path), {
    codec: journal.codec,
    owner: journal.owner,
    profileId: journal.profileId,
  });
  // Not synced one by one: the files are fsynced by nobody's promise here, and 10 000 fsyncs would take seconds.
  for (const intent of intents) await store.save(intent, { sync: false });
  await store.close();
  await core.restart();
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
