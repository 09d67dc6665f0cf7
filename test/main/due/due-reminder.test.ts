import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../common/bridge-contract.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { notifiedWallet, type Shown } from '../../support/notified-wallet.ts';
import { INITIATIONS_PATH } from '../../../sandbox/index.ts';
import { draftFrom, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Reminders ahead of a payment that comes due (issue 42, item 12), through the real core and its tick on the
 * sandbox's clock (the app's day starts at 2026-11-22): told once a date, across restarts; never before its day, never
 * on or after the date (the due and overdue notices tell then), never when off; at the first tick of a run that began
 * after its day; generic while locked or without details; a click opens the Due list; nothing is ever sent.
 */
let fixture: InProcessWallet;
let notices: Shown[];
let events: WalletEvent[];
afterEach(() => fixture.close());

async function open(): Promise<void> {
  ({ fixture, notices, events } = await notifiedWallet());
}

/** Moves main's clock to noon GMT of `date` and ticks, as the running app does. */
async function dayOf(date: string): Promise<void> {
  fixture.sandbox.clock.set(`${date}T12:00:00.000Z`);
  await fixture.wallet.idle();
  await fixture.wallet.tick();
}

const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });

async function saveRent(schedule: RequestOf<'saveDue'>['schedule'], remind?: 1 | 3 | 7): Promise<string> {
  const saved = await fixture.value('saveDue', { draft: rent, schedule, ...(remind ? { remind } : {}) });
  expect(saved.errors).toBeUndefined();
  expect(saved.scheduleErrors).toBeUndefined();
  return saved.id ?? '';
}

const reminders = () => notices.filter(({ notice }) => /coming up|bráðum/.test(notice.title));
const posts = () =>
  fixture.sandbox.requests().filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

describe('a reminder ahead of a payment that comes due', () => {
  it('3 days ahead: not before its day, told once across a restart, a click opens the list, then the due notice', async () => {
    await open();
    const id = await saveRent({ kind: 'once', date: '2026-11-30' }, 3);
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ id, remind: 3 });
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-26']) await dayOf(date);
    expect(reminders()).toEqual([]);

    await dayOf('2026-11-27');
    expect(reminders().map(({ notice }) => notice)).toEqual([
      {
        title: 'Payment coming up',
        body: 'A payment is due on 30 Nov 2026, in 3 days. It is not paid until you pay it in A2A Wallet.',
      },
    ]);
    reminders()[0]?.click?.();
    expect(events.some((event) => event.channel === 'dueOpened')).toBe(true);
    await fixture.wallet.tick();
    await fixture.restart();
    await fixture.wallet.tick();
    await dayOf('2026-11-28');
    await dayOf('2026-11-29');
    expect(reminders()).toHaveLength(1);

    // On the date the due notice tells, not a reminder.
    await dayOf('2026-11-30');
    expect(notices.map(({ notice }) => notice.title)).toEqual(['Payment coming up', 'Payment due today']);
    expect(posts()).toEqual([]);
  });

  it('a repeat: each date reminded once, in its turn; the changed choice is kept', async () => {
    await open();
    const id = await saveRent({ kind: 'weekly', weekday: 5, start: '2026-11-22' }, 1);
    await dayOf('2026-11-26');
    await dayOf('2026-11-27');
    await dayOf('2026-12-03');
    await fixture.wallet.tick();
    expect(reminders().map(({ notice }) => notice.body)).toEqual([
      'A payment is due tomorrow, 27 Nov 2026. It is not paid until you pay it in A2A Wallet.',
      'A payment is due tomorrow, 4 Dec 2026. It is not paid until you pay it in A2A Wallet.',
    ]);
    // Changed without a reminder: off.
    await fixture.value('saveDue', { id, draft: rent, schedule: { kind: 'weekly', weekday: 5, start: '2026-12-04' } });
    expect((await fixture.value('listDue')).items[0]?.remind).toBeUndefined();
    await dayOf('2026-12-10');
    expect(reminders()).toHaveLength(2);
  });

  it('off by default: no reminder ahead, only the due notice on the day', async () => {
    await open();
    await saveRent({ kind: 'once', date: '2026-11-25' });
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-25']) await dayOf(date);
    expect(notices.map(({ notice }) => notice.title)).toEqual(['Payment due today']);
  });

  it('the app closed on the day before: the first tick of the next run reminds while the date is ahead, not after it', async () => {
    await open();
    await saveRent({ kind: 'once', date: '2026-12-10' }, 7);
    await saveRent({ kind: 'once', date: '2026-11-26' }, 3);
    await fixture.value('updateSettings', { language: 'is' });
    // Closed from the 22nd (before either reminder's day) to the 5th of December: the one of the 26th passed.
    await fixture.restart();
    await dayOf('2026-12-05');
    expect(notices.map(({ notice }) => notice.title)).toEqual([
      'Gjalddagi greiðslu liðinn',
      'Greiðsla á gjalddaga bráðum',
    ]);
    expect(reminders()[0]?.notice.body).toBe(
      'Greiðsla er á gjalddaga 10. des. 2026, eftir 5 daga. Hún er ekki greidd fyrr en þú greiðir hana í A2A Wallet.',
    );
  });

  it('several at once: one notification, generic, naming the soonest date', async () => {
    await open();
    await fixture.value('updateSettings', { notificationDetails: true });
    await saveRent({ kind: 'once', date: '2026-11-30' }, 7);
    await saveRent({ kind: 'once', date: '2026-11-26' }, 3);
    await dayOf('2026-11-23');
    expect(reminders().map(({ notice }) => notice.body)).toEqual([
      '2 payments are due soon, the first on 26 Nov 2026, in 3 days. They are not paid until you pay them in A2A Wallet.',
    ]);
  });

  it('names payee and amount only with details allowed and the app unlocked; never a kennitala', async () => {
    await open();
    await fixture.value('updateSettings', { notificationDetails: true });
    await saveRent({ kind: 'once', date: '2026-11-24' }, 3);
    await fixture.wallet.tick();
    expect(reminders()[0]?.notice.body).toMatch(
      /^ISK\s25,000 to Björn Sigurðsson is due on 24 Nov 2026, in 2 days\. It is not paid/,
    );

    // A payee kept under a kennitala is not named by it.
    await fixture.value('saveDue', {
      draft: { ...rent, payeeName: '050792-2189' },
      schedule: { kind: 'once', date: '2026-11-26' },
      remind: 7,
    });
    await fixture.wallet.tick();
    expect(reminders()[1]?.notice.body).toMatch(/^A payment is due on 26 Nov 2026, in 4 days\./);
    expect(JSON.stringify(notices)).not.toMatch(/0507922189|050792-2189/);
  });

  it('the app locks while the tick is under way: the generic text only', async () => {
    await open();
    await fixture.value('updateSettings', { notificationDetails: true });
    // A payment whose answer was lost: the tick's follow-up asks the bank, which holds its answer.
    fixture.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    const { id } = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 4321) });
    expect((await fixture.value('submitPayment', { id })).state).toBe('unknown');
    await saveRent({ kind: 'once', date: '2026-11-26' }, 3);
    fixture.sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 120_000, count: 1 });
    // Past midnight, the reminder's day (within the follow-up's 24 hours): the tick it moves waits at the bank.
    fixture.sandbox.clock.set('2026-11-23T00:00:30.000Z');
    await vi.waitFor(() => expect(fixture.sandbox.faults.delaying).toBe(1), { timeout: 10_000 });
    // A passcode set only now: with one, the half day the clock moved would have locked the app before the tick.
    await fixture.value('setPasscode', { next: '482916' });
    await fixture.value('lockNow');
    expect(fixture.sandbox.faults.release()).toBe(1);
    await fixture.wallet.idle();
    expect(reminders().map(({ notice }) => notice.body)).toEqual([
      'A payment is due on 26 Nov 2026, in 3 days. It is not paid until you pay it in A2A Wallet.',
    ]);
    expect(JSON.stringify(notices)).not.toMatch(/Björn|25[.,]?000/);
  });

  it('never pays: no payment is sent, whatever the days and reminders', async () => {
    await open();
    await saveRent({ kind: 'weekly', weekday: 3, start: '2026-11-22' }, 7);
    await saveRent({ kind: 'monthly', day: 1, start: '2026-11-22' }, 3);
    for (const date of ['2026-11-23', '2026-11-25', '2026-11-29', '2026-12-01', '2026-12-08']) await dayOf(date);
    expect(reminders().length).toBeGreaterThan(0);
    expect(posts()).toEqual([]);
    expect((await fixture.value('historyPage', {})).items).toEqual([]);
  });
});
