import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { PaymentIntent, PaymentOrder, PaymentState } from '../../common/payment.ts';
import { customerStore } from '../../main/payments/payments-by-customer.ts';
import { PaymentDatabase } from '../../main/payments/store/payment-database.ts';
import { StoreMarks } from '../../main/payments/store/store-marks.ts';
import { LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { JsonFileStore } from '../../main/storage/json-file-store.ts';
import { openSecretBox } from '../../main/secrets/key-protector.ts';
import { CUSTOMERS, type InProcessWallet } from './in-process-wallet.ts';
import { seeded } from './seeded.ts';

/**
 * Payment records on disk before the app reads them: many at once (the UI benchmark's 10 000), ones a run of the
 * app would take a long time to reach, and damaged ones. Written by main's own store (payment-database.ts) into
 * the customer's store while the core is closed, with the store's mark noted as the app notes it, then the core
 * is restarted so that it reads them as it would at start: nothing here decides what a record means.
 *
 * Where the store lives and how it is sealed come from payments-by-customer.ts itself (`customerStore`).
 */
export interface Customer {
  profileId?: string;
  kennitala?: string;
}

interface Where {
  location: string;
  key: Uint8Array;
  binding: string;
  owner: string;
  profileId: string;
  marks: StoreMarks;
}

async function storeOf(core: InProcessWallet, customer: Customer = {}): Promise<Where> {
  const profileId = customer.profileId ?? LOCAL_SANDBOX_ID;
  const owner = customer.kennitala ?? CUSTOMERS.anna.kennitala;
  // The data key the core sealed its records with (the keychain keeps it, in its own file: main/wallet.ts); none
  // where nothing may be written.
  const box = await openSecretBox(
    new JsonFileStore(join(core.dataDir, 'data-key.json')),
    core.platform.keyProtector,
    false,
  );
  const where = customerStore(core.dataDir, box, profileId, owner);
  if (!where) throw new Error('Records are kept on disk only with a keychain: this wallet has none');
  return { ...where, owner, profileId, marks: new StoreMarks(core.platform.store, box) };
}

/** The customer's store file, where the core reads their payments from at start. */
export async function storePath(core: InProcessWallet, customer?: Customer): Promise<string> {
  return (await storeOf(core, customer)).location;
}

/** Runs `write` on the customer's store as the app opens it, and notes its new mark as the app does. */
function withStore(where: Where, write: (db: PaymentDatabase) => void): void {
  const { marks, ...options } = where;
  const db = new PaymentDatabase({ ...options, mark: marks.of(where.binding, existsSync(where.location)) });
  try {
    write(db);
    marks.note(where.binding, db.mark);
  } finally {
    db.close();
  }
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

/** Payment `n` just confirmed, a millisecond after noon GMT on 2026-11-22 per `n`, with `extra` over it (store tests). */
export function confirmedPayment(n: number, extra: Partial<PaymentIntent> = {}): PaymentIntent {
  return { ...paymentRecord(n, { state: 'confirmed', createdAt: Date.parse('2026-11-22T12:00:00Z') + n }), ...extra };
}

/** Writes the records with main's store (sealed as main seals them), then restarts the core to read them. */
export async function seedPayments(
  core: InProcessWallet,
  intents: readonly PaymentIntent[],
  customer?: Customer,
): Promise<void> {
  await core.wallet.close();
  withStore(await storeOf(core, customer), (db) => db.putAll(intents, []));
  await core.restart();
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
 * A few bytes of one payment's record flipped on disk (a failing disk, an edit), as the core finds it at its next
 * start. The payment is read as damaged from then on.
 */
export async function damageRecord(core: InProcessWallet, intentId: string, customer?: Customer): Promise<void> {
  await core.wallet.close();
  const { location } = await storeOf(core, customer);
  const db = new DatabaseSync(location);
  try {
    const row = db.prepare('SELECT sealed FROM payments WHERE id = ?').get(intentId) as
      { sealed: Uint8Array } | undefined;
    if (!row) throw new Error(`No record of ${intentId} in the store`);
    const sealed = Buffer.from(row.sealed);
    sealed.fill(0x58, sealed.length - 8);
    db.prepare('UPDATE payments SET sealed = ? WHERE id = ?').run(sealed, intentId);
  } finally {
    db.close();
  }
  await core.restart();
}

/**
 * A record of which nothing can be read (not even which payment it was), as the core finds it at its next start:
 * a row with an id no payment has and text that was never sealed, added with the store's counts kept as they were.
 */
export async function addUnreadableRecord(core: InProcessWallet, customer?: Customer): Promise<void> {
  await core.wallet.close();
  const where = await storeOf(core, customer);
  // The store as the app would have it (made if it is not there yet).
  withStore(where, () => undefined);
  const db = new DatabaseSync(where.location);
  try {
    // Before every payment (the oldest), as a record at the start of the history would be.
    db.prepare(
      `INSERT INTO payments (id, created_at, first_seq, seq, day, state, payee, sealed)
       VALUES ('damaged-1', 0, 0, 0, '1970-01-01', 'settled', 'x', ?)`,
    ).run(Buffer.from('garbage that was a record'));
  } finally {
    db.close();
  }
  await core.restart();
}
