import { DEFAULT_PRESENCE_SECONDS } from '../../common/passcode-rules.ts';
import { WalletError } from '../wallet-error.ts';

export interface PresenceOptions {
  now(): number;
  /** How long an entry counts for a payment, in seconds (0: every payment asks); the vendor's choice. */
  seconds?: number | undefined;
}

/**
 * The passcode entered just before a payment: a payment is sent only within a minute (or the vendor's choice) of the
 * passcode being entered. Where every payment asks (a window of 0), an entry is good for one payment.
 */
export class Presence {
  readonly #options: PresenceOptions;
  /** When the passcode was last entered, for a payment; undefined once a payment used it where every one asks. */
  #presentAt: number | undefined;
  /** Where every payment asks: the payment the last entry was used for. */
  #presentFor: string | undefined;

  constructor(options: PresenceOptions) {
    this.#options = options;
  }

  /** How long an entry counts for a payment, in seconds (0: every payment asks). */
  get seconds(): number {
    return this.#options.seconds ?? DEFAULT_PRESENCE_SECONDS;
  }

  /** The passcode was entered (unlocking, or setting it): it counts from now. */
  entered(): void {
    this.#presentAt = this.#options.now();
  }

  /** The passcode entered again before a payment: it counts from now, for the next payment. */
  confirmed(): void {
    this.#presentAt = this.#options.now();
    this.#presentFor = undefined;
  }

  /** The passcode went (removed, forgotten): its last entry counts no more. */
  withdrawn(): void {
    this.#presentAt = undefined;
  }

  /** The app locked: nothing entered before counts. */
  ended(): void {
    this.#presentAt = undefined;
    this.#presentFor = undefined;
  }

  /**
   * Before a payment is sent: throws PRESENCE_REQUIRED unless the passcode was entered within the window. Where every
   * payment asks (a window of 0), an entry is good for one payment: that payment may be sent again (a retry, a second
   * press), another may not.
   */
  take(paymentId: string): void {
    const window = this.seconds * 1000;
    if (window === 0) {
      if (this.#presentAt !== undefined) {
        this.#presentAt = undefined;
        this.#presentFor = paymentId;
        return;
      }
      if (this.#presentFor === paymentId) return;
    } else if (this.#presentAt !== undefined && this.#options.now() - this.#presentAt <= window) {
      return;
    }
    throw new WalletError('PRESENCE_REQUIRED', 'Enter the passcode to confirm the payment');
  }
}
