import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LockStatus } from '../../../common/lock.ts';
import { FREE_TRIES, passcodeProblem, TRIES_BEFORE_WIPE } from '../../../common/passcode-rules.ts';
import { LockService, type LockServiceOptions } from '../../../main/lock/lock-service.ts';
import { FAST_TEST_KDF } from '../../../main/lock/passcode.ts';
import { LONGEST_WAIT_MS, TRIES_WHEN_UNKNOWN, waitAfter } from '../../../main/lock/wrong-tries.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import type { PasscodeKeyEvent } from '../../../main/secrets/wallet-secrets.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { rejectionOf } from '../../helpers/rejection.ts';

const PASSCODE = '482916';
const MINUTE = 60_000;

let now: number;
let store: MemoryStore;
let wipes: number;
let changes: LockStatus[];
let keys: PasscodeKeyEvent[];

beforeEach(() => {
  now = Date.parse('2026-11-22T12:00:00Z');
  store = new MemoryStore();
  wipes = 0;
  changes = [];
  keys = [];
});

function service(options: Partial<LockServiceOptions> = {}): LockService {
  return new LockService({
    store,
    clock: { now: () => now },
    // Time passes as `now` moves: the tests of a clock moved by hand give their own (test/adversarial/lock-tries.test.ts).
    monotonicMs: () => now,
    locale: () => 'en',
    required: false,
    kdf: FAST_TEST_KDF,
    wipeSignIns: () => void (wipes += 1),
    onKey: (event) => void keys.push(event),
    onChange: (status) => void changes.push(status),
    ...options,
  });
}

/** A service with the passcode set, as the app finds it at its next start: locked. */
async function withPasscode(options: Partial<LockServiceOptions> = {}): Promise<LockService> {
  await service(options).setPasscode(PASSCODE, undefined);
  return service(options);
}

const codeOf = async (promise: Promise<unknown>) => (await rejectionOf(promise, WalletError)).code;

describe('the passcode', () => {
  it('is 6 or more digits, or a passphrase of 8 or more characters', () => {
    expect(passcodeProblem('12345')).toBe('digitsTooFew');
    expect(passcodeProblem('482916')).toBeUndefined();
    expect(passcodeProblem('hestur1')).toBe('tooShort');
    expect(passcodeProblem('hestur á túni')).toBeUndefined();
    expect(passcodeProblem('x'.repeat(201))).toBe('tooLong');
  });

  it('where it guards the data key, is measured by the strength estimator before anything is derived', async () => {
    const lock = service({ passphraseRequired: () => true, knownKennitolur: () => ['1203852089'] });
    for (const [next, code] of [
      ['password12345678', 'PASSPHRASE_COMMON'],
      ['reykjavik2026!!!', 'PASSPHRASE_NAME_OR_DATE'],
      ['hestur1203852089!', 'PASSPHRASE_OWN_DETAILS'],
    ]) {
      expect(await codeOf(lock.setPasscode(next ?? '', undefined)), next).toBe(code);
    }
    expect(keys).toEqual([]);
    expect(store.data.get('lock.passcode')).toBeUndefined();
    expect(await lock.setPasscode('hestur kaffi gluggi sumar', undefined)).toMatchObject({ passcodeSet: true });
    // Where a keychain guards it, the estimator is not asked: 6 digits still do (the person at the keyboard).
    store = new MemoryStore();
    expect(await service().setPasscode(PASSCODE, undefined)).toMatchObject({ passcodeSet: true });
  });

  it('is stored only as scrypt’s salt, cost and check: never the passcode', async () => {
    const lock = service();
    await lock.setPasscode(PASSCODE, undefined);
    const stored = JSON.stringify(store.data.get('lock.passcode'));
    expect(stored).not.toContain(PASSCODE);
    expect(Object.keys(store.data.get('lock.passcode') as object).sort()).toEqual([
      'N',
      'check',
      'p',
      'r',
      'salt',
      'v',
    ]);
  });

  it('without one, the app is never locked and a payment needs nothing more', () => {
    const lock = service();
    expect(lock.status()).toMatchObject({ passcodeSet: false, locked: false });
    lock.lock('manual');
    now += 60 * MINUTE;
    lock.checkIdle();
    expect(lock.locked).toBe(false);
    expect(() => lock.takePresence('p1')).not.toThrow();
  });

  it('locks the app at its next start, and opens it with the right passcode only', async () => {
    const lock = await withPasscode();
    expect(lock.status()).toMatchObject({ passcodeSet: true, locked: true, reason: 'start' });
    expect(() => lock.assertUnlocked()).toThrow(expect.objectContaining({ code: 'LOCKED' }));
    expect(await codeOf(lock.unlock('482917'))).toBe('WRONG_PASSCODE');
    expect(lock.locked).toBe(true);
    expect((await lock.unlock(PASSCODE)).locked).toBe(false);
    // The passcode's key reached the vault each time it was known: staged, then stored, when set; opened at unlock.
    expect(keys.map((event) => event.kind)).toEqual(['staged', 'opened', 'opened']);
    const [staged, stored, unlocked] = keys.map((event) => ('key' in event ? event.key : undefined));
    expect(staged?.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(unlocked?.equals(stored ?? Buffer.alloc(0))).toBe(true);
  });

  it('is changed only with the one in use, and never to a weak one', async () => {
    const lock = service();
    await lock.setPasscode(PASSCODE, undefined);
    expect(await codeOf(lock.setPasscode('135792', undefined))).toBe('WRONG_PASSCODE');
    expect(await codeOf(lock.setPasscode('135792', '000000'))).toBe('WRONG_PASSCODE');
    expect(await codeOf(lock.setPasscode('1357', PASSCODE))).toBe('PASSCODE_WEAK');
    await lock.setPasscode('135792', PASSCODE);
    const next = service();
    expect(await codeOf(next.unlock(PASSCODE))).toBe('WRONG_PASSCODE');
    expect((await next.unlock('135792')).locked).toBe(false);
  });

  it('cannot be removed where the vendor requires one, and the app waits locked for one to be set', async () => {
    const lock = service({ required: true });
    expect(lock.status()).toMatchObject({ passcodeSet: false, locked: true, reason: 'setup' });
    expect(() => lock.assertUnlocked()).toThrow(expect.objectContaining({ code: 'LOCKED' }));
    await lock.setPasscode(PASSCODE, undefined);
    expect(lock.locked).toBe(false);
    expect(await codeOf(lock.removePasscode(PASSCODE))).toBe('PASSCODE_REQUIRED');
  });

  it('is not set, or changed, from a locked app', async () => {
    const lock = await withPasscode();
    expect(await codeOf(lock.setPasscode('135792', PASSCODE))).toBe('LOCKED');
    expect(await codeOf(lock.removePasscode(PASSCODE))).toBe('LOCKED');
    expect(() => lock.setIdleMinutes).not.toThrow();
  });
});

describe('locking', () => {
  it('locks after the chosen minutes without use, counted from the last call', async () => {
    const lock = await withPasscode();
    await lock.unlock(PASSCODE);
    now += 4 * MINUTE;
    lock.used();
    now += 5 * MINUTE - 1;
    lock.checkIdle();
    expect(lock.locked).toBe(false);
    now += 1;
    lock.checkIdle();
    expect(lock.status()).toMatchObject({ locked: true, reason: 'idle' });
    expect(changes.at(-1)).toMatchObject({ locked: true, reason: 'idle' });
  });

  it('follows the OS’s idle time where the host can tell, and the customer’s choice of minutes', async () => {
    let osIdle = 1000;
    const lock = await withPasscode({ idleMs: () => osIdle });
    await lock.unlock(PASSCODE);
    lock.setIdleMinutes(15);
    // Nothing was done in the window for an hour, but someone is typing in another one: not idle.
    now += 60 * MINUTE;
    lock.checkIdle();
    expect(lock.locked).toBe(false);
    osIdle = 15 * MINUTE - 1;
    lock.checkIdle();
    expect(lock.locked).toBe(false);
    osIdle = 15 * MINUTE;
    lock.checkIdle();
    expect(lock.status()).toMatchObject({ locked: true, reason: 'idle', idleMinutes: 15 });
  });

  it('locks on demand, and when the computer locks or sleeps', async () => {
    const lock = await withPasscode();
    await lock.unlock(PASSCODE);
    expect(lock.lock('system')).toMatchObject({ locked: true, reason: 'system' });
    await lock.unlock(PASSCODE);
    expect(lock.lock('manual')).toMatchObject({ locked: true, reason: 'manual' });
  });
});

describe('wrong passcodes', () => {
  it('wait 30 s after the third, growing to an hour at the ninth, then doubling past the wipe up to a day', () => {
    const seconds = Array.from({ length: 16 }, (_, wrong) => waitAfter(wrong) / 1000);
    expect(seconds).toEqual([0, 0, 0, 30, 60, 120, 300, 900, 1800, 3600, 7200, 14400, 28800, 57600, 86400, 86400]);
    expect(waitAfter(1e9)).toBe(LONGEST_WAIT_MS);
    // A record that cannot be believed counts as the fewest tries that wait the longest.
    expect(TRIES_WHEN_UNKNOWN).toBe(14);
    expect(waitAfter(TRIES_WHEN_UNKNOWN - 1)).toBeLessThan(LONGEST_WAIT_MS);
  });

  it('are kept as a record of none while a passcode is set, never deleted; removed with the passcode', async () => {
    const lock = service();
    await lock.setPasscode(PASSCODE, undefined);
    expect(store.data.get('lock.tries')).toEqual({ wrong: 0, lastAt: 0, wiped: false });
    expect(store.data.get('lock.passcode')).toMatchObject({ v: 2 });
    lock.lock('manual');
    expect(await codeOf(lock.unlock('000000'))).toBe('WRONG_PASSCODE');
    await lock.unlock(PASSCODE);
    expect(store.data.get('lock.tries')).toEqual({ wrong: 0, lastAt: 0, wiped: false });
    await lock.removePasscode(PASSCODE);
    expect(store.data.has('lock.tries')).toBe(false);
  });

  it('a wait is measured on the monotonic clock too: the app’s clock moved forward does not end it', async () => {
    let steady = 0;
    const lock = await withPasscode({ monotonicMs: () => steady });
    for (let n = 0; n < FREE_TRIES; n += 1) await rejectionOf(lock.unlock('000000'), WalletError);
    now += 60 * MINUTE;
    expect(lock.status().waitUntil).toBe(now + 30_000);
    expect(await codeOf(lock.unlock(PASSCODE))).toBe('PASSCODE_WAIT');
    steady += 30_000;
    expect(lock.status().waitUntil).toBeUndefined();
    expect((await lock.unlock(PASSCODE)).locked).toBe(false);
  });

  it('wait after the free tries, growing; the right passcode during a wait is refused too', async () => {
    const lock = await withPasscode();
    for (let n = 0; n < FREE_TRIES; n += 1) expect(await codeOf(lock.unlock('000000'))).toBe('WRONG_PASSCODE');
    expect(lock.status().waitUntil).toBe(now + 30_000);
    expect(await codeOf(lock.unlock(PASSCODE))).toBe('PASSCODE_WAIT');
    now += 30_000 - 1;
    expect(await codeOf(lock.unlock(PASSCODE))).toBe('PASSCODE_WAIT');
    now += 1;
    expect(await codeOf(lock.unlock('000000'))).toBe('WRONG_PASSCODE');
    expect(lock.status()).toMatchObject({ wrongTries: 4, waitUntil: now + 60_000 });
    now += 60_000;
    expect((await lock.unlock(PASSCODE)).locked).toBe(false);
    // The right one starts the count again.
    expect(lock.status()).toMatchObject({ wrongTries: 0 });
    expect(lock.status().waitUntil).toBeUndefined();
  });

  it('are counted on disk: a restart neither forgets them nor ends the wait', async () => {
    const lock = await withPasscode();
    for (let n = 0; n < FREE_TRIES; n += 1) await rejectionOf(lock.unlock('000000'), WalletError);
    const restarted = service();
    expect(restarted.status()).toMatchObject({ wrongTries: FREE_TRIES, waitUntil: now + 30_000 });
    expect(await codeOf(restarted.unlock(PASSCODE))).toBe('PASSCODE_WAIT');
  });

  it('sent all at once by a renderer, each still counts, and none gets past the wait', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: FREE_TRIES + 1, max: 12 }), async (parallel) => {
        store = new MemoryStore();
        wipes = 0;
        const lock = await withPasscode();
        const codes = await Promise.all(Array.from({ length: parallel }, () => codeOf(lock.unlock('000000'))));
        expect(codes.filter((code) => code === 'WRONG_PASSCODE')).toHaveLength(FREE_TRIES);
        expect(codes.filter((code) => code === 'PASSCODE_WAIT')).toHaveLength(parallel - FREE_TRIES);
        expect(lock.status().wrongTries).toBe(FREE_TRIES);
      }),
      { numRuns: 5 },
    );
  });

  it('end every sign-in at the tenth, once; history is not touched; the right passcode still opens', async () => {
    const lock = await withPasscode();
    for (let n = 1; n <= TRIES_BEFORE_WIPE + 1; n += 1) {
      now += waitAfter(n - 1);
      const code = await codeOf(lock.unlock('000000'));
      expect(code).toBe(n === TRIES_BEFORE_WIPE ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE');
      expect(wipes).toBe(n >= TRIES_BEFORE_WIPE ? 1 : 0);
    }
    expect(lock.status()).toMatchObject({ signInsWiped: true, wrongTries: TRIES_BEFORE_WIPE + 1 });
    // The waits go on growing past the wipe: 2 hours after the 10th, 4 after the 11th.
    expect(lock.status().waitUntil).toBe(now + 4 * 3_600_000);
    now += 4 * 3_600_000;
    expect((await lock.unlock(PASSCODE)).locked).toBe(false);
  });

  it('a damaged passcode record keeps the app locked; forgetting it ends the sign-ins and opens it', async () => {
    await service().setPasscode(PASSCODE, undefined);
    store.set('lock.passcode', { v: 1, salt: 'AAAA', N: 3, r: 8, p: 1, check: 'x' });
    const lock = service();
    expect(lock.status()).toMatchObject({ passcodeSet: true, locked: true });
    expect(await codeOf(lock.unlock(PASSCODE))).toBe('PASSCODE_DAMAGED');
    expect(await lock.forgetPasscode()).toMatchObject({ passcodeSet: false, locked: false });
    expect(wipes).toBe(1);
    expect(keys.at(-1)).toEqual({ kind: 'forgotten' });
  });
});

describe('presence before paying', () => {
  it('a passcode entered within the minute counts; after it, the passcode is asked again', async () => {
    const lock = await withPasscode();
    await lock.unlock(PASSCODE);
    now += 60_000;
    expect(() => lock.takePresence('p1')).not.toThrow();
    now += 1;
    expect(() => lock.takePresence('p2')).toThrow(expect.objectContaining({ code: 'PRESENCE_REQUIRED' }));
    expect(await codeOf(lock.confirmPresence('000000'))).toBe('WRONG_PASSCODE');
    await lock.confirmPresence(PASSCODE);
    expect(() => lock.takePresence('p2')).not.toThrow();
  });

  it('where the vendor asks for every payment, one entry sends one payment (and that one again)', async () => {
    const lock = await withPasscode({ presenceSeconds: 0 });
    await lock.unlock(PASSCODE);
    expect(() => lock.takePresence('p1')).not.toThrow();
    expect(() => lock.takePresence('p1')).not.toThrow();
    expect(() => lock.takePresence('p2')).toThrow(expect.objectContaining({ code: 'PRESENCE_REQUIRED' }));
    await lock.confirmPresence(PASSCODE);
    expect(() => lock.takePresence('p2')).not.toThrow();
    expect(() => lock.takePresence('p1')).toThrow(expect.objectContaining({ code: 'PRESENCE_REQUIRED' }));
  });

  it('a lock drops the presence', async () => {
    const lock = await withPasscode();
    await lock.unlock(PASSCODE);
    lock.lock('manual');
    await lock.unlock(PASSCODE);
    lock.lock('system');
    expect(() => lock.takePresence('p1')).toThrow(expect.objectContaining({ code: 'LOCKED' }));
  });
});
