import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../common/bridge-contract.ts';
import type { WalletEvent } from '../../../main/wallet.ts';
import { notifiedWallet, type Shown } from '../../support/notified-wallet.ts';
import { CUSTOMERS, draftFrom, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Payments that come due (issue 29) through the real core and the local sandbox, over the bridge as over IPC: the
 * clock moved over months (the 31st in February, a leap year), paying and skipping, a second press, a renderer asking
 * what the UI never would, a second customer, notifications. Nothing is ever paid without confirmPayment.
 */
let fixture: InProcessWallet;
let notices: Shown[];
let events: WalletEvent[];
afterEach(() => fixture.close());

async function open(): Promise<void> {
  ({ fixture, notices, events } = await notifiedWallet());
}

/** Moves main's clock to noon GMT of `date`, and signs in again where the 90 days have passed. */
async function moveTo(date: string): Promise<void> {
  fixture.sandbox.clock.set(`${date}T12:00:00.000Z`);
  await fixture.wallet.idle();
  if (!(await fixture.value('sessionStatus')).signedIn) await fixture.value('signIn');
}

const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });
const monthly31 = { kind: 'monthly', day: 31, start: '2026-11-23' } as const;

async function saveRent(schedule: RequestOf<'saveDue'>['schedule'] = monthly31) {
  const saved = await fixture.value('saveDue', { draft: rent, schedule });
  expect(saved.errors).toBeUndefined();
  expect(saved.scheduleErrors).toBeUndefined();
  return saved.id ?? '';
}

async function payNow(id: string, date: string) {
  const confirmed = await fixture.value('confirmPayment', { draft: rent, due: { id, date } });
  return fixture.value('submitPayment', { id: confirmed.id });
}

const history = async () => (await fixture.value('historyPage', {})).items;

describe('payments that come due, through the core', () => {
  it('a repeat on the 31st: short months on their last day, overdue after a closed app, paid only when the customer pays', async () => {
    await open();
    const id = await saveRent();
    let list = await fixture.value('listDue');
    expect(list.today).toBe('2026-11-22');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id, next: '2026-11-30', open: '2026-11-30', overdue: [], underWay: false });
    expect(list.items[0]?.nextDates).toEqual(['2026-11-30', '2026-12-31', '2027-01-31']);
    expect(list.items[0]?.order).toMatchObject({ amount: 25_000, payeeName: CUSTOMERS.bjorn.name });

    // The app is not opened for three months: the 30th, the 31st and the 31st pass, and 28 February comes.
    await moveTo('2027-02-28');
    list = await fixture.value('listDue');
    expect(list.items[0]).toMatchObject({
      overdue: ['2026-11-30', '2026-12-31', '2027-01-31'],
      dueToday: '2027-02-28',
      next: '2027-03-31',
      open: '2026-11-30',
    });
    // Nothing was sent by itself.
    expect(await history()).toEqual([]);

    // The customer pays the oldest: under way until the bank takes it, then handled.
    const paid = await payNow(id, '2026-11-30');
    expect(['accepted', 'settled']).toContain(paid.state);
    list = await fixture.value('listDue');
    expect(list.items[0]).toMatchObject({ lastHandled: '2026-11-30', overdue: ['2026-12-31', '2027-01-31'] });
    expect(list.items[0]?.paying).toBeUndefined();

    // Skipping the latest overdue one skips every one before it; today's stays.
    list = await fixture.value('skipDue', { id, date: '2027-01-31' });
    expect(list.items[0]).toMatchObject({ lastHandled: '2027-01-31', overdue: [], dueToday: '2027-02-28' });
    expect(await history()).toHaveLength(1);
  });

  it('a leap year: a repeat on the 29th is due on 29 February 2028 and 28 February 2027', async () => {
    await open();
    await saveRent({ kind: 'monthly', day: 29, start: '2027-01-01', until: '2028-03-31' });
    await moveTo('2027-02-27');
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ next: '2027-02-28' });
    await moveTo('2028-02-28');
    const item = (await fixture.value('listDue')).items[0];
    expect(item?.next).toBe('2028-02-29');
    expect(item?.nextDates).toEqual(['2028-02-29', '2028-03-29']);
  });

  it('a once payment paid ends and leaves the list; stop takes a repeat off it', async () => {
    await open();
    const once = await saveRent({ kind: 'once', date: '2026-11-22' });
    const weekly = await saveRent({ kind: 'weekly', weekday: 5, start: '2026-11-22', times: 4 });
    let list = await fixture.value('listDue');
    // Waiting today first.
    expect(list.items.map((item) => item.id)).toEqual([once, weekly]);
    await payNow(once, '2026-11-22');
    list = await fixture.value('stopDue', { id: weekly });
    expect(list.items).toEqual([]);
  });

  it('a change is checked as a new one, and keeps what was handled', async () => {
    await open();
    const id = await saveRent({ kind: 'weekly', weekday: 7, start: '2026-11-22' });
    await payNow(id, '2026-11-22');
    const changed = await fixture.value('saveDue', {
      id,
      draft: { ...rent, amount: '30000' },
      schedule: { kind: 'weekly', weekday: 7, start: '2026-11-22', times: 10 },
    });
    expect(changed.id).toBe(id);
    expect(changed.list.items[0]).toMatchObject({ lastHandled: '2026-11-22', next: '2026-11-29' });
    expect(changed.list.items[0]?.order.amount).toBe(30_000);
    expect(changed.list.items[0]?.dueToday).toBeUndefined();
  });

  it('errors by field, nothing saved: a date in the past, until before start, a bad account, an amount of 0', async () => {
    await open();
    const saved = await fixture.value('saveDue', {
      draft: { ...rent, depositAccount: '12', amount: '0' },
      schedule: { kind: 'monthly', day: 1, start: '2026-11-21', until: '2026-11-01' },
    });
    expect(saved.id).toBeUndefined();
    expect(saved.scheduleErrors).toMatchObject({ start: 'in_the_past', until: 'until_before_start' });
    expect(saved.errors).toMatchObject({ depositAccount: 'account_format' });
    expect(saved.errors?.amount).toBeDefined();
    expect((await fixture.value('listDue')).items).toEqual([]);
    // A payment over what is left today is fine to schedule: it is paid on its day.
    await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 190_000, { endToEndId: 'Bíll' }) });
    expect((await fixture.value('saveDue', { draft: rent, schedule: monthly31 })).errors).toBeUndefined();
  });
});

describe('never paid twice', () => {
  it('two presses of pay now at once: one payment, the other refused as under way', async () => {
    await open();
    const id = await saveRent({ kind: 'once', date: '2026-11-22' });
    const [first, second] = await Promise.all([
      fixture.call('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } }),
      fixture.call('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } }),
    ]);
    const results = [first, second];
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ error: { code: 'DUE_UNDER_WAY' } });
    // Once confirmed, under way: no second payment for it, no skip, no change, no stop, until its outcome is known.
    const list = await fixture.value('listDue');
    expect(list.items[0]).toMatchObject({ underWay: true, overLimit: false });
    for (const [channel, request] of [
      ['confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } }],
      ['skipDue', { id, date: '2026-11-22' }],
      ['stopDue', { id }],
      ['saveDue', { id, draft: rent, schedule: { kind: 'once', date: '2026-11-23' } }],
    ] as const) {
      expect(await fixture.dispatch(channel, request)).toMatchObject({ ok: false, error: { code: 'DUE_UNDER_WAY' } });
    }
    expect(await history()).toHaveLength(1);
  });

  it('a payment dropped before it was sent frees its occurrence again', async () => {
    await open();
    const id = await saveRent({ kind: 'once', date: '2026-11-22' });
    const confirmed = await fixture.value('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } });
    await fixture.value('dropPayment', { id: confirmed.id });
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ underWay: false, dueToday: '2026-11-22' });
  });

  it('a payment whose outcome is unknown keeps it under way, not paid and not open', async () => {
    await open();
    const id = await saveRent({ kind: 'once', date: '2026-11-22' });
    fixture.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
    expect((await payNow(id, '2026-11-22')).state).toBe('unknown');
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ underWay: true, dueToday: '2026-11-22' });
  });

  it('a confirmation that fails (the duplicate not acknowledged) leaves the occurrence open', async () => {
    await open();
    const id = await saveRent({ kind: 'once', date: '2026-11-22' });
    await fixture.value('submitPayment', { id: (await fixture.value('confirmPayment', { draft: rent })).id });
    const refused = await fixture.call('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NOT_ACKNOWLEDGED' } });
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ underWay: false, open: '2026-11-22' });
  });
});

describe('what the UI never sends', () => {
  it('another payee, a date not open, an id unknown, a date that is not one: refused, nothing paid or moved', async () => {
    await open();
    const id = await saveRent({ kind: 'weekly', weekday: 1, start: '2026-11-23' });
    const cases = [
      [
        'confirmPayment',
        {
          draft: draftFrom('anna', 'bjorn', 25_000, { depositAccount: '0133-26-020002' }),
          due: { id, date: '2026-11-23' },
        },
        'DUE_OTHER_PAYEE',
      ],
      ['confirmPayment', { draft: rent, due: { id, date: '2026-11-30' } }, 'DUE_NOT_OPEN'],
      ['skipDue', { id, date: '2026-12-07' }, 'DUE_NOT_OPEN'],
      ['skipDue', { id, date: '2026-11-24' }, 'DUE_NOT_OPEN'],
      ['skipDue', { id: 'nobody', date: '2026-11-23' }, 'DUE_NOT_FOUND'],
      ['stopDue', { id: 'nobody' }, 'DUE_NOT_FOUND'],
      ['saveDue', { id: 'nobody', draft: rent, schedule: monthly31 }, 'DUE_NOT_FOUND'],
    ] as const;
    for (const [channel, request, code] of cases) {
      expect(await fixture.dispatch(channel, request), `${channel} ${JSON.stringify(request)}`).toMatchObject({
        ok: false,
        error: { code },
      });
    }
    for (const request of [
      { id, date: '2026-02-30' },
      { id, date: '2026-11-23', extra: 1 },
    ]) {
      expect(await fixture.dispatch('skipDue', request)).toMatchObject({ ok: false });
    }
    expect(
      await fixture.dispatch('saveDue', { draft: rent, schedule: { kind: 'weekly', weekday: 8, start: '2026-11-23' } }),
    ).toMatchObject({ ok: false });
    expect(await history()).toEqual([]);
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ open: '2026-11-23' });
    expect((await fixture.value('listDue')).items[0]?.lastHandled).toBeUndefined();
  });

  it('at most 100 payments that come due', async () => {
    await open();
    for (let n = 0; n < 100; n += 1) await saveRent({ kind: 'once', date: '2026-12-01' });
    expect(await fixture.call('saveDue', { draft: rent, schedule: monthly31 })).toMatchObject({
      ok: false,
      error: { code: 'DUE_TOO_MANY' },
    });
  });
});

describe('whose they are', () => {
  it('another customer in the same profile never sees them; a restart reads them back; the disk shows no payee', async () => {
    await open();
    await saveRent();
    await fixture.value('signOut');
    fixture.as('bjorn');
    await fixture.value('signIn');
    expect((await fixture.value('listDue')).items).toEqual([]);
    await fixture.value('signOut');
    fixture.as('anna');
    await fixture.value('signIn');
    await fixture.restart();
    expect((await fixture.value('listDue')).items).toHaveLength(1);
    for (const name of readdirSync(fixture.dataDir, { recursive: true, encoding: 'utf8' })) {
      let text: string;
      try {
        text = readFileSync(join(fixture.dataDir, name), 'latin1');
      } catch {
        continue;
      }
      expect(text, name).not.toMatch(/Björn|Bj\\u00f6rn|Leiga|0507922189|020001/);
    }
  });

  it('nobody signed in: refused', async () => {
    await open();
    await fixture.value('signOut');
    expect(await fixture.call('listDue')).toMatchObject({ ok: false });
  });
});

describe('over the limit and notifications', () => {
  it('a repeat that would cross what is left today says so on the list', async () => {
    await open();
    const id = await saveRent({ kind: 'weekly', weekday: 7, start: '2026-11-22' });
    expect((await fixture.value('listDue')).items[0]?.overLimit).toBe(false);
    await fixture.value('submitPayment', {
      id: (
        await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 180_000, { endToEndId: 'Bíll' }) })
      ).id,
    });
    const list = await fixture.value('listDue');
    expect(list.remainingToday).toBe(20_000);
    expect(list.items[0]).toMatchObject({ id, overLimit: true });
    // Over the limit is still over it when paid: the normal path refuses it with the limit's message.
    expect(await fixture.call('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYMENT' },
    });
  });

  it('tells the window once when main’s day moves on, never while locked, and after an unlock on a new day', async () => {
    await open();
    const days = () => events.filter((event) => event.channel === 'dayChanged').length;
    fixture.sandbox.clock.set('2026-11-22T23:59:59.000Z');
    await fixture.wallet.idle();
    expect(days()).toBe(0);
    // Midnight GMT: once, however often the core ticks that day.
    fixture.sandbox.clock.set('2026-11-23T00:00:00.000Z');
    await fixture.wallet.idle();
    await fixture.wallet.tick();
    expect(days()).toBe(1);
    // Locked over the next midnight: nothing is said until the unlock, then once.
    await fixture.value('setPasscode', { next: 'kaffi með rjóma á morgnana' });
    await fixture.value('lockNow');
    fixture.sandbox.clock.set('2026-11-24T12:00:00.000Z');
    await fixture.wallet.idle();
    await fixture.wallet.tick();
    expect(days()).toBe(1);
    await fixture.value('unlock', { passcode: 'kaffi með rjóma á morgnana' });
    await fixture.wallet.tick();
    expect(days()).toBe(2);
    expect(events.find((event) => event.channel === 'dayChanged')?.payload).toEqual({});
  });

  it('one notification a day for those waiting, one a run for those overdue; generic unless details are allowed; a click opens the list', async () => {
    await open();
    await saveRent({ kind: 'weekly', weekday: 7, start: '2026-11-22' });
    await fixture.wallet.tick();
    expect(notices.map(({ notice }) => notice.title)).toEqual(['Payment due today']);
    expect(notices[0]?.notice.body).not.toMatch(/Björn|25/);
    await fixture.wallet.tick();
    expect(notices).toHaveLength(1);
    notices[0]?.click?.();
    expect(events.some((event) => event.channel === 'dueOpened')).toBe(true);

    // A restart the same day does not tell again; the next week, with details allowed, it names the payment.
    await fixture.restart();
    await fixture.wallet.tick();
    expect(notices).toHaveLength(1);
    await fixture.value('updateSettings', { notificationDetails: true });
    await moveTo('2026-11-29');
    await fixture.wallet.tick();
    expect(notices.map(({ notice }) => notice.title)).toEqual(['Payment due today', 'Payment due today']);
    expect(notices[1]?.notice.body).toMatch(/ISK\s25,000 to Björn Sigurðsson is due today/);

    // Two weeks on with the app open all along: one notification for the overdue ones, once this run. It names the
    // oldest date and does not say the app was closed: it was open (issue 42).
    await moveTo('2026-12-15');
    await fixture.wallet.tick();
    await fixture.wallet.tick();
    expect(notices.slice(2).map(({ notice }) => notice.title)).toEqual(['Payment overdue']);
    expect(notices.slice(2)[0]?.notice.body).toMatch(/ was due on 22 Nov 2026\. It was not paid/);
    expect(notices.slice(2)[0]?.notice.body).not.toMatch(/closed/);
    expect(await history()).toEqual([]);
  });

  it.each([
    [
      'en',
      /^A payment was due on 23 Nov 2026\. It was not paid/,
      /^A payment was due on 23 Nov 2026, while A2A Wallet was closed\. It was not paid/,
    ],
    [
      'is',
      /^Gjalddagi greiðslu var 23\. nóv\. 2026\. Hún var ekki greidd/,
      /^Greiðsla féll í gjalddaga 23\. nóv\. 2026 meðan A2A Wallet var lokað\. Hún var ekki greidd/,
    ],
  ] as const)('the overdue notice says the app was closed only when it was (%s)', async (language, opened, closed) => {
    await open();
    await fixture.value('updateSettings', { language });
    await saveRent({ kind: 'once', date: '2026-11-23' });
    // Open from the day before, through the due date, into the day after: overdue, and nothing said of a closed app.
    await fixture.wallet.tick();
    await moveTo('2026-11-23');
    await fixture.wallet.tick();
    await moveTo('2026-11-24');
    await fixture.wallet.tick();
    expect(notices.map(({ notice }) => notice.body)).toHaveLength(2);
    expect(notices[1]?.notice.body).toMatch(opened);
    expect(notices[1]?.notice.body).not.toMatch(/closed|lokað/);

    // Closed from the day before the due date until two days after it: the next run says so.
    await fixture.close();
    await open();
    await fixture.value('updateSettings', { language });
    await saveRent({ kind: 'once', date: '2026-11-23' });
    await fixture.restart();
    await moveTo('2026-11-25');
    await fixture.wallet.tick();
    expect(notices.map(({ notice }) => notice.body)).toHaveLength(1);
    expect(notices[0]?.notice.body).toMatch(closed);
  });
});
