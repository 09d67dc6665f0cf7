/**
 * The sandbox's sense of time. Every expiry, the idempotency window and the GMT day of the daily limit read it, so
 * tests move time instead of waiting for it. A frozen clock stands still until it is set or advanced; a running clock
 * follows the machine's time plus an offset, so a tester's sandbox still expires codes and tokens on its own.
 */
export interface SandboxClock {
  /** Milliseconds since the epoch. */
  now(): number;
  set(at: Date | string | number): void;
  advanceSeconds(seconds: number): void;
  readonly frozen: boolean;
  /** Calls the listener after every set or advance (the app's core runs what became due); returns the stop. */
  onMove(listener: () => void): () => void;
}

/** The listeners of one clock's moves. */
function moves() {
  const listeners = new Set<() => void>();
  return {
    onMove(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    moved() {
      for (const listener of listeners) listener();
    },
  };
}

export function toEpochMs(at: Date | string | number): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  if (!Number.isFinite(ms)) throw new RangeError(`not a point in time: ${String(at)}`);
  return ms;
}

export function frozenClock(start: Date | string | number): SandboxClock {
  let current = toEpochMs(start);
  const { onMove, moved } = moves();
  return {
    frozen: true,
    now: () => current,
    set(at) {
      current = toEpochMs(at);
      moved();
    },
    advanceSeconds(seconds) {
      current += seconds * 1000;
      moved();
    },
    onMove,
  };
}

export function runningClock(machineNow: () => number = Date.now): SandboxClock {
  let offset = 0;
  const { onMove, moved } = moves();
  return {
    frozen: false,
    now: () => machineNow() + offset,
    set(at) {
      offset = toEpochMs(at) - machineNow();
      moved();
    },
    advanceSeconds(seconds) {
      offset += seconds * 1000;
      moved();
    },
    onMove,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The GMT day a moment falls in, as a number of days since the epoch: the daily limit's bucket. */
export function gmtDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}
