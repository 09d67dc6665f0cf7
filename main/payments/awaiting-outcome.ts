import type { PaymentIntent } from '../../common/payment.ts';
import { awaitsOutcome, FOLLOWED_STATES } from '../../common/payment-status.ts';

/**
 * The payments of one store the bank may still be deciding on (the follow-up's question, `awaitsOutcome`), read
 * from the store once and then kept as the service writes them (issue 40: a tick with nothing under way asks the
 * store nothing). Read again after what changes the store without being heard here: a restore (its payments are
 * told to nobody), or a write that failed or whose answer was lost (it may or may not have landed).
 */
export class AwaitingOutcome {
  readonly #read: () => Promise<PaymentIntent[]>;
  /** Every payment in a followed state, as last read or heard; none until read. */
  #open: Map<string, PaymentIntent> | undefined;
  /** The read under way, and what was heard meanwhile (newer than what it reads, or the same). */
  #reading: { done: Promise<Map<string, PaymentIntent>>; heard: Map<string, PaymentIntent> } | undefined;

  /** `read`: the store's payments that may await an outcome now (those of the last two GMT days in followed states). */
  constructor(read: () => Promise<PaymentIntent[]>) {
    this.#read = read;
  }

  /** A payment as the service just wrote it. */
  heard(intent: PaymentIntent): void {
    this.#reading?.heard.set(intent.id, intent);
    if (!this.#open) return;
    if (FOLLOWED_STATES.includes(intent.state)) this.#open.set(intent.id, intent);
    else this.#open.delete(intent.id);
  }

  /** The store may hold what was not heard here: it is read again when next asked. */
  forget(): void {
    this.#open = undefined;
    this.#reading = undefined;
  }

  /** The payments awaiting an outcome at `now`. */
  async at(now: number): Promise<PaymentIntent[]> {
    const open = this.#open ?? (await this.#readOnce());
    return [...open.values()].filter((intent) => awaitsOutcome(intent, now));
  }

  #readOnce(): Promise<Map<string, PaymentIntent>> {
    if (this.#reading) return this.#reading.done;
    const heard = new Map<string, PaymentIntent>();
    const done = this.#read().then((found) => {
      const open = new Map(found.map((intent) => [intent.id, intent]));
      for (const [id, intent] of heard) {
        if (FOLLOWED_STATES.includes(intent.state)) open.set(id, intent);
        else open.delete(id);
      }
      // Forgotten while it read (a restore ended meanwhile): used for this answer, and read again the next time.
      if (this.#reading?.done === done) {
        this.#open = open;
        this.#reading = undefined;
      }
      return open;
    });
    this.#reading = { done, heard };
    done.catch(() => {
      if (this.#reading?.done === done) this.#reading = undefined;
    });
    return done;
  }
}
