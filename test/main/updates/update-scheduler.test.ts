import { describe, expect, it } from 'vitest';
import {
  CHECK_EVERY_MS,
  createUpdateScheduler,
  WAKE_EVERY_MS,
  type RestartAnswer,
  type UpdateClient,
} from '../../../main/updates/update-scheduler.ts';

/** A feed, a clock and a timer the test moves by hand: no sleeping. */
function setup(options: { answers?: RestartAnswer[] } = {}) {
  let now = Date.UTC(2026, 10, 22, 9);
  const ticks: { ms: number; tick: () => void; cancelled: boolean }[] = [];
  const feed: { next: () => Promise<string | undefined> } = { next: () => Promise.resolve(undefined) };
  const calls = { checks: 0, installs: 0, asked: [] as string[] };
  const answers = [...(options.answers ?? [])];
  const client: UpdateClient = {
    checkAndDownload() {
      calls.checks += 1;
      return feed.next();
    },
    install() {
      calls.installs += 1;
    },
  };
  const scheduler = createUpdateScheduler({
    client,
    clock: { now: () => now },
    timer: {
      every(ms, tick) {
        const entry = { ms, tick, cancelled: false };
        ticks.push(entry);
        return () => {
          entry.cancelled = true;
        };
      },
    },
    ask: (version) => {
      calls.asked.push(version);
      return Promise.resolve(answers.shift() ?? 'later');
    },
  });
  /** Moves the clock on and fires the timer once, as an hourly wake-up would. */
  async function advance(ms: number) {
    now += ms;
    for (const entry of ticks) if (!entry.cancelled) entry.tick();
    await scheduler.idle();
  }
  return { scheduler, feed, calls, ticks, advance };
}

describe('update scheduler', () => {
  it('checks at start, then not again until a day has passed', async () => {
    const { scheduler, calls, ticks, advance } = setup();
    scheduler.start();
    await scheduler.idle();
    expect(calls.checks).toBe(1);
    expect(ticks.map((entry) => entry.ms)).toEqual([WAKE_EVERY_MS]);

    for (let hour = 1; hour < 24; hour += 1) await advance(WAKE_EVERY_MS);
    expect(calls.checks).toBe(1);
    await advance(WAKE_EVERY_MS);
    expect(calls.checks).toBe(2);
  });

  it('catches up at the first wake-up after a machine slept through the day', async () => {
    const { scheduler, calls, advance } = setup();
    scheduler.start();
    await scheduler.idle();
    await advance(3 * CHECK_EVERY_MS);
    expect(calls.checks).toBe(2);
  });

  it('tries again within the hour when a check fails, then keeps the daily rhythm', async () => {
    const { scheduler, feed, calls, advance } = setup();
    feed.next = () => Promise.reject(new Error('offline'));
    scheduler.start();
    await scheduler.idle();
    expect(calls.checks).toBe(1);
    await advance(WAKE_EVERY_MS);
    expect(calls.checks).toBe(2);
    feed.next = () => Promise.resolve(undefined);
    await advance(WAKE_EVERY_MS);
    expect(calls.checks).toBe(3);
    await advance(WAKE_EVERY_MS);
    expect(calls.checks).toBe(3);
  });

  it('asks before restarting and installs only on yes', async () => {
    const { scheduler, feed, calls } = setup({ answers: ['restart'] });
    feed.next = () => Promise.resolve('1.2.0');
    scheduler.start();
    await scheduler.idle();
    expect(calls.asked).toEqual(['1.2.0']);
    expect(calls.installs).toBe(1);
  });

  it('does not ask again about a version the customer put off, but does about a newer one', async () => {
    const { scheduler, feed, calls, advance } = setup({ answers: ['later', 'later'] });
    feed.next = () => Promise.resolve('1.2.0');
    scheduler.start();
    await scheduler.idle();
    await advance(CHECK_EVERY_MS);
    expect(calls.checks).toBe(2);
    expect(calls.asked).toEqual(['1.2.0']);
    feed.next = () => Promise.resolve('1.3.0');
    await advance(CHECK_EVERY_MS);
    expect(calls.asked).toEqual(['1.2.0', '1.3.0']);
    expect(calls.installs).toBe(0);
  });

  it('runs one check at a time: a wake-up during a slow download does not start another', async () => {
    const { scheduler, feed, calls, ticks } = setup();
    let finish: (version: string | undefined) => void = () => {};
    feed.next = () => new Promise((resolve) => (finish = resolve));
    scheduler.start();
    ticks[0]?.tick();
    ticks[0]?.tick();
    expect(calls.checks).toBe(1);
    finish(undefined);
    await scheduler.idle();
  });

  it('checks again when the clock was set back by more than a day', async () => {
    const { scheduler, calls, advance } = setup();
    scheduler.start();
    await scheduler.idle();
    await advance(-2 * CHECK_EVERY_MS);
    expect(calls.checks).toBe(2);
  });

  it('stops waking up when stopped, and starting twice sets one timer', async () => {
    const { scheduler, calls, ticks, advance } = setup();
    scheduler.start();
    scheduler.start();
    await scheduler.idle();
    expect(ticks).toHaveLength(1);
    scheduler.stop();
    await advance(2 * CHECK_EVERY_MS);
    expect(calls.checks).toBe(1);
  });
});
