import type { LockReason, LockStatus } from '../../common/lock.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { Environment } from '../../common/profile.ts';
import { measuredPasscodeProblem, PASSCODE_PROBLEM_CODES, type PasscodeContext } from '../../common/passcode-rules.ts';
import type { Clock } from '../../common/time.ts';
import type { PasscodeKeyEvent } from '../secrets/wallet-secrets.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import { Idle } from './idle.ts';
import type { KdfParams } from './passcode.ts';
import { PasscodeStore } from './passcode-store.ts';
import { Presence } from './presence.ts';
import { WrongTries } from './wrong-tries.ts';

export interface LockServiceOptions {
  store: KeyValueStore;
  clock: Clock;
  locale(): AppLocale;
  /** The vendor's build needs a passcode (`requirePasscode`). */
  required: boolean;
  /** How long a passcode entered counts for a payment, in seconds (0: every payment asks). */
  presenceSeconds?: number;
  /** How long the OS has seen no input, where the host can tell (Electron's powerMonitor): see IdleOptions. */
  idleMs?(): number | undefined;
  /** A time in ms that only time moves, for the waits after wrong passcodes: see WrongTriesOptions.steady. */
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
 * Who is at the keyboard: the lock's states (locked or not, and why) and its events. With a passcode set, the app
 * starts locked and locks again after the chosen idle minutes (idle.ts), when the computer locks or sleeps, and on
 * demand; a payment is sent only within a minute (or the vendor's choice) of the passcode being entered
 * (presence.ts). The passcode is kept by passcode-store.ts, and wrong ones are counted by wrong-tries.ts, on disk, so
 * that neither a restart, a renderer that calls in parallel, a deleted or damaged record, nor a clock moved forward
 * escapes the waits (issue 26); the tenth in a row ends every sign-in, and the waits go on growing after it.
 */
export class LockService {
  readonly #options: LockServiceOptions;
  readonly #tries: WrongTries;
  readonly #passcode: PasscodeStore;
  readonly #presence: Presence;
  readonly #idle: Idle;
  #locked: boolean;
  #reason: LockReason | undefined;
  /** One passcode check at a time: parallel calls wait their turn, and each counts. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: LockServiceOptions) {
    this.#options = options;
    const now = () => this.#now();
    this.#idle = new Idle({ store: options.store, now, osIdleMs: () => options.idleMs?.() });
    this.#tries = new WrongTries({
      store: options.store,
      now,
      steady: () => options.monotonicMs?.() ?? performance.now(),
    });
    this.#passcode = new PasscodeStore({ store: options.store, tries: this.#tries, kdf: options.kdf });
    this.#presence = new Presence({ now, seconds: options.presenceSeconds });
    const set = this.#passcode.record !== undefined;
    this.#locked = set || options.required;
    this.#reason = set ? 'start' : options.required ? 'setup' : undefined;
  }

  status(): LockStatus {
    const tries = this.#tries.current;
    const waitUntil = this.#tries.waitUntil();
    return {
      passcodeSet: this.passcodeSet,
      required: this.#options.required,
      locked: this.#locked,
      ...(this.#locked && this.#reason ? { reason: this.#reason } : {}),
      idleMinutes: this.idleMinutes(),
      presenceSeconds: this.#presence.seconds,
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
    return this.#passcode.record !== undefined;
  }

  idleMinutes(): number {
    return this.#idle.minutes();
  }

  setIdleMinutes(minutes: number): LockStatus {
    this.#idle.setMinutes(minutes);
    return this.#changed();
  }

  /** The customer did something in the window (see Idle.used). */
  used(): void {
    this.#idle.used();
  }

  /**
   * Locks when nobody used the computer for the chosen minutes (see Idle.passed). The core's ticker calls it
   * (main/core/core-ticker.ts), and so does every call through the bridge.
   */
  checkIdle(): void {
    if (this.#locked || !this.passcodeSet) return;
    if (this.#idle.passed()) this.lock('idle');
  }

  /** Locks now (a menu item, a shortcut, the lock button, the computer locking or sleeping). */
  lock(reason: LockReason = 'manual'): LockStatus {
    if (this.passcodeSet && !this.#locked) {
      this.#locked = true;
      this.#reason = reason;
      this.#presence.ended();
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
      if (!this.passcodeSet) throw new WalletError('PASSCODE_NOT_SET', 'Set a passcode first');
      await this.#check(passcode);
      this.#locked = false;
      this.#reason = undefined;
      this.#presence.entered();
      this.#idle.used();
      return this.#changed();
    });
  }

  /** The passcode again, before a payment: it then counts for the vendor's presence window. */
  confirmPresence(passcode: string): Promise<LockStatus> {
    return this.#serially(async () => {
      this.assertUnlocked();
      if (!this.passcodeSet) return this.status();
      await this.#check(passcode);
      this.#presence.confirmed();
      this.#idle.used();
      return this.#changed();
    });
  }

  /** Before a payment is sent: throws PRESENCE_REQUIRED unless the passcode was entered for it (Presence.take). */
  takePresence(paymentId: string): void {
    this.assertUnlocked();
    if (!this.passcodeSet) return;
    this.#presence.take(paymentId);
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
      if (this.passcodeSet) {
        this.assertUnlocked();
        if (current === undefined) throw new WalletError('WRONG_PASSCODE', 'Enter the passcode in use first');
        await this.#check(current);
      } else if (this.#locked && this.#reason !== 'setup') {
        this.assertUnlocked();
      }
      const made = await this.#passcode.make(next);
      await this.#options.onKey?.({ kind: 'staged', key: made.key });
      this.#passcode.save(made.record);
      await this.#options.onKey?.({ kind: 'opened', key: made.key });
      this.#locked = false;
      this.#reason = undefined;
      this.#presence.entered();
      this.#idle.used();
      return this.#changed();
    });
  }

  removePasscode(current: string): Promise<LockStatus> {
    return this.#serially(async () => {
      this.assertUnlocked();
      if (this.#options.required) throw new WalletError('PASSCODE_REQUIRED', 'This app needs a passcode');
      if (!this.passcodeSet) return this.status();
      await this.#check(current);
      await this.#options.onKey?.({ kind: 'removed' });
      this.#passcode.save(undefined);
      this.#presence.withdrawn();
      return this.#changed();
    });
  }

  /**
   * The customer forgot the passcode: it goes, and every sign-in with it (whoever is at the keyboard must then sign
   * in with the bank again, which only the customer can). History stays. A vendor's build asks for a new one at once.
   */
  forgetPasscode(): Promise<LockStatus> {
    return this.#serially(async () => {
      if (!this.passcodeSet) return this.status();
      this.#options.wipeSignIns('passcode-forgotten');
      await this.#options.onKey?.({ kind: 'forgotten' });
      this.#passcode.save(undefined);
      this.#presence.withdrawn();
      this.#locked = this.#options.required;
      this.#reason = this.#options.required ? 'setup' : undefined;
      return this.#changed();
    });
  }

  /**
   * Checks a passcode (PasscodeStore.check, which counts it); a right one hands its key on, a wrong one is told (and
   * the tenth in a row ends every sign-in) before it is refused.
   */
  async #check(passcode: string): Promise<void> {
    const checked = await this.#passcode.check(passcode);
    if (!checked) return;
    if (checked.right) {
      await this.#options.onKey?.({ kind: 'opened', key: checked.key });
      return;
    }
    if (checked.wiped) this.#options.wipeSignIns('passcode');
    this.#changed();
    throw new WalletError(
      checked.wiped ? 'PASSCODE_WIPED' : 'WRONG_PASSCODE',
      checked.wiped ? 'Too many wrong passcodes: every sign-in has ended' : 'The passcode is wrong',
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

  #now(): number {
    return this.#options.clock.now();
  }

  #changed(): LockStatus {
    const status = this.status();
    this.#options.onChange(status);
    return status;
  }
}
