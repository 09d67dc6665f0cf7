import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Long work on the main process (opening years of payments, compacting them) in slices: the work runs until its
 * slice's time is used up, then lets the event loop answer the window before it goes on. No slice is meant to take
 * longer than a frame (16 ms): the budget is half of that, and each unit of work is far smaller.
 */
export interface Pacer {
  /** Whether the current slice's time is used up. */
  due(): boolean;
  /** Lets everything queued on the event loop run, then starts a new slice. */
  pause(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let youngCollector: (() => void) | undefined;

/**
 * What the young generation may hold before a pause collects it: a collection copies what survives, about 1 ms a
 * megabyte here, so this keeps one well inside a slice. Below it a pause asks for nothing (a collection of almost
 * nothing still costs a few milliseconds on a large heap).
 */
export const YOUNG_COLLECT_BYTES = 4 * 1024 * 1024;

/** How much the young generation holds now (V8's new space). */
export function youngBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_used_size ?? 0;
}

/**
 * A collection of V8's young generation, now, as its own short task, once it holds YOUNG_COLLECT_BYTES or more.
 * Everything a long read parses survives, and V8 collects its young generation only when that is full: one such
 * collection copies megabytes of survivors at once (14 to 28 ms measured, longer than a frame). Asked for between
 * slices, each collection copies only a few slices' survivors. V8 gives the app that call only through its `gc`
 * extension: the flag is set for the one context made here and unset again, so nothing else sees a `gc` function.
 * Where V8 refuses, it is a no-op.
 */
export function collectYoung(threshold = YOUNG_COLLECT_BYTES): void {
  if (!youngCollector) {
    try {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
      youngCollector = () => gc({ type: 'minor' });
    } catch {
      youngCollector = () => undefined;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  if (youngBytes() >= threshold) youngCollector();
}

/**
 * Slices of `budgetMs`. At each pause the event loop runs what is queued, then the young generation is collected as a
 * task of its own, then the event loop runs again (so a window's call waits at most one slice or one collection).
 */
export function slicePacer(budgetMs = 8, collect: () => void = collectYoung): Pacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= budgetMs,
    async pause() {
      await nextTurn();
      collect();
      await nextTurn();
      since = performance.now();
    },
  };
}

/** Runs a generator of work to its end at once (tests, tools): every yield is ignored. */
export function runAtOnce<T>(work: Generator<unknown, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs a generator of work in slices: at each yield, pauses when the slice's time is used up. */
export async function runPaced<T>(work: Generator<unknown, T>, pacer: Pacer): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (pacer.due()) await pacer.pause();
  }
}
