import { z } from 'zod';
import type { LockReason, LockStatus } from '../../common/lock.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Environment } from '../../common/profile.ts';
import {
  DEFAULT_IDLE_MINUTES,
  DEFAULT_PRESENCE_SECONDS,
  FREE_TRIES,
  IDLE_MINUTE_CHOICES,
  measuredPasscodeProblem,
  PASSCODE_PROBLEM_CODES,
  TRIES_BEFORE_WIPE,
  type PasscodeContext,
} from '../../common/passcode-rules.ts';
import { DAY_MS, type Clock } from '../../common/time.ts';
import type { PasscodeKeyEvent } from '../secrets/wallet-secrets.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import {
  newPasscode,
  openWithPasscode,
  PASSCODE_KDF,
  PasscodeRecordSchema,
  type KdfParams,
  type PasscodeRecord,
} from './passcode.ts';

const PASSCODE_KEY = 'lock.passcode';
const TRIES_KEY = 'lock.tries';
const IDLE_KEY = 'lock.idleMinutes';

/** The waits after the free tries: the 4th wrong passcode waits 30 s, ... the 9th an hour. */
const WAITS_MS = [30, 60, 120, 300, 900, 1800, 3600].map((seconds) => seconds * 1000);
/**
 * From the 10th on (the one that ends every sign-in) each wait doubles: 2, 4, 8, 16 hours, then a day for every
 * further try. Past the wipe the passcode still guards what stays on this computer (the history, and where there is
 * no keychain the data key), so guessing must not settle at 24 tries a day; a day, not a week, so that a customer who
 * has forgotten it for a while is not kept out longer than "Forgot your passcode?" takes.
 */
export const LONGEST_WAIT_MS = DAY_MS;

/** The wait before the next try after `wrong` wrong passcodes in a row. */
export function waitAfter(wrong: number): number {
  if (wrong < FREE_TRIES) return 0;
  const step = wrong - FREE_TRIES;
  const listed = WAITS_MS[step];
  if (listed !== undefined) return listed;
  const last = WAITS_MS[WAITS_MS.length - 1] ?? LONGEST_WAIT_MS;
  return Math.min(LONGEST_WAIT_MS, last * 2 ** (step - WAITS_MS.length + 1));
}

/**
 * What a tries record that cannot be believed counts as (missing where one must be, unreadable, or dated after now):
 * the fewest wrong tries that wait the longest, the last one made now, the sign-ins not yet ended (so the next wrong
 * passcode ends them). No deletion or damage of the record then leaves a guesser better off than the record did.
 */
export const TRIES_WHEN_UNKNOWN = ((): number => {
  let wrong = TRIES_BEFORE_WIPE;
  while (waitAfter(wrong) < LONGEST_WAIT_MS) wrong += 1;
  return wrong;
})();

const TriesSchema = z.strictObject({
  wrong: z.number().int().nonnegative(),
  lastAt: z.number().nonnegative(),
  wiped: z.boolean(),
});
type Tries = z.infer<typeof TriesSchema>;
const NO_TRIES: Tries = { wrong: 0, lastAt: 0, wiped: false };

export interface LockServiceOptions {
  store: KeyValueStore;
  clock: Clock;
  locale(): AppLocale;
  /** The vendor's build needs a passcode (`requirePasscode`). */
  required: boolean;
  /** How long a passcode entered counts for a payment, in seconds (0: every payment asks). */
  presenceSeconds?: number;
  /**
   * How long the OS has seen no input, where the host can tell (Electron's powerMonitor). 0, a value that is not a
   * finite number, or a throw is no answer (see `checkIdle`).
   */
  idleMs?(): number | undefined;
  /**
   * A time in ms that only time moves (never set by hand, never stepped by the system), for the waits after wrong
   * passcodes: `performance.now()` by default. The browser harness and tests pass their sandbox clock, which stands
   * for time itself there.
   */
  monotonicMs?(): number;
  /** The cost of deriving a passcode; tests and the harness make it cheap. */
  kdf?: KdfParams;
  /**
   * Every sign-in ends. `passcode`: ten wrong passcodes in a row; the app stays locked, so the history stays its
   * customer's. `passcode-forgotten`: the app opens to whoever is at the keyboard, so nobody's history shows until the
   * bank identifies its customer again (SessionService.endAll).
   */
  wipeSignIns(reason: 'passcode' | 'passcode-forgotten'): void;
  /** The active profile's environment: the lock screen shows a test profile's banner. */
  environment?(): Environment | undefined;
  /** The passcode's key, once it is known, and its going (see `PasscodeKeyEvent`); may throw to refuse a removal. */
  onKey?(event: PasscodeKeyEvent): Promise<void> | void;
  onChange(status: LockStatus): void;
  /** Forgetting the passcode now would lose what only its key opens (see WalletSecrets.forgetLosesData). */
  forgetLosesData?(): boolean;
  /**
   * A new passcode will encrypt the data key (the keychain protects nothing): only a strong passphrase will do
   * (common/passcode-rules.ts). Read for every status, so cheap.
   */
  passphraseRequired?(): boolean;
  /** The known customers' kennitölur, whose birth dates no new passcode may be: read only when one is set. */
  knownKennitolur?(): readonly string[];
  /** The names of those customers as their banks gave them: a passphrase may not be made of them either. */
  knownNames?(): readonly string[];
}

/**
 * Who is at the keyboard. With a passcode set, the app starts locked and locks again after the chosen idle minutes,
 * when the computer locks or sleeps, and on demand; a payment is sent only within a minute (or the vendor's choice)
 * of the passcode being entered. Wrong passcodes are counted here, on disk, so that neither a restart, a renderer
 * that calls in parallel, a deleted or damaged record, nor a clock moved forward escapes the waits (issue 26); the
 * tenth in a row ends every sign-in, and the waits go on growing after it.
 */
export class LockService {
  readonly #options: LockServiceOptions;
  #locked: boolean;
  #reason: LockReason | undefined;
  /** When the passcode was last entered, for a payment; undefined once a payment used it where every one asks. */
  #presentAt: number | undefined;
  /** Where every payment asks: the payment the last entry was used for. */
  #presentFor: string | undefined;
  /** When the customer last did something in the window (`used`), on the app's clock. */
  #lastUse: number;
  /** The wrong passcodes in a row, as last written (this service is the store's only writer of them while it runs). */
  #tries: Tries = NO_TRIES;
  /**
   * One instant on both clocks: when `#tries` was written in this run, or read at its start. A wait ends when the
   * app's clock has passed it and as much time has passed on the monotonic clock, so moving the app's clock
   * forward does not end a wait within a run.
   */
  #triesAt: { wall: number; steady: number };
  /** One passcode check at a time: parallel calls wait their turn, and each counts. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Every bridge call asks whether a passcode is set: kept here, not read and parsed from the store each time. */
  #stored: PasscodeRecord | 'damaged' | undefined;

  constructor(options: LockServiceOptions) {
    this.#options = options;
    this.#lastUse = options.clock.now();
    const stored = options.store.get(PASSCODE_KEY);
    const parsed = PasscodeRecordSchema.safeParse(stored);
    this.#stored = stored === undefined ? undefined : parsed.success ? parsed.data : 'damaged';
    const set = this.#stored !== undefined;
    this.#locked = set || options.required;
    this.#reason = set ? 'start' : options.required ? 'setup' : undefined;
    this.#triesAt = { wall: this.#now(), steady: this.#steady() };
    if (this.#stored && this.#stored !== 'damaged') this.#tries = this.#startingTries(this.#stored);
  }

  status(): LockStatus {
    const tries = this.#tries;
    const waitUntil = this.#waitUntil();
    return {
      passcodeSet: this.passcodeSet,
      required: this.#options.required,
      locked: this.#locked,
      ...(this.#locked && this.#reason ? { reason: this.#reason } : {}),
      idleMinutes: this.idleMinutes(),
      presenceSeconds: this.#presenceSeconds(),
      wrongTries: tries.wrong,
      ...(waitUntil === undefined ? {} : { waitUntil }),
      signInsWiped: tries.wiped,
      forgetKeepsData: !(this.#options.forgetLosesData?.() ?? false),
      passphraseRequired: this.#whileStarting(() => this.#options.passphraseRequired?.() ?? false, false),
      asOf: this.#now(),
      locale: this.#options.locale(),
      ...this.#whileStarting(() => {
        const environment = this.#options.environment?.();
        return environment ? { environment } : {};
      }, {}),
    };
  }

  get locked(): boolean {
    return this.#locked;
  }

  /** A passcode is stored (a damaged record counts: the app stays locked). */
  get passcodeSet(): boolean {
    return this.#record() !== undefined;
  }

  idleMinutes(): number {
    const stored = this.#options.store.get(IDLE_KEY);
    return (IDLE_MINUTE_CHOICES as readonly unknown[]).includes(stored) ? (stored as number) : DEFAULT_IDLE_MINUTES;
  }

  setIdleMinutes(minutes: number): LockStatus {
    this.#options.store.set(IDLE_KEY, minutes);
    return this.#changed();
  }

  /**
   * The customer did something in the window: a key, a click, a scroll or a touch, reported by the renderer
   * (`noteActivity`), or the passcode entered. Nothing else counts: a screen that polls main is no customer.
   */
  used(): void {
    this.#lastUse = this.#now();
  }

  /**
   * Locks when nobody used the computer for the chosen minutes: the smaller of the OS's idle time and the time since
   * the customer last did something in the window. The OS's answer alone is not trusted: where it cannot tell, it
   * answers 0 (Electron's powerMonitor under Wayland on Linux, electron/electron#34826 and #27912), and then the app
   * would never lock. The core's ticker calls it (main/core-ticker.ts), and so does every call through the bridge.
   */
  checkIdle(): void {
    if (this.#locked || !this.#record()) return;
    const own = this.#now() - this.#lastUse;
    const os = this.#osIdleMs();
    const idle = os === undefined ? own : Math.min(os, own);
    if (idle >= this.idleMinutes() * 60_000) this.lock('idle');
  }

  /** Locks now (a menu item, a shortcut, the lock button, the computer locking or sleeping). */
  lock(reason: LockReason = 'manual'): LockStatus {
    if (this.#record() && !this.#locked) {
      this.#locked = true;
      this.#reason = reason;
      this.#presentAt = undefined;
      this.#presentFor = undefined;
      return this.#changed();
    }
    return this.status();
  }

  /** Throws LOCKED while the app is locked. */
  assertUnlocked(): void {
    if (this.#locked) throw new WalletError('LOCKED', 'The app is locked: enter the passcode');
  }

  unlock(passcode: string): Promise<LockStatus> {
    return this.#serially(async () => {
      if (!this.#locked) return this.status();
      if (!this.#record()) {
        throw new WalletError('PASSCODE_NOT_SET', 'Set a passcode first');
      }
      await this.#check(passcode);
      this.#locked = false;
      this.#reason = undefined;
      this.#presentAt = this.#now();
      this.#lastUse = this.#now();
      return this.#changed();
    });
  }

  /** The passcode again, before a payment: it then counts for the vendor's presence window. */
  confirmPresence(passcode: string): Promise<LockStatus> {
    return this.#serially(async () => {
      this.assertUnlocked();
      if (!this.#record()) return this.status();
      await this.#check(passcode);
      this.#presentAt = this.#now();
      this.#presentFor = undefined;
      this.#lastUse = this.#now();
      return this.#changed();
    });
  }

  /**
   * Before a payment is sent: throws PRESENCE_REQUIRED unless the passcode was entered within the window. Where every
   * payment asks (a window of 0), an entry is good for one payment: that payment may be sent again (a retry, a second
   * press), another may not.
   */
  takePresence(paymentId: string): void {
    this.assertUnlocked();
    if (!this.#record()) return;
    const window = this.#presenceSeconds() * 1000;
    if (window === 0) {
      if (this.#presentAt !== undefined) {
        this.#presentAt = undefined;
        this.#presentFor = paymentId;
        return;
      }
      if (this.#presentFor === paymentId) return;
    } else if (this.#presentAt !== undefined && this.#now() - this.#presentAt <= window) {
      return;
    }
    throw new WalletError('PRESENCE_REQUIRED', 'Enter the passcode to confirm the payment');
  }

  setPasscode(next: string, current: string | undefined): Promise<LockStatus> {
    return this.#serially(async () => {
      const context: PasscodeContext = {
        guardsDataKey: this.#options.passphraseRequired?.() ?? false,
        kennitolur: this.#options.knownKennitolur?.() ?? [],
        names: this.#options.knownNames?.() ?? [],
      };
      const problem = await measuredPasscodeProblem(next, context);
      if (problem) throw new WalletError(PASSCODE_PROBLEM_CODES[problem], `The passcode is not allowed: ${problem}`);
      const record = this.#record();
      if (record) {
        this.assertUnlocked();
        if (current === undefined) throw new WalletError('WRONG_PASSCODE', 'Enter the passcode in use first');
        await this.#check(current);
      } else if (this.#locked && this.#reason !== 'setup') {
        this.assertUnlocked();
      }
      const made = await newPasscode(next, this.#options.kdf ?? PASSCODE_KDF);
      await this.#options.onKey?.({ kind: 'staged', key: made.key });
      this.#store(made.record);
      await this.#options.onKey?.({ kind: 'opened', key: made.key });
      this.#locked = false;
      this.#reason = undefined;
      this.#presentAt = this.#now();
      this.#lastUse = this.#now();
      return this.#changed();
    });
  }

  removePasscode(current: string): Promise<LockStatus> {
    return this.#serially(async () => {
      this.assertUnlocked();
      if (this.#options.required) throw new WalletError('PASSCODE_REQUIRED', 'This app needs a passcode');
      if (!this.#record()) return this.status();
      await this.#check(current);
      await this.#options.onKey?.({ kind: 'removed' });
      this.#store(undefined);
      this.#presentAt = undefined;
      return this.#changed();
    });
  }

  /**
   * The customer forgot the passcode: it goes, and every sign-in with it (whoever is at the keyboard must then sign
   * in with the bank again, which only the customer can). History stays. A vendor's build asks for a new one at once.
   */
  forgetPasscode(): Promise<LockStatus> {
    return this.#serially(async () => {
      if (!this.#record()) return this.status();
      this.#options.wipeSignIns('passcode-forgotten');
      await this.#options.onKey?.({ kind: 'forgotten' });
      this.#store(undefined);
      this.#presentAt = undefined;
      this.#locked = this.#options.required;
      this.#reason = this.#options.required ? 'setup' : undefined;
      return this.#changed();
    });
  }

  /**
   * Checks a passcode against the stored one, within the waits; counts it, on disk, when wrong. The try is written as
   * wrong before the passcode is checked, and taken back once it proved right: a settings file that cannot be written
   * (a folder made read-only, a full disk) checks no passcode at all, rather than answering "wrong" without counting,
   * and a crash or a kill during the check cannot give a try back.
   */
  async #check(passcode: string): Promise<void> {
    const record = this.#record();
    if (!record) return;
    if (record === 'damaged') {
      throw new WalletError('PASSCODE_DAMAGED', 'The stored passcode is damaged: use “Forgot passcode”');
    }
    if (this.#waitUntil() !== undefined) {
      throw new WalletError('PASSCODE_WAIT', 'Too many wrong passcodes: wait before trying again');
    }
    const tries = this.#tries;
    const wrong = tries.wrong + 1;
    // Counted as wrong before it is checked: this write failing refuses the try.
    this.#options.store.set(TRIES_KEY, { wrong, lastAt: this.#now(), wiped: tries.wiped });
    const opened = await openWithPasscode(passcode, record);
    if (opened) {
      // A record of version 1 becomes version 2 now (see passcode.ts); #store starts the count again first.
      if (opened.upgraded) this.#store(opened.upgraded);
      else this.#keepTries(NO_TRIES);
      await this.#options.onKey?.({ kind: 'opened', key: opened.key });
      return;
    }
    const wipe = wrong >= TRIES_BEFORE_WIPE && !tries.wiped;
    this.#keepTries({ wrong, lastAt: this.#now(), wiped: tries.wiped || wipe });
    if (wipe) this.#options.wipeSignIns('passcode');
    this.#changed();
    throw new WalletError(
      wipe ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE',
      wipe ? 'Too many wrong passcodes: every sign-in has ended' : 'The passcode is wrong',
    );
  }

  /**
   * What the status reads from the rest of the wallet, or `fallback` while the wallet is still starting (a system
   * lock can come before the profiles and secrets exist): the next status says it.
   */
  #whileStarting<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch {
      return fallback;
    }
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The passcode as stored (read once at start; every change goes through here): `damaged` keeps the app locked. */
  #record(): PasscodeRecord | 'damaged' | undefined {
    return this.#stored;
  }

  /**
   * A new passcode record (set, changed, or upgraded), or none. While a passcode is set a tries record is always
   * kept (see #startingTries), so it is written before the passcode and removed after it: a crash in between leaves
   * a count of none beside the old passcode, or a count beside no passcode, which means nothing.
   */
  #store(record: PasscodeRecord | undefined): void {
    if (record) {
      this.#keepTries(NO_TRIES);
      this.#options.store.set(PASSCODE_KEY, record);
    } else {
      this.#options.store.delete(PASSCODE_KEY);
      this.#options.store.delete(TRIES_KEY);
      this.#tries = NO_TRIES;
    }
    this.#stored = record;
  }

  /**
   * The count of wrong tries a run starts with. An app of this version keeps a tries record whenever a passcode is
   * set (writing none rather than deleting it), and writes passcodes of version 2; so beside a version 2 passcode a
   * record that is missing or unreadable was deleted or damaged: it counts as TRIES_WHEN_UNKNOWN, from now. One
   * dated after now keeps its count, its wait starting again now. A version 1 passcode
   * without a record is an install from before issue 26, whose app deleted the record at every right passcode: it
   * starts at none, written now. Deleting the record again before the customer next enters the passcode gets the
   * same; from that entry on the passcode is version 2, and editing it back to version 1 makes every passcode wrong
   * (passcode.ts).
   */
  #startingTries(record: PasscodeRecord): Tries {
    const stored = this.#options.store.get(TRIES_KEY);
    const parsed = TriesSchema.safeParse(stored);
    if (parsed.success && parsed.data.lastAt <= this.#now()) return parsed.data;
    const tries = parsed.success
      ? // Dated after now: the time is not believed, the count is, and its wait starts again now. (A clock that ran
        // fast and was corrected, or a snapshot restored, must not cost the customer a day; moving the clock gains
        // a guesser nothing either way.)
        { ...parsed.data, lastAt: this.#now() }
      : stored === undefined && record.v === 1
        ? NO_TRIES
        : { wrong: TRIES_WHEN_UNKNOWN, lastAt: this.#now(), wiped: false };
    try {
      this.#keepTries(tries);
    } catch {
      // A disk that refuses the write: this run counts from memory, and checks no passcode until it can (#check).
      this.#tries = tries;
    }
    return tries;
  }

  /** Writes the count, then takes it as this run's, at this instant on both clocks. */
  #keepTries(tries: Tries): void {
    this.#options.store.set(TRIES_KEY, tries);
    this.#tries = tries;
    this.#triesAt = { wall: this.#now(), steady: this.#steady() };
  }

  /**
   * When the next try may be made, on the app's clock; undefined when it may be made now. The later of the end on
   * the app's clock and the end on the monotonic clock: moving the app's clock (or the computer's) forward ends no
   * wait within a run. (Across a restart the monotonic clock starts again: there the app's clock is all there is,
   * and a count dated after now is not believed: #startingTries.)
   */
  #waitUntil(): number | undefined {
    const end = this.#tries.lastAt + waitAfter(this.#tries.wrong);
    const now = this.#now();
    const steadyLeft = this.#triesAt.steady + (end - this.#triesAt.wall) - this.#steady();
    const until = Math.max(end, now + steadyLeft);
    return until > now ? until : undefined;
  }

  /** The OS's idle time where it gives one: 0, a value that is not finite, or a throw is none. */
  #osIdleMs(): number | undefined {
    try {
      const idle = this.#options.idleMs?.();
      return idle !== undefined && Number.isFinite(idle) && idle > 0 ? idle : undefined;
    } catch {
      return undefined;
    }
  }

  #steady(): number {
    return this.#options.monotonicMs?.() ?? performance.now();
  }

  #presenceSeconds(): number {
    return this.#options.presenceSeconds ?? DEFAULT_PRESENCE_SECONDS;
  }

  #now(): number {
    return this.#options.clock.now();
  }

  #changed(): LockStatus {
    const status = this.status();
    this.#options.onChange(status);
    return status;
  }
}
