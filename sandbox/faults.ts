import { z } from 'zod';

export const faultRoutes = ['payments.create', 'payments.get', 'token'] as const;
export const faultKinds = ['status500', 'delay', 'dropBeforeProcessing', 'dropAfterProcessing'] as const;

export type FaultRoute = (typeof faultRoutes)[number];
export type FaultKind = (typeof faultKinds)[number];

export const faultSchema = z.strictObject({
  route: z.enum(faultRoutes),
  kind: z.enum(faultKinds),
  /** How many of the next requests on the route it hits. */
  count: z.int().min(1).max(1_000_000).default(1),
  delayMs: z.int().min(0).max(120_000).default(0),
});

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema>;

/** What a route does with the fault that hits the request in hand. */
export interface FaultHit {
  kind: FaultKind;
  delayMs: number;
}

/**
 * Faults queued per route, first in first out: the next `count` requests on the route suffer the first one, and so on.
 * `delayMs` is real time, not the sandbox clock: it exists to run a client's timeouts.
 */
export class Faults {
  readonly #queues = new Map<FaultRoute, Fault[]>();

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
    return { kind: fault.kind, delayMs: fault.delayMs };
  }

  list(): Fault[] {
    return [...this.#queues.values()].flat().map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.#queues.clear();
  }
}
