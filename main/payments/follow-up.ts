import type { PaymentIntent } from '../../common/payment.ts';
import { awaitsOutcome, outcomeLearned } from '../../common/payment-status.ts';
import type { Clock } from '../../common/time.ts';
import type { PaymentService } from './payment-service.ts';

/**
 * The waits between the app's own questions about a payment whose outcome is not known yet: from the last change,
 * 15 seconds, then longer each time, up to an hour between questions. A bank that is down or slow is not pressed.
 */
export const FOLLOW_UP_WAITS_MS = [15, 30, 60, 120, 300, 600, 1800, 3600].map((seconds) => seconds * 1000);

/** The wait after the `tries`-th question (the first wait for 0 questions). */
export function followUpWait(tries: number): number {
  return FOLLOW_UP_WAITS_MS[Math.min(tries, FOLLOW_UP_WAITS_MS.length - 1)] ?? 0;
}

export interface FollowUpOptions {
  clock: Clock;
  /** A payment's outcome became known through a question the app asked on its own. */
  onOutcome(before: PaymentIntent, after: PaymentIntent): void;
  /**
   * A payment's request id's 24 hours ended while its outcome was still unknown: the app can no longer ask, and the
   * screen must say so (nothing of its record changed, so nothing else would tell the window).
   */
  onWindowClosed?(intent: PaymentIntent): void;
  /** A question that failed (signed out, the bank down): asked again after the next wait. */
  onError?(error: unknown): void;
}

/**
 * Follows up, without the customer pressing anything, the payments the bank may still be deciding on (accepted with
 * no final status, or whose answer was lost), within their request id's 24 hours (`awaitingOutcome`). Each is asked
 * with "check again": the status for an accepted one, the same request id sent again for an unknown one, never a new
 * id, and never a payment that was not sent yet. Hosts call `run` on a timer; rounds never overlap.
 */
export class FollowUp {
  readonly #options: FollowUpOptions;
  /** When each payment is next asked about, and how often it was asked already (this run). */
  readonly #plans = new Map<string, { tries: number; at: number }>();
  #running: Promise<void> | undefined;

  constructor(options: FollowUpOptions) {
    this.#options = options;
  }

  /**
   * A payment changed: one the app now follows is planned at once, so that should its 24 hours end before the next
   * round (the clock moved far), that round still tells the window (`onWindowClosed`).
   */
  note(intent: PaymentIntent): void {
    if (this.#plans.has(intent.id) || this.nextAt(intent) === undefined) return;
    this.#plans.set(intent.id, { tries: 0, at: intent.updatedAt + followUpWait(0) });
  }

  /**
   * When the app asks about a payment next by itself, if it follows it (see `awaitingOutcome`): its plan, or the
   * first wait after its last change for one not asked about yet.
   */
  nextAt(intent: PaymentIntent): number | undefined {
    if (!awaitsOutcome(intent, this.#options.clock.now())) return undefined;
    return this.#plans.get(intent.id)?.at ?? intent.updatedAt + followUpWait(0);
  }

  /** One round over the customer's payments: each whose wait is over is asked once. */
  run(service: PaymentService): Promise<void> {
    this.#running ??= this.#round(service).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #round(service: PaymentService): Promise<void> {
    const open = await service.awaitingOutcome();
    // Asked only when an unknown payment is followed: a round with nothing under way asks the store nothing.
    let integrity: Promise<{ trusted: boolean }> | undefined;
    const trusted = async () => (await (integrity ??= service.reader.integrity())).trusted;
    const ids = new Set(open.map((intent) => intent.id));
    // Final, expired or another customer's: no longer followed.
    for (const id of this.#plans.keys()) {
      if (ids.has(id)) continue;
      this.#plans.delete(id);
      const left = await service.reader.get(id);
      if (left?.state === 'unknown') this.#options.onWindowClosed?.(left);
    }
    for (const intent of open) {
      // A store put back from an older copy, or missing records, is not trusted: a payment whose outcome is not known
      // is not sent again by the app on its own (its status may still be asked where the bank took it).
      if (intent.state === 'unknown' && !(await trusted())) continue;
      const now = this.#options.clock.now();
      let plan = this.#plans.get(intent.id);
      if (!plan) {
        plan = { tries: 0, at: intent.updatedAt + followUpWait(0) };
        this.#plans.set(intent.id, plan);
      }
      if (plan.at > now) continue;
      plan.tries += 1;
      plan.at = now + followUpWait(plan.tries);
      try {
        const after = await service.checkAgain(intent.id);
        if (outcomeLearned(intent, after)) this.#options.onOutcome(intent, after);
        // Known now (or stopped): no longer followed, and not read again to see whether its window closed.
        if (after.state !== 'unknown' && !awaitsOutcome(after, this.#options.clock.now()))
          this.#plans.delete(intent.id);
      } catch (error) {
        this.#options.onError?.(error);
      }
    }
  }
}
