import { z } from 'zod';
import type { LockReason, LockStatus } from '../../common/lock.ts';
import type { AppLocale } from '../../common/locale.ts';
import {
  DEFAULT_IDLE_MINUTES,
  DEFAULT_PRESENCE_SECONDS,
  FREE_TRIES,
  IDLE_MINUTE_CHOICES,
  passcodeProblem,
  TRIES_BEFORE_WIPE,
} from '../../common/passcode-rules.ts';
import type { Clock } from '../../common/time.ts';
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

/** The waits after the free tries: the 4th wrong passcode waits 30 s, ... from the 9th on, an hour. */
const WAITS_MS = [30, 60, 120, 300, 900, 1800, 3600].map((seconds) => seconds * 1000);

const TriesSchema = z.strictObject({
  wrong: z.number().int().nonnegative(),
  lastAt: z.number().nonnegative(),
  wiped: z.boolean(),
});
type Tries = z.infer<typeof TriesSchema>;
const NO_TRIES: Tries = { wrong: 0, lastAt: 0, wiped: false };

/** The wait before the next try after `wrong` wrong passcodes in a row. */
export function waitAfter(wrong: number): number {
  if (wrong < FREE_TRIES) return 0;
  return WAITS_MS[Math.min(wrong - FREE_TRIES, WAITS_MS.length - 1)] ?? 0;
}

export interface LockServiceOptions {
  store: KeyValueStore;
  clock: Clock;
  locale(): AppLocale;
  /** The vendor's build needs a passcode (`requirePasscode`). */
  required: boolean;
  /** How long a passcode entered counts for a payment, in seconds (0: every payment asks). */
  presenceSeconds?: number;
  /** How long the OS has seen no input, where the host can tell (Electron's powerMonitor); else the app's own use. */
  idleMs?(): number | undefined;
  /** The cost of deriving a passcode; tests and the harness make it cheap. */
  kdf?: KdfParams;
  /** Ten wrong passcodes in a row: every sign-in ends (history stays). */
  wipeSignIns(): void;
  /** The passcode's key, once it is known, and its going (see `PasscodeKeyEvent`); may throw to refuse a removal. */
  onKey?(event: PasscodeKeyEvent): Promise<void> | void;
  onChange(status: LockStatus): void;
  /** Forgetting the passcode now would lose what only its key opens (see WalletSecrets.forgetLosesData). */
  forgetLosesData?(): boolean;
}

/**
 * Who is at the keyboard. With a passcode set, the app starts locked and locks again after the chosen idle minutes,
 * when the computer locks or sleeps, and on demand; a payment is sent only within a minute (or the vendor's choice)
 * of the passcode being entered. Wrong passcodes are counted here, on disk, so that neither a restart nor a renderer
 * that calls in parallel escapes the waits; the tenth in a row ends every sign-in.
 */
export class LockService {
  readonly #options: LockServiceOptions;
  #locked: boolean;
  #reason: LockReason | undefined;
  /** When the passcode was last entered, for a payment; undefined once a payment used it where every one asks. */
  #presentAt: number | undefined;
  /** Where every payment asks: the payment the last entry was used for. */
  #presentFor: string | undefined;
  #lastUse: number;
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
  }

  status(): LockStatus {
    const tries = this.#tries();
    const waitUntil = tries.lastAt + waitAfter(tries.wrong);
    return {
      passcodeSet: this.passcodeSet,
      required: this.#options.required,
      locked: this.#locked,
      ...(this.#locked && this.#reason ? { reason: this.#reason } : {}),
      idleMinutes: this.idleMinutes(),
      presenceSeconds: this.#presenceSeconds(),
      wrongTries: tries.wrong,
      ...(waitUntil > this.#now() ? { waitUntil } : {}),
      signInsWiped: tries.wiped,
      forgetKeepsData: !(this.#options.forgetLosesData?.() ?? false),
      locale: this.#options.locale(),
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

  /** A call from the customer's window: the app is in use. */
  used(): void {
    this.#lastUse = this.#now();
  }

  /** Locks when nobody used the app, or the computer, for the chosen minutes. Hosts call it on a timer. */
  checkIdle(): void {
    if (this.#locked || !this.#record()) return;
    const idle = this.#options.idleMs?.() ?? this.#now() - this.#lastUse;
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
      const problem = passcodeProblem(next);
      if (problem) throw new WalletError('PASSCODE_WEAK', `The passcode is not allowed: ${problem}`);
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
      this.#options.store.delete(TRIES_KEY);
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
      this.#options.wipeSignIns();
      await this.#options.onKey?.({ kind: 'forgotten' });
      this.#store(undefined);
      this.#options.store.delete(TRIES_KEY);
      this.#presentAt = undefined;
      this.#locked = this.#options.required;
      this.#reason = this.#options.required ? 'setup' : undefined;
      return this.#changed();
    });
  }

  /** Checks a passcode against the stored one, within the waits; counts it, on disk, when wrong. */
  async #check(passcode: string): Promise<void> {
    const record = this.#record();
    if (!record) return;
    if (record === 'damaged') {
      throw new WalletError('PASSCODE_DAMAGED', 'The stored passcode is damaged: use “Forgot passcode”');
    }
    const tries = this.#tries();
    const waitUntil = tries.lastAt + waitAfter(tries.wrong);
    if (waitUntil > this.#now()) {
      throw new WalletError('PASSCODE_WAIT', 'Too many wrong passcodes: wait before trying again');
    }
    const key = await openWithPasscode(passcode, record);
    if (key) {
      if (tries.wrong > 0 || tries.wiped) this.#options.store.delete(TRIES_KEY);
      await this.#options.onKey?.({ kind: 'opened', key });
      return;
    }
    const wrong = tries.wrong + 1;
    const wipe = wrong >= TRIES_BEFORE_WIPE && !tries.wiped;
    // Counted before anything else happens: a crash right after cannot give the try back.
    this.#options.store.set(TRIES_KEY, { wrong, lastAt: this.#now(), wiped: tries.wiped || wipe });
    if (wipe) this.#options.wipeSignIns();
    this.#changed();
    throw new WalletError(
      wipe ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE',
      wipe ? 'Too many wrong passcodes: every sign-in has ended' : 'The passcode is wrong',
    );
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

  #store(record: PasscodeRecord | undefined): void {
    if (record) this.#options.store.set(PASSCODE_KEY, record);
    else this.#options.store.delete(PASSCODE_KEY);
    this.#stored = record;
  }

  #tries(): Tries {
    const parsed = TriesSchema.safeParse(this.#options.store.get(TRIES_KEY));
    return parsed.success ? parsed.data : NO_TRIES;
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
