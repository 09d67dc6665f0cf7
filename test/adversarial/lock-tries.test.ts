import { createHash, scrypt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_TRIES, TRIES_BEFORE_WIPE } from '../../common/passcode-rules.ts';
import { DAY_MS } from '../../common/time.ts';
import { LONGEST_WAIT_MS, TRIES_WHEN_UNKNOWN, waitAfter } from '../../main/lock/wrong-tries.ts';
import { inProcessWallet, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 26, findings 5 and 6, through the real core: a person at the keyboard of a locked app, who may also edit the
 * settings file while the app is closed and move the computer's clock, tries to get more guesses at the passcode than
 * the waits allow; and the idle lock must fire where the OS does not say how long nobody has typed, however often
 * the page polls main. The app's clock is the sandbox's (moved by hand here, as the person moves the computer's);
 * the lock's monotonic clock is this file's `steady`, which only the test's "time passing" moves.
 */
const PASSCODE = '482916';
const WRONG = '000000';

let core: InProcessWallet;
/** The monotonic clock: real time passing, which nobody at the keyboard can move. */
let steady = 0;
/** What the OS answers for its idle time (a function, so that it may throw). */
let osIdle: () => number = () => 0;
afterEach(() => core.close());

async function open(): Promise<InProcessWallet> {
  steady = 1_000_000;
  osIdle = () => 0;
  core = await inProcessWallet({ platform: { monotonicMs: () => steady, idleMs: () => osIdle() } });
  return core;
}

/** Time passes: both clocks move. */
function pass(ms: number): void {
  steady += ms;
  core.sandbox.clock.advanceSeconds(ms / 1000);
}

/** Anna signed in, a passcode set, and the app started again: locked, as the person at the keyboard finds it. */
async function lockedWithPasscode(): Promise<InProcessWallet> {
  await open();
  await core.value('signIn');
  await core.value('setPasscode', { next: PASSCODE });
  await core.restart();
  expect(await core.value('lockStatus')).toMatchObject({ locked: true, wrongTries: 0 });
  return core;
}

const settingsFile = () => join(core.dataDir, 'settings.json');
/** Closes the app, lets `edit` change the settings file as someone with the data folder would, and starts it again. */
async function editWhileClosed(edit: (settings: Record<string, unknown>) => void): Promise<void> {
  await core.wallet.close();
  const settings = JSON.parse(readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
  edit(settings);
  writeFileSync(settingsFile(), JSON.stringify(settings, null, 2));
  await core.restart();
}
const stored = (key: string): unknown => core.platform.store.get(key);

const unlockCode = async (passcode: string) => {
  const answer = await core.call('unlock', { passcode });
  return answer.ok ? 'UNLOCKED' : answer.error.code;
};
const waitLeft = async () =>
  ((await core.value('lockStatus')).waitUntil ?? core.sandbox.clock.now()) - core.sandbox.clock.now();

/** The record an app from before issue 26 wrote for the same passcode and salt: version 1, its check unbound. */
function versionOneOf(record: { salt: string; N: number; r: number; p: number }, passcode: string) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const { N, r, p } = record;
    scrypt(passcode.normalize('NFC'), Buffer.from(record.salt, 'base64'), 64, { N, r, p }, (error, derived) => {
      if (error) reject(error);
      else {
        const check = createHash('sha256').update(derived.subarray(0, 32)).digest('base64');
        resolve({ ...record, v: 1, check });
      }
    });
  });
}

describe('finding 5: the count of wrong passcodes cannot be reset', () => {
  it('a deleted tries record counts as many tries: the longest wait, and the next wrong passcode ends the sign-ins', async () => {
    await lockedWithPasscode();
    expect(await unlockCode(WRONG)).toBe('WRONG_PASSCODE');
    await editWhileClosed((settings) => delete settings['lock.tries']);
    expect(await core.value('lockStatus')).toMatchObject({
      locked: true,
      wrongTries: TRIES_WHEN_UNKNOWN,
      signInsWiped: false,
      waitUntil: core.sandbox.clock.now() + LONGEST_WAIT_MS,
    });
    expect(await unlockCode(PASSCODE)).toBe('PASSCODE_WAIT');
    // Written back at once: another restart neither forgets it nor starts the wait again.
    pass(60_000);
    await core.restart();
    expect(await waitLeft()).toBe(LONGEST_WAIT_MS - 60_000);
    pass(LONGEST_WAIT_MS);
    expect(await unlockCode(WRONG)).toBe('PASSCODE_WIPED');
    expect(await unlockCode(PASSCODE)).toBe('PASSCODE_WAIT');
    pass(waitAfter(TRIES_WHEN_UNKNOWN + 1));
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'passcode' });
    // The right passcode starts the count again, and keeps a record of it rather than deleting it.
    expect(stored('lock.tries')).toEqual({ wrong: 0, lastAt: 0, wiped: false });
  });

  it('a damaged tries record counts as many tries, whatever the damage', async () => {
    await lockedWithPasscode();
    const damages: unknown[] = [
      'garbage',
      null,
      {},
      { wrong: -5, lastAt: 0, wiped: false },
      { wrong: '0', lastAt: 0, wiped: false },
      { wrong: 0, lastAt: 0 },
      { wrong: 0, lastAt: 0, wiped: false, extra: 1 },
    ];
    for (const damage of damages) {
      await editWhileClosed((settings) => (settings['lock.tries'] = damage));
      const status = await core.value('lockStatus');
      expect(status, JSON.stringify(damage)).toMatchObject({ wrongTries: TRIES_WHEN_UNKNOWN });
      expect(await unlockCode(PASSCODE), JSON.stringify(damage)).toBe('PASSCODE_WAIT');
    }
  });

  it('a last try dated in the future is not believed: its count is, and the wait starts again now', async () => {
    await lockedWithPasscode();
    const now = core.sandbox.clock.now();
    await editWhileClosed((settings) => (settings['lock.tries'] = { wrong: 5, lastAt: now + DAY_MS, wiped: false }));
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 5, waitUntil: now + waitAfter(5) });
    expect(await unlockCode(PASSCODE)).toBe('PASSCODE_WAIT');
  });

  it('a clock corrected back a little after one typo costs the customer nothing (no day-long wait)', async () => {
    await lockedWithPasscode();
    expect(await unlockCode(WRONG)).toBe('WRONG_PASSCODE');
    await core.wallet.close();
    // The computer's clock ran 2 s fast and was corrected while the app was closed.
    core.sandbox.clock.set(core.sandbox.clock.now() - 2_000);
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 1 });
    expect((await core.value('lockStatus')).waitUntil).toBeUndefined();
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
  });

  it('moving the clock forward during a wait does not end it within the run', async () => {
    await lockedWithPasscode();
    for (let n = 0; n < FREE_TRIES; n += 1) expect(await unlockCode(WRONG)).toBe('WRONG_PASSCODE');
    expect(await waitLeft()).toBe(30_000);
    // The person at the keyboard sets the clock a day ahead; 29 seconds really pass.
    core.sandbox.clock.advanceSeconds(DAY_MS / 1000);
    pass(29_000);
    expect(await unlockCode(PASSCODE)).toBe('PASSCODE_WAIT');
    // The window is told the wait on the clock it shows: one second from now.
    expect(await waitLeft()).toBe(1_000);
    pass(1_000);
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
  });

  it('after the tenth, the waits keep growing, up to a day', async () => {
    await lockedWithPasscode();
    const waits: number[] = [];
    for (let n = 1; n <= TRIES_BEFORE_WIPE + 6; n += 1) {
      expect(await unlockCode(WRONG)).toBe(n === TRIES_BEFORE_WIPE ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE');
      waits.push(await waitLeft());
      pass(waits.at(-1) ?? 0);
    }
    const hour = 3_600_000;
    // The 9th waits an hour, the 10th (which ends the sign-ins) two, the 11th four, the 12th eight, ... then a day.
    expect(waits.slice(8)).toEqual([hour, 2 * hour, 4 * hour, 8 * hour, 16 * hour, DAY_MS, DAY_MS, DAY_MS]);
  });

  it('two wrong passcodes sent at once both count, on disk', async () => {
    await lockedWithPasscode();
    const answers = await Promise.all([unlockCode(WRONG), unlockCode(WRONG)]);
    expect(answers).toEqual(['WRONG_PASSCODE', 'WRONG_PASSCODE']);
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 2 });
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 2 });
  });

  it('a settings file that cannot be written checks no passcode at all, rather than answer without counting', async () => {
    await lockedWithPasscode();
    core.refuseWrites = true;
    for (const passcode of [WRONG, PASSCODE]) {
      expect(await core.call('unlock', { passcode })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    }
    core.refuseWrites = false;
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
  });
});

describe('finding 5: an install from before, upgraded', () => {
  /** A passcode as an app from before issue 26 left it: a version 1 record, and no tries record after a right entry. */
  async function legacyInstall(): Promise<Record<string, unknown>> {
    await lockedWithPasscode();
    const record = stored('lock.passcode') as { v: number; salt: string; N: number; r: number; p: number };
    expect(record.v).toBe(2);
    const old = await versionOneOf(record, PASSCODE);
    await editWhileClosed((settings) => {
      settings['lock.passcode'] = old;
      delete settings['lock.tries'];
    });
    return old;
  }

  it('is not punished at its first start, and from the first right passcode on a deleted record is', async () => {
    const old = await legacyInstall();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, wrongTries: 0 });
    expect(await core.value('lockStatus')).not.toHaveProperty('waitUntil');
    // The record is written at once, so that it is there from now on.
    expect(stored('lock.tries')).toEqual({ wrong: 0, lastAt: 0, wiped: false });
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
    // Upgraded in place: the same salt and cost (so the same key for the data key), a check bound to version 2.
    const upgraded = stored('lock.passcode') as Record<string, unknown>;
    expect(upgraded).toEqual({ ...old, v: 2, check: expect.any(String) });
    expect(upgraded['check']).not.toBe(old['check']);
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true });

    await editWhileClosed((settings) => delete settings['lock.tries']);
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: TRIES_WHEN_UNKNOWN });
    expect(await unlockCode(PASSCODE)).toBe('PASSCODE_WAIT');
  });

  it('keeps the count an older app wrote', async () => {
    await legacyInstall();
    const now = core.sandbox.clock.now();
    await editWhileClosed((settings) => (settings['lock.tries'] = { wrong: 4, lastAt: now, wiped: false }));
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 4, waitUntil: now + waitAfter(4) });
  });

  it('a version 2 record edited back to version 1 gains nothing: no passcode is right any more', async () => {
    await lockedWithPasscode();
    await editWhileClosed((settings) => {
      settings['lock.passcode'] = { ...(settings['lock.passcode'] as object), v: 1 };
      delete settings['lock.tries'];
    });
    expect(await core.value('lockStatus')).toMatchObject({ wrongTries: 0 });
    expect(await unlockCode(PASSCODE)).toBe('WRONG_PASSCODE');
  });
});

describe('finding 6: the idle lock where the OS says nothing', () => {
  /** Unlocked, idle after 2 minutes: the page then polls what it polls, every 5 seconds, until main says LOCKED. */
  async function pollUntilLocked(limitMs: number, act?: (elapsed: number) => Promise<void>): Promise<number> {
    let elapsed = 0;
    while (elapsed <= limitMs) {
      pass(5_000);
      elapsed += 5_000;
      await act?.(elapsed);
      for (const channel of ['sessionStatus', 'dailyLimit', 'lockStatus', 'listProfiles'] as const) {
        await core.call(channel);
      }
      await core.wallet.idle();
      if ((await core.value('lockStatus')).locked) return elapsed;
    }
    return Number.POSITIVE_INFINITY;
  }

  async function unlockedIdleAfterTwoMinutes(): Promise<void> {
    await lockedWithPasscode();
    expect(await unlockCode(PASSCODE)).toBe('UNLOCKED');
    await core.value('updateLockSettings', { idleMinutes: 2 });
  }

  const answers: [string, () => number][] = [
    ['0', () => 0],
    [
      'a throw',
      () => {
        throw new Error('powerMonitor is not available');
      },
    ],
    ['NaN', () => Number.NaN],
    ['Infinity', () => Number.POSITIVE_INFINITY],
    ['a negative number', () => -1],
  ];
  for (const [name, answer] of answers) {
    it(`locks after the chosen minutes while the page polls, when the OS answers ${name}`, async () => {
      await unlockedIdleAfterTwoMinutes();
      osIdle = answer;
      expect(await pollUntilLocked(10 * 60_000)).toBe(2 * 60_000);
      expect(await core.value('lockStatus')).toMatchObject({ locked: true, reason: 'idle' });
      expect(await core.call('sessionStatus')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    });
  }

  it('a real action in the window puts it off; nothing reported while locked', async () => {
    await unlockedIdleAfterTwoMinutes();
    const locked = await pollUntilLocked(10 * 60_000, async (elapsed) => {
      if (elapsed === 90_000) expect(await core.call('noteActivity')).toEqual({ ok: true, value: {} });
    });
    expect(locked).toBe(90_000 + 2 * 60_000);
    expect(await core.call('noteActivity')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
  });

  it('an OS answer smaller than the time since the last action wins: someone types in another window', async () => {
    await unlockedIdleAfterTwoMinutes();
    osIdle = () => 30_000;
    expect(await pollUntilLocked(10 * 60_000)).toBe(Number.POSITIVE_INFINITY);
    // They stop typing: the OS's idle time grows with the clock, and the app locks when it reaches 2 minutes.
    const stoppedAt = core.sandbox.clock.now();
    osIdle = () => core.sandbox.clock.now() - stoppedAt;
    expect(await pollUntilLocked(10 * 60_000)).toBe(2 * 60_000);
  });

  it('an OS answer larger than the time since the last action does not lock early', async () => {
    await unlockedIdleAfterTwoMinutes();
    osIdle = () => 60 * 60_000;
    expect(await pollUntilLocked(10 * 60_000)).toBe(2 * 60_000);
  });
});
