import { DEFAULT_IDLE_MINUTES, IDLE_MINUTE_CHOICES } from '../../common/passcode-rules.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

const IDLE_KEY = 'lock.idleMinutes';

export interface IdleOptions {
  store: KeyValueStore;
  now(): number;
  /**
   * How long the OS has seen no input, where the host can tell (Electron's powerMonitor). 0, a value that is not a
   * finite number, or a throw is no answer (see `passed`).
   */
  osIdleMs(): number | undefined;
}

/** Whether nobody used the computer for the customer's chosen minutes, and those minutes. */
export class Idle {
  readonly #options: IdleOptions;
  /** When the customer last did something in the window (`used`), on the app's clock. */
  #lastUse: number;

  constructor(options: IdleOptions) {
    this.#options = options;
    this.#lastUse = options.now();
  }

  minutes(): number {
    const stored = this.#options.store.get(IDLE_KEY);
    return (IDLE_MINUTE_CHOICES as readonly unknown[]).includes(stored) ? (stored as number) : DEFAULT_IDLE_MINUTES;
  }

  setMinutes(minutes: number): void {
    this.#options.store.set(IDLE_KEY, minutes);
  }

  /**
   * The customer did something in the window: a key, a click, a scroll or a touch, reported by the renderer
   * (`noteActivity`), or the passcode entered. Nothing else counts: a screen that polls main is no customer.
   */
  used(): void {
    this.#lastUse = this.#options.now();
  }

  /**
   * Nobody used the computer for the chosen minutes: the smaller of the OS's idle time and the time since the
   * customer last did something in the window. The OS's answer alone is not trusted: where it cannot tell, it
   * answers 0 (Electron's powerMonitor under Wayland on Linux, electron/electron#34826 and #27912), and then the app
   * would never lock.
   */
  passed(): boolean {
    const own = this.#options.now() - this.#lastUse;
    const os = this.#osIdleMs();
    const idle = os === undefined ? own : Math.min(os, own);
    return idle >= this.minutes() * 60_000;
  }

  /** The OS's idle time where it gives one: 0, a value that is not finite, or a throw is none. */
  #osIdleMs(): number | undefined {
    try {
      const idle = this.#options.osIdleMs();
      return idle !== undefined && Number.isFinite(idle) && idle > 0 ? idle : undefined;
    } catch {
      return undefined;
    }
  }
}
