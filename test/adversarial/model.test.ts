import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { CUSTOMERS, draftFrom, walletFixture, type CustomerName, type WalletFixture } from './wallet-fixture.ts';

/**
 * The standing adversarial suite's model-based test (issue 13): random interleavings of two customers signing in
 * and out, confirm, double confirm, submit, check again racing a submit, bank faults (answers lost after
 * processing, 5xx, answers later than the deadline), the clock crossing GMT midnight and the 24-hour window, and a
 * restart on the same data folder, all through the real handler table against the local sandbox. After every run:
 * at most one initiation per confirmed intent and none without one; no customer ever read another's payment; every
 * intent ends accepted, settled, rejected by a bank refusal, or unknown.
 *
 * Seeded and reproducible: MODEL_RUNS (default 200) and MODEL_SEED change the run; a failure prints its seed and
 * path for `fc.assert`'s replay.
 */
const RUNS = Number(process.env['MODEL_RUNS'] ?? 200);
const SEED = Number(process.env['MODEL_SEED'] ?? 20261123);
/** Short enough that a delayed answer passes it without costing the suite much. */
const DEADLINE_MS = 150;

interface Model {
  /** Who the app says is signed in, as far as the model knows. */
  signedIn: CustomerName | undefined;
  /** Every intent the app confirmed, by id: whose it is and its request id. */
  intents: Map<string, { owner: CustomerName; requestId: string; submitted: boolean }>;
}
interface Real {
  fixture: WalletFixture;
}
type Command = fc.AsyncCommand<Model, Real>;

const REFUSAL_CODES = /^(ERR_80102_\d{3}|LOCAL_DAILY_LIMIT)$/;
const OWNER_BY_MASK = new Map(
  Object.entries(CUSTOMERS).map(([name, customer]) => [`${customer.kennitala.slice(0, 6)}-****`, name as CustomerName]),
);

function record(model: Model, owner: CustomerName, view: PaymentView): void {
  if (!model.intents.has(view.id)) model.intents.set(view.id, { owner, requestId: view.requestId, submitted: false });
}

/** Nobody reads another's payment: every payment the app shows belongs to the customer signed in. */
function checkOwnership(model: Model, views: PaymentView[]): void {
  for (const view of views) {
    if (view.state === 'damaged') continue;
    expect(model.signedIn).toBeDefined();
    expect(OWNER_BY_MASK.get(view.order.debtorKennitala)).toBe(model.signedIn);
    const known = model.intents.get(view.id);
    if (known) expect(known.owner).toBe(model.signedIn);
  }
}

const other = (name: CustomerName): CustomerName => (name === 'anna' ? 'bjorn' : 'anna');

class SignIn implements Command {
  readonly who: CustomerName;
  constructor(who: CustomerName) {
    this.who = who;
  }
  check = () => true;
  async run(model: Model, { fixture }: Real) {
    fixture.as(this.who);
    const session = await fixture.value('signIn');
    expect(session.signedIn).toBe(true);
    model.signedIn = this.who;
    checkOwnership(model, (await fixture.value('historyPage', {})).items);
  }
  toString = () => `signIn(${this.who})`;
}

class SignOut implements Command {
  check = (model: Readonly<Model>) => model.signedIn !== undefined;
  async run(model: Model, { fixture }: Real) {
    await fixture.value('signOut');
    model.signedIn = undefined;
    expect(await fixture.value('historyPage', {})).toEqual({ total: 0, items: [] });
  }
  toString = () => 'signOut';
}

class Confirm implements Command {
  readonly amount: number;
  readonly presses: number;
  readonly acknowledge: boolean;
  constructor(amount: number, presses: number, acknowledge: boolean) {
    this.amount = amount;
    this.presses = presses;
    this.acknowledge = acknowledge;
  }
  check = (model: Readonly<Model>) => model.signedIn !== undefined;
  async run(model: Model, { fixture }: Real) {
    const payer = model.signedIn ?? 'anna';
    const draft = draftFrom(payer, other(payer), this.amount);
    const validation = await fixture.value('validatePayment', draft);
    const acknowledgeDuplicate = this.acknowledge ? validation.duplicate?.intentId : undefined;
    const request = { draft, ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}) };
    // A double (or triple) click: the same confirmation in one tick.
    const results = await Promise.all(
      Array.from({ length: this.presses }, () => fixture.call('confirmPayment', request)),
    );
    const confirmed = results.flatMap((result) => (result.ok ? [result.value] : []));
    // One press of Pay makes at most one payment, whatever the acknowledgement.
    expect(confirmed.length).toBeLessThanOrEqual(1);
    for (const view of confirmed) record(model, payer, view);
    checkOwnership(model, confirmed);
  }
  toString = () => `confirm(${this.amount} x${this.presses}${this.acknowledge ? ', ack' : ''})`;
}

/** Sends (or checks again) one of the signed-in customer's intents, sometimes with a racing second call. */
class Send implements Command {
  readonly pick: number;
  readonly race: boolean;
  constructor(pick: number, race: boolean) {
    this.pick = pick;
    this.race = race;
  }
  check = (model: Readonly<Model>) => model.signedIn !== undefined;
  async run(model: Model, { fixture }: Real) {
    const mine = [...model.intents].filter(([, intent]) => intent.owner === model.signedIn);
    const theirs = [...model.intents].filter(([, intent]) => intent.owner !== model.signedIn);
    const target = mine[this.pick % Math.max(1, mine.length)];
    if (!target) {
      // Nothing of one's own: try another customer's payment instead, which must be refused.
      const [foreign] = theirs[this.pick % Math.max(1, theirs.length)] ?? [];
      if (foreign) {
        for (const channel of ['submitPayment', 'checkAgain', 'getPayment', 'refreshStatus'] as const) {
          expect(await fixture.call(channel, { id: foreign })).toMatchObject({ ok: false });
        }
      }
      return;
    }
    const [id, intent] = target;
    intent.submitted = true;
    const calls = [fixture.call('submitPayment', { id })];
    if (this.race) calls.push(fixture.call('checkAgain', { id }));
    for (const result of await Promise.all(calls)) {
      if (result.ok) {
        checkOwnership(model, [result.value]);
        expect(result.value.requestId).toBe(intent.requestId);
      }
    }
  }
  toString = () => `send(${this.pick}${this.race ? ', racing check again' : ''})`;
}

type FaultKind = 'dropAfterProcessing' | 'dropBeforeProcessing' | 'status500' | 'delay';
class Fault implements Command {
  readonly kind: FaultKind;
  constructor(kind: FaultKind) {
    this.kind = kind;
  }
  check = () => true;
  run(_model: Model, { fixture }: Real) {
    fixture.sandbox.faults.add({
      route: 'payments.create',
      kind: this.kind,
      count: 1,
      delayMs: DEADLINE_MS * 2,
    });
    return Promise.resolve();
  }
  toString = () => `fault(${this.kind})`;
}

class Advance implements Command {
  readonly hours: number;
  constructor(hours: number) {
    this.hours = hours;
  }
  check = () => true;
  async run(model: Model, { fixture }: Real) {
    fixture.sandbox.clock.advanceSeconds(this.hours * 3600);
    if (model.signedIn) checkOwnership(model, (await fixture.value('historyPage', {})).items);
  }
  toString = () => `advance(${this.hours} h)`;
}

class Restart implements Command {
  check = () => true;
  async run(model: Model, { fixture }: Real) {
    await fixture.restart();
    const session = await fixture.value('sessionStatus');
    expect(session.signedIn).toBe(model.signedIn !== undefined);
    if (model.signedIn) checkOwnership(model, (await fixture.value('historyPage', {})).items);
  }
  toString = () => 'restart';
}

const commands = [
  fc.constantFrom<CustomerName>('anna', 'bjorn').map((who) => new SignIn(who)),
  fc.constant(new SignOut()),
  fc
    .tuple(fc.constantFrom(500, 1500, 40_000, 90_000), fc.integer({ min: 1, max: 3 }), fc.boolean())
    .map(([amount, presses, acknowledge]) => new Confirm(amount, presses, acknowledge)),
  fc.tuple(fc.nat(), fc.boolean()).map(([pick, race]) => new Send(pick, race)),
  fc
    .constantFrom('dropAfterProcessing', 'dropBeforeProcessing', 'status500', 'delay' as const)
    .map((kind) => new Fault(kind)),
  // Hours that cross GMT midnight (the sandbox starts at 12:00) and, added up, the 24-hour window.
  fc.constantFrom(1, 11, 13, 25).map((hours) => new Advance(hours)),
  fc.constant(new Restart()),
];

/** The invariants over the whole run, read from the bank and from the app as each intent's owner. */
async function checkFinal(model: Model, fixture: WalletFixture): Promise<void> {
  const byRequestId = new Map<string, number>();
  for (const initiation of fixture.sandbox.initiations()) {
    byRequestId.set(initiation.requestId, (byRequestId.get(initiation.requestId) ?? 0) + 1);
  }
  const confirmedIds = new Set([...model.intents.values()].map((intent) => intent.requestId));
  for (const [requestId, count] of byRequestId) {
    // At most one initiation per confirmed intent, and none the app did not confirm.
    expect(count).toBe(1);
    expect(confirmedIds.has(requestId)).toBe(true);
  }
  fixture.sandbox.faults.clear();
  for (const owner of ['anna', 'bjorn'] as const) {
    fixture.as(owner);
    await fixture.value('signIn');
    const views = (await fixture.value('historyPage', { limit: 1000 })).items;
    const ids = new Set(views.map((view) => view.id));
    for (const [id, intent] of model.intents) {
      if (intent.owner !== owner) expect(ids.has(id)).toBe(false);
      else expect(ids.has(id)).toBe(true);
    }
    for (const view of views) {
      const intent = model.intents.get(view.id);
      expect(view.state).not.toBe('sending');
      expect(view.state).not.toBe('damaged');
      if (view.state === 'confirmed') expect(intent?.submitted).toBe(false);
      if (view.state === 'rejected') expect(view.error?.code).toMatch(REFUSAL_CODES);
      if (view.state === 'settled' || view.state === 'accepted') expect(byRequestId.get(view.requestId)).toBe(1);
    }
  }
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z' });
});
afterAll(() => sandbox.stop());

describe('the adversarial model: random interleavings through the bridge', () => {
  it(`keeps every invariant over ${RUNS} seeded runs`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (scenario) => {
        sandbox.reset();
        sandbox.clock.set('2026-11-22T12:00:00.000Z');
        const fixture = await walletFixture({ sandbox, bankDeadlineMs: DEADLINE_MS });
        try {
          const model: Model = { signedIn: undefined, intents: new Map() };
          await fc.asyncModelRun(() => ({ model, real: { fixture } }), scenario);
          await checkFinal(model, fixture);
        } finally {
          await fixture.close();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
