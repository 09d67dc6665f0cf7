import type { Clock } from '../../common/time.ts';

export interface CoreTickerOptions {
  /** How often a tick runs on its own: the clock keeps moving in a running app. */
  everyMs: number;
  clock: Clock;
  /** One tick's work; ticks never overlap. A tick that fails is over all the same. */
  tick(): Promise<void>;
}

/**
 * The core's own schedule (issue 25): the idle lock, grant reminders and the follow-up of payments run wherever the
 * core runs (Electron, the browser harness, tests), not on a timer of one host. A tick runs every `everyMs`, and
 * soon after the injected clock moves (a tester or a test moving the sandbox's clock), so what becomes due when
 * time jumps is done at once, with no waiting on the machine's time.
 */
export class CoreTicker {
  readonly #options: CoreTickerOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #stopMoves: (() => void) | undefined;
  /** A tick is asked for and not started yet (many asks in a row make one tick). */
  #pending = false;
  /** The ticks asked for so far, one after another. */
  #chain: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: CoreTickerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => this.soon(), this.#options.everyMs);
    // Never what keeps a process alive.
    this.#timer.unref?.();
    this.#stopMoves = this.#options.clock.onMove?.(() => this.soon());
  }

  /** A tick as soon as the current task is over (after the code that moved the clock has finished its step). */
  soon(): void {
    if (this.#pending || this.#stopped) return;
    this.#pending = true;
    setImmediate(() => {
      this.#pending = false;
      if (this.#stopped) return;
      this.#chain = this.#chain.then(() => this.#options.tick()).catch(() => undefined);
    });
  }

  /** Resolves once no tick is asked for or running. */
  async idle(): Promise<void> {
    for (;;) {
      const chain = this.#chain;
      if (this.#pending) await new Promise<void>((resolve) => setImmediate(resolve));
      await chain;
      if (!this.#pending && chain === this.#chain) return;
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#stopMoves?.();
    await this.#chain;
  }
}
