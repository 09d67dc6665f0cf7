import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DailyLimitView, PaymentView } from '../../../common/bridge-contract.ts';
import { LIMIT_EFFECT } from '../../../common/payment-rules.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { INITIATIONS_PATH, startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';
import { damageRecord } from '../../support/seed-payments.ts';

/**
 * Issue 25: what the app knows of a payment, through the real core against the sandbox. A payment never sent can be
 * sent or dropped (and a dropped one frees its share of the limit at once, and is never sent); the meter's parts
 * are the payments' own; past the request id's 24 hours an unknown payment takes the customer's word, recorded as
 * theirs; the duplicate warning says what is known; and the follow-up runs by itself when the clock moves.
 */
const PASSCODE = '482916';
let sandbox: Sandbox;
let core: InProcessWallet;
let events: WalletEvent[];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  await core.close();
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

/** Anna signed in; with `presence`, a passcode entered over a minute ago, so the next payment asks for it again. */
async function open(options: { presence?: boolean } = {}): Promise<void> {
  events = [];
  core = await inProcessWallet({ sandbox });
  core.onEvent((event) => void events.push(event));
  await core.value('signIn');
  if (options.presence) {
    await core.value('setPasscode', { next: PASSCODE });
    // More than the presence window (a minute) since the passcode was entered: the next payment asks for it.
    sandbox.clock.advanceSeconds(61);
  }
}

const posts = () => sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);
const confirm = async (amount: number, acknowledgeDuplicate?: string) =>
  core.value('confirmPayment', {
    draft: draftFrom('anna', 'bjorn', amount),
    ...(acknowledgeDuplicate ? { acknowledgeDuplicate } : {}),
  });
const limit = () => core.value('dailyLimit');
const hours = (count: number) => sandbox.clock.advanceSeconds(count * 3600);

/** A payment whose answer the network lost after the bank processed it: unknown in the app, paid at the bank. */
async function lostAnswer(amount: number): Promise<PaymentView> {
  sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
  const { id } = await confirm(amount);
  const view = await core.value('submitPayment', { id });
  expect(view.state).toBe('unknown');
  return view;
}

/** Today's parts of the limit, summed from the payments themselves by how each state counts (LIMIT_EFFECT). */
async function partsFromPayments(): Promise<Pick<DailyLimitView, 'held' | 'uncertain' | 'spent'>> {
  const today = (await limit()).day;
  const parts = { held: 0, uncertain: 0, spent: 0 };
  for (const view of (await core.value('historyPage', { limit: 1000 })).items) {
    const day = new Date(view.firstSentAt ?? view.createdAt).toISOString().slice(0, 10);
    const effect = LIMIT_EFFECT[view.state];
    if (day === today && effect !== 'none') parts[effect] += view.order.amount;
  }
  return parts;
}

describe('a payment never sent', () => {
  it('stays confirmed when the passcode prompt is cancelled, holds its share, and "Don’t send" frees it for good', async () => {
    await open({ presence: true });
    const payment = await confirm(7000);
    expect(await core.call('submitPayment', { id: payment.id })).toMatchObject({
      error: { code: 'PRESENCE_REQUIRED' },
    });
    expect(await core.value('getPayment', { id: payment.id })).toMatchObject({ state: 'confirmed', attempts: 0 });
    expect(await limit()).toMatchObject({ held: 7000, uncertain: 0, spent: 0, remaining: 193_000 });

    const dropped = await core.value('dropPayment', { id: payment.id });
    expect(dropped).toMatchObject({ state: 'dropped', requestId: payment.requestId });
    expect(dropped.stateTimes.dropped).toBeDefined();
    expect(await limit()).toMatchObject({ held: 0, used: 0, remaining: 200_000 });
    // Nothing sends it afterwards: not Send, not Check again, not the passcode.
    await core.value('confirmPresence', { passcode: PASSCODE });
    expect(await core.value('submitPayment', { id: payment.id })).toMatchObject({ state: 'dropped' });
    expect(await core.value('checkAgain', { id: payment.id })).toMatchObject({ state: 'dropped' });
    expect(posts()).toHaveLength(0);
    // Dropping again changes nothing; a dropped payment raises no duplicate warning.
    expect(await core.value('dropPayment', { id: payment.id })).toMatchObject({ state: 'dropped' });
    const again = await core.value('validatePayment', draftFrom('anna', 'bjorn', 7000));
    expect(again.duplicate).toBeUndefined();
    // It stays dropped across a restart.
    await core.restart();
    await core.value('unlock', { passcode: PASSCODE });
    expect(await core.value('getPayment', { id: payment.id })).toMatchObject({ state: 'dropped' });
  });

  it('"Send it" sends that same payment, with its request id, once the passcode is given', async () => {
    await open({ presence: true });
    const payment = await confirm(7000);
    await core.call('submitPayment', { id: payment.id });
    await core.value('confirmPresence', { passcode: PASSCODE });
    const sent = await core.value('submitPayment', { id: payment.id });
    expect(sent).toMatchObject({ state: 'settled', requestId: payment.requestId });
    expect(posts().map((entry) => entry.requestId)).toEqual([payment.requestId]);
    expect(await core.call('dropPayment', { id: payment.id })).toMatchObject({
      error: { code: 'PAYMENT_ALREADY_SENT' },
    });
  });

  it('cannot be dropped while it is being sent, nor once it was ever sent', async () => {
    await open();
    sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 300 });
    const payment = await confirm(2500);
    const sending = core.value('submitPayment', { id: payment.id });
    // The send has begun (its record says so) before the drop arrives.
    await expect
      .poll(() => events.some((event) => event.channel === 'paymentChanged' && event.payload.state === 'sending'))
      .toBe(true);
    expect(await core.call('dropPayment', { id: payment.id })).toMatchObject({
      error: { code: 'PAYMENT_ALREADY_SENT' },
    });
    expect(await sending).toMatchObject({ state: 'settled' });
    const unknown = await lostAnswer(3100);
    expect(await core.call('dropPayment', { id: unknown.id })).toMatchObject({
      error: { code: 'PAYMENT_ALREADY_SENT' },
    });
  });

  it('a drop and a send racing in any order: either it was dropped and the bank never saw it, or it was sent once', async () => {
    await open();
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat(3), async (dropFirst, yieldTurns) => {
        const payment = await confirm(1000 + posts().length * 7 + (dropFirst ? 1 : 2) + yieldTurns * 100);
        const before = posts().length;
        const drop = core.call('dropPayment', { id: payment.id });
        for (let turn = 0; turn < yieldTurns; turn += 1) await Promise.resolve();
        const send = core.call('submitPayment', { id: payment.id });
        await Promise.all(dropFirst ? [drop, send] : [send, drop]);
        const final = await core.value('getPayment', { id: payment.id });
        if (final.state === 'dropped') expect(posts()).toHaveLength(before);
        else {
          expect(final.state).toBe('settled');
          expect(posts()).toHaveLength(before + 1);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('is not sent once its request id’s 24 hours are over: only dropped', async () => {
    await open();
    const payment = await confirm(4000);
    hours(25);
    await core.wallet.idle();
    expect(await core.value('getPayment', { id: payment.id })).toMatchObject({
      state: 'confirmed',
      windowClosed: true,
    });
    expect(await core.call('submitPayment', { id: payment.id })).toMatchObject({
      error: { code: 'TOO_LATE_TO_SEND' },
    });
    expect(posts()).toHaveLength(0);
    expect(await core.value('dropPayment', { id: payment.id })).toMatchObject({ state: 'dropped' });
  });
});

describe('the meter’s parts', () => {
  it('are the sums of the payments by how each counts: held, on its way or unknown, spent', async () => {
    await open({ presence: true });
    const held = await confirm(7000);
    await core.call('submitPayment', { id: held.id });
    await core.value('confirmPresence', { passcode: PASSCODE });
    await lostAnswer(3000);
    await core.value('confirmPresence', { passcode: PASSCODE });
    const paid = await confirm(2000);
    expect(await core.value('submitPayment', { id: paid.id })).toMatchObject({ state: 'settled' });
    const now = await limit();
    expect(now).toMatchObject({ held: 7000, uncertain: 3000, spent: 2000, used: 12_000, remaining: 188_000 });
    expect(await partsFromPayments()).toEqual({ held: now.held, uncertain: now.uncertain, spent: now.spent });
  });
});

describe('after the request id’s 24 hours', () => {
  it('an unknown payment says the app can no longer ask, and the window is told without a click', async () => {
    await open();
    const payment = await lostAnswer(7000);
    expect(payment).toMatchObject({ windowClosed: false, nextCheckAt: payment.updatedAt + 15_000 });
    // The answer of the sandbox is lost again on every try: the follow-up learns nothing.
    sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
    events = [];
    hours(25);
    await core.wallet.idle();
    const view = await core.value('getPayment', { id: payment.id });
    expect(view).toMatchObject({ state: 'unknown', windowClosed: true });
    expect(view.nextCheckAt).toBeUndefined();
    expect(
      events.some(
        (event) => event.channel === 'paymentChanged' && event.payload.id === payment.id && event.payload.windowClosed,
      ),
    ).toBe(true);
    // Check again sends nothing now.
    const sent = posts().length;
    expect(await core.value('checkAgain', { id: payment.id })).toMatchObject({ state: 'unknown' });
    expect(posts()).toHaveLength(sent);
  });

  it('takes the customer’s word, as theirs: the duplicate warning and a change of mind follow it', async () => {
    await open();
    // Confirmed at noon and sent two hours later: its request id's 24 hours end before the duplicate window does.
    const payment = await confirm(7000);
    hours(2);
    sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
    expect(await core.value('submitPayment', { id: payment.id })).toMatchObject({ state: 'unknown' });
    // Within the 24 hours the app can still ask: no word is taken.
    expect(await core.call('declareOutcome', { id: payment.id, outcome: 'paid' })).toMatchObject({
      error: { code: 'OUTCOME_STILL_ASKABLE' },
    });
    sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
    sandbox.clock.set(Date.parse(NOON) + 24 * 3600_000 + 60_000);
    await core.wallet.idle();

    const paid = await core.value('declareOutcome', { id: payment.id, outcome: 'paid' });
    expect(paid).toMatchObject({ state: 'declaredPaid', requestId: payment.requestId });
    // The record keeps what the bank said (nothing) apart from the customer's word.
    expect(paid.bankStatus).toBeUndefined();
    expect(paid.initiationId).toBeUndefined();
    const warned = await core.value('validatePayment', draftFrom('anna', 'bjorn', 7000));
    expect(warned.duplicate).toMatchObject({ intentId: payment.id, kind: 'declaredPaid' });

    const notPaid = await core.value('declareOutcome', { id: payment.id, outcome: 'notPaid' });
    expect(notPaid.state).toBe('declaredNotPaid');
    expect((await core.value('validatePayment', draftFrom('anna', 'bjorn', 7000))).duplicate).toBeUndefined();
    // Nothing is ever sent for a payment with the customer's word.
    const sent = posts().length;
    expect(await core.value('checkAgain', { id: payment.id })).toMatchObject({ state: 'declaredNotPaid' });
    expect(posts()).toHaveLength(sent);
  });

  it('takes no word on a payment the bank answered, one never sent, or another customer’s', async () => {
    await open();
    const settled = await confirm(1200);
    await core.value('submitPayment', { id: settled.id });
    const never = await confirm(1300);
    hours(25);
    await core.wallet.idle();
    for (const id of [settled.id, never.id]) {
      expect(await core.call('declareOutcome', { id, outcome: 'notPaid' })).toMatchObject({
        error: { code: 'OUTCOME_NOT_DECLARABLE' },
      });
    }
    core.as('bjorn');
    await core.value('signIn');
    expect(await core.call('declareOutcome', { id: settled.id, outcome: 'paid' })).toMatchObject({
      error: { code: 'PAYMENT_NOT_FOUND' },
    });
    // Nor drops it: Anna's payment never sent is not Björn's to drop.
    expect(await core.call('dropPayment', { id: never.id })).toMatchObject({ error: { code: 'PAYMENT_NOT_FOUND' } });
  });

  it('neither drops nor takes a word on a payment whose record is damaged: the customer checks the online banking', async () => {
    await open();
    const never = await confirm(1400);
    const unknown = await lostAnswer(1500);
    sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
    hours(25);
    await core.wallet.idle();
    await damageRecord(core, never.id);
    await damageRecord(core, unknown.id);
    expect(await core.call('dropPayment', { id: never.id })).toMatchObject({ error: { code: 'RECORD_DAMAGED' } });
    expect(await core.call('declareOutcome', { id: unknown.id, outcome: 'notPaid' })).toMatchObject({
      error: { code: 'RECORD_DAMAGED' },
    });
    // Still counted as a possible payment, never freed.
    expect((await core.value('getPayment', { id: never.id })).state).toBe('damaged');
  });
});

describe('the duplicate warning says what is known of the earlier payment', () => {
  it('paid for one the bank took, uncertain for an unknown one, notSent for one waiting; none for dropped or refused', async () => {
    await open();
    const settled = await confirm(1111);
    await core.value('submitPayment', { id: settled.id });
    const unknown = await lostAnswer(2222);
    const waiting = await confirm(3333);
    const dropped = await confirm(4444);
    await core.value('dropPayment', { id: dropped.id });
    const kindOf = async (amount: number) =>
      (await core.value('validatePayment', draftFrom('anna', 'bjorn', amount))).duplicate;
    expect(await kindOf(1111)).toMatchObject({ intentId: settled.id, kind: 'paid' });
    expect(await kindOf(2222)).toMatchObject({ intentId: unknown.id, kind: 'uncertain' });
    expect(await kindOf(3333)).toMatchObject({ intentId: waiting.id, kind: 'notSent' });
    expect(await kindOf(4444)).toBeUndefined();
  });
});

describe('the follow-up belongs to the core', () => {
  it('a lost answer becomes known once the clock moves past the first wait, with nothing calling a tick', async () => {
    await open();
    const payment = await lostAnswer(1500);
    sandbox.clock.advanceSeconds(14);
    await core.wallet.idle();
    expect(await core.value('getPayment', { id: payment.id })).toMatchObject({ state: 'unknown' });
    sandbox.clock.advanceSeconds(1);
    await core.wallet.idle();
    expect(await core.value('getPayment', { id: payment.id })).toMatchObject({ state: 'settled' });
    expect(events.some((event) => event.channel === 'paymentOutcome' && event.payload.id === payment.id)).toBe(true);
    expect(new Set(posts().map((entry) => entry.requestId))).toEqual(new Set([payment.requestId]));
  });

  it('says when it asks next: the first wait, then the next once it has asked', async () => {
    await open();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
    const { id } = await confirm(1500);
    const first = await core.value('submitPayment', { id });
    expect(first.nextCheckAt).toBe(first.updatedAt + 15_000);
    sandbox.clock.advanceSeconds(15);
    await core.wallet.idle();
    const after = await core.value('getPayment', { id });
    expect(after.state).toBe('unknown');
    // Asked once at 15 s: the next question 30 s later.
    expect(after.nextCheckAt).toBe(Date.parse(NOON) + 15_000 + 30_000);
  });
});
