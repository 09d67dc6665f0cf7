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

export function slicePacer(budgetMs = 8): Pacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= budgetMs,
    async pause() {
      await new Promise<void>((resolve) => setImmediate(resolve));
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
