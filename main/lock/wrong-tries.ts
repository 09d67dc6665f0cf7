import { z } from 'zod';
import { FREE_TRIES, TRIES_BEFORE_WIPE } from '../../common/passcode-rules.ts';
import { DAY_MS } from '../../common/time.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import type { PasscodeRecord } from './passcode.ts';

const TRIES_KEY = 'lock.tries';

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
export type Tries = z.infer<typeof TriesSchema>;
const NO_TRIES: Tries = { wrong: 0, lastAt: 0, wiped: false };

export interface WrongTriesOptions {
  store: KeyValueStore;
  /** The app's clock. */
  now(): number;
  /**
   * A time in ms that only time moves (never set by hand, never stepped by the system), for the waits:
   * `performance.now()` by default (LockServiceOptions.monotonicMs). The browser harness and tests pass their sandbox
   * clock, which stands for time itself there.
   */
  steady(): number;
}

/**
 * The wrong passcodes in a row, counted on disk so that neither a restart, a renderer that calls in parallel, a
 * deleted or damaged record, nor a clock moved forward escapes the waits (issue 26); the tenth in a row ends every
 * sign-in, and the waits go on growing after it. The lock service runs one check at a time, so this is the store's
 * only writer of the count while it runs.
 */
export class WrongTries {
  readonly #options: WrongTriesOptions;
  #tries: Tries = NO_TRIES;
  /**
   * One instant on both clocks: when `#tries` was written in this run, or read at its start. A wait ends when the
   * app's clock has passed it and as much time has passed on the monotonic clock, so moving the app's clock
   * forward does not end a wait within a run.
   */
  #at: { wall: number; steady: number };

  constructor(options: WrongTriesOptions) {
    this.#options = options;
    this.#at = { wall: options.now(), steady: options.steady() };
  }

  /** The count as this run takes it. */
  get current(): Readonly<Tries> {
    return this.#tries;
  }

  /**
   * The count of wrong tries a run starts with, beside the stored passcode `record`. An app of this version keeps a
   * tries record whenever a passcode is set (writing none rather than deleting it), and writes passcodes of version
   * 2; so beside a version 2 passcode a record that is missing or unreadable was deleted or damaged: it counts as
   * TRIES_WHEN_UNKNOWN, from now. One dated after now keeps its count, its wait starting again now. A version 1
   * passcode without a record is an install from before issue 26, whose app deleted the record at every right
   * passcode: it starts at none, written now. Deleting the record again before the customer next enters the passcode
   * gets the same; from that entry on the passcode is version 2, and editing it back to version 1 makes every
   * passcode wrong (passcode.ts).
   */
  start(record: PasscodeRecord): void {
    const stored = this.#options.store.get(TRIES_KEY);
    const parsed = TriesSchema.safeParse(stored);
    if (parsed.success && parsed.data.lastAt <= this.#options.now()) {
      this.#tries = parsed.data;
      return;
    }
    const tries = parsed.success
      ? // Dated after now: the time is not believed, the count is, and its wait starts again now. (A clock that ran
        // fast and was corrected, or a snapshot restored, must not cost the customer a day; moving the clock gains
        // a guesser nothing either way.)
        { ...parsed.data, lastAt: this.#options.now() }
      : stored === undefined && record.v === 1
        ? NO_TRIES
        : { wrong: TRIES_WHEN_UNKNOWN, lastAt: this.#options.now(), wiped: false };
    try {
      this.#keep(tries);
    } catch {
      // A disk that refuses the write: this run counts from memory, and checks no passcode until it can (`ahead`).
      this.#tries = tries;
    }
  }

  /**
   * When the next try may be made, on the app's clock; undefined when it may be made now. The later of the end on
   * the app's clock and the end on the monotonic clock: moving the app's clock (or the computer's) forward ends no
   * wait within a run. (Across a restart the monotonic clock starts again: there the app's clock is all there is,
   * and a count dated after now is not believed: `start`.)
   */
  waitUntil(): number | undefined {
    const end = this.#tries.lastAt + waitAfter(this.#tries.wrong);
    const now = this.#options.now();
    const steadyLeft = this.#at.steady + (end - this.#at.wall) - this.#options.steady();
    const until = Math.max(end, now + steadyLeft);
    return until > now ? until : undefined;
  }

  /**
   * A try about to be checked is written as wrong first, and taken back (`none`) once it proved right: a settings
   * file that cannot be written (a folder made read-only, a full disk) then checks no passcode at all, as this
   * throws, and a crash or a kill during the check cannot give a try back.
   */
  ahead(): void {
    const tries = this.#tries;
    this.#options.store.set(TRIES_KEY, { wrong: tries.wrong + 1, lastAt: this.#options.now(), wiped: tries.wiped });
  }

  /** The try written `ahead` was wrong: it counts. True when it is the one that ends every sign-in. */
  wrong(): boolean {
    const tries = this.#tries;
    const wrong = tries.wrong + 1;
    const wipe = wrong >= TRIES_BEFORE_WIPE && !tries.wiped;
    this.#keep({ wrong, lastAt: this.#options.now(), wiped: tries.wiped || wipe });
    return wipe;
  }

  /** A right passcode, or a new one: the count starts again, still written (see `start`). */
  none(): void {
    this.#keep(NO_TRIES);
  }

  /** No passcode any more: no count either. */
  clear(): void {
    this.#options.store.delete(TRIES_KEY);
    this.#tries = NO_TRIES;
  }

  /** Writes the count, then takes it as this run's, at this instant on both clocks. */
  #keep(tries: Tries): void {
    this.#options.store.set(TRIES_KEY, tries);
    this.#tries = tries;
    this.#at = { wall: this.#options.now(), steady: this.#options.steady() };
  }
}
