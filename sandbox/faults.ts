import { z } from 'zod';
import { bankErrorNames, type BankErrorName } from '../common/bank-errors.ts';
import { FAULT_KINDS, FAULT_ROUTES, type FaultKind, type FaultRoute } from '../common/sandbox-faults.ts';

export const faultRoutes = FAULT_ROUTES;
export const faultKinds = FAULT_KINDS;
export type { FaultKind, FaultRoute };

export const faultSchema = z
  .strictObject({
    route: z.enum(faultRoutes),
    kind: z.enum(faultKinds),
    /** How many of the next requests on the route it hits. */
    count: z.int().min(1).max(1_000_000).default(1),
    delayMs: z.int().min(0).max(120_000).default(0),
    /** bankError's answer: one of the bank's errors (bank-service.md, "Errors"). */
    error: z.enum(bankErrorNames).optional(),
  })
  .refine((fault) => (fault.kind === 'bankError') === (fault.error !== undefined), {
    message: 'a bankError fault names its error; no other fault has one',
    path: ['error'],
  })
  .refine((fault) => fault.kind !== 'bankError' || fault.route !== 'token', {
    message: 'the token endpoint answers OAuth errors, not the bank’s',
    path: ['route'],
  });

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema>;

/** What a route does with the fault that hits the request in hand. */
export interface FaultHit {
  kind: FaultKind;
  delayMs: number;
  error?: BankErrorName;
}

/** What a request a delay held does once the delay ends. */
export type DelayEnd = 'go on' | 'drop';

/**
 * Faults queued per route, first in first out: the next `count` requests on the route suffer the first one, and so on.
 * `delayMs` is real time, not the sandbox clock: it exists to run a client's timeouts.
 */
export class Faults {
  readonly #queues = new Map<FaultRoute, Fault[]>();
  /** The delays under way, each ended early by calling it with what the request does next. */
  readonly #delays = new Set<(next: DelayEnd) => void>();

  add(input: FaultInput): Fault {
    const fault = faultSchema.parse(input);
    const queue = this.#queues.get(fault.route) ?? [];
    queue.push({ ...fault });
    this.#queues.set(fault.route, queue);
    return fault;
  }

  /** Consumes one hit of the route's first fault. */
  take(route: FaultRoute): FaultHit | undefined {
    const queue = this.#queues.get(route);
    const fault = queue?.[0];
    if (!queue || !fault) return undefined;
    fault.count -= 1;
    if (fault.count === 0) queue.shift();
    return { kind: fault.kind, delayMs: fault.delayMs, ...(fault.error ? { error: fault.error } : {}) };
  }

  list(): Fault[] {
    return [...this.#queues.values()].flat().map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queues.clear();
  }

  /**
   * A delay fault's wait: its real time, or less if `release` or `drop` ends it first. Says whether the request goes
   * on or is dropped.
   */
  delay(ms: number): Promise<DelayEnd> {
    return new Promise((resolve) => {
      const end = (next: DelayEnd): void => {
        clearTimeout(timer);
        this.#delays.delete(end);
        resolve(next);
      };
      const timer = setTimeout(() => end('go on'), ms);
      this.#delays.add(end);
    });
  }

  /** How many requests a delay holds back now. */
  get delaying(): number {
    return this.#delays.size;
  }

  /**
   * Ends every delay under way now: the requests it held go on at once. A test holds an answer with a long delay and
   * lets it go at the moment it chooses, rather than racing a short one. Returns how many it let go.
   */
  release(): number {
    return this.#endDelays('go on');
  }

  /** Ends every delay under way now, and the requests it held are dropped (a reset, a stop). Returns how many. */
  drop(): number {
    return this.#endDelays('drop');
  }

  #endDelays(next: DelayEnd): number {
    const ends = [...this.#delays];
    for (const end of ends) end(next);
    return ends.length;
  }
}
