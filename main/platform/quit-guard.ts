import type { LogEntry } from '../log/app-log.ts';

/**
 * Holds a quit until the wallet's core has closed (issue 39, item 4): the bank-call log is flushed only by the core's
 * 5-second tick and by `close()`, so a quit that did not wait lost the calls of its last seconds, often the very
 * payment support asks about; the payment store is closed cleanly too.
 *
 * Electron's `before-quit` may be prevented: the first one is, the core closes (bounded by `limitMs`, so a core that
 * hangs never keeps the app from quitting), and then the app is asked to quit again, which this time goes through.
 * Plain TypeScript over the two members of Electron's `app` it uses, so it is tested under Node.
 */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitGuardOptions {
  /** Closes the core: flushes the call log, closes the stores. */
  close(): Promise<void>;
  /** The longest the quit waits for `close` (a few seconds: the customer asked to quit). */
  limitMs: number;
  /** Called once the quit is held, before the core closes: the windows go away at once, as the customer expects. */
  onHold?: () => void;
  /** Where a close that failed or took too long is told: the app's log (`log.warn`); console.warn by default. */
  warn?: (entry: LogEntry) => void;
  setTimer?: (run: () => void, ms: number) => { unref?: () => unknown } | number;
}

/** The quit guard's default bound: long enough for a flush and the store's close, short enough not to annoy. */
export const QUIT_CLOSE_LIMIT_MS = 4_000;

export function closeBeforeQuit(app: QuittingApp, options: QuitGuardOptions): void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  const warn = options.warn ?? warnOnConsole;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));

  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    // Also a second quit while the core closes (Cmd+Q pressed again): it waits for the same close.
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    options.onHold?.();
    const closing = (async () => options.close())().then(
      () => 'closed' as const,
      (error: unknown) => {
        warn({
          event: 'quit.closeFailed',
          ...(error instanceof Error && 'code' in error && typeof error.code === 'string' ? { code: error.code } : {}),
          message: error instanceof Error ? error.message : String(error),
        });
        return 'failed' as const;
      },
    );
    const timedOut = new Promise<'timeout'>((resolve) => setTimer(() => resolve('timeout'), options.limitMs));
    void Promise.race([closing, timedOut]).then((outcome) => {
      if (outcome === 'timeout') {
        warn({ event: 'quit.closeTimedOut', message: `not closed within ${String(options.limitMs)} ms; quitting` });
      }
      state = 'closed';
      app.quit();
    });
  });
}

/** Until the app's log is given: one line on the console, as the rest of main's warnings. */
export function warnOnConsole(entry: LogEntry): void {
  console.warn(`a2a-wallet: ${entry.event}${entry.code ? ` (${entry.code})` : ''}: ${entry.message ?? ''}`);
}
