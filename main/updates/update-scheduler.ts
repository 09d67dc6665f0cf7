import { DAY_MS, type Clock } from '../../common/time.ts';

/**
 * When to look for an update and what to do with one, apart from Electron: the app checks at start and then once a
 * day, the update downloads in the background, and the customer is asked before the app restarts into it. A
 * customer who says "later" is not asked again about that version; it installs when the app quits.
 *
 * The check is due when a day has passed since the last one that worked. The timer only wakes the scheduler up
 * (hourly), so a machine that slept through the day, or a check that failed offline, catches up within the hour.
 */
export const CHECK_EVERY_MS = DAY_MS;
export const WAKE_EVERY_MS = 60 * 60 * 1000;

export interface UpdateClient {
  /** Asks the feed; when there is a newer version, downloads it and resolves with its version, else undefined. */
  checkAndDownload(): Promise<string | undefined>;
  /** Quits and installs the downloaded update. */
  install(): void;
}

export interface UpdateTimer {
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export type RestartAnswer = 'restart' | 'later';

export interface UpdateSchedulerOptions {
  client: UpdateClient;
  clock: Clock;
  timer: UpdateTimer;
  /** Asks the customer whether to restart into `version` now. */
  ask(version: string): Promise<RestartAnswer>;
  log?(message: string, error?: unknown): void;
}

export interface UpdateScheduler {
  start(): void;
  stop(): void;
  /** Resolves when the current check, download and question (if any) are over; for tests and shutdown. */
  idle(): Promise<void>;
}

export function createUpdateScheduler(options: UpdateSchedulerOptions): UpdateScheduler {
  const { client, clock, timer, ask, log = () => {} } = options;
  let lastCheckedAt: number | undefined;
  let running: Promise<void> | undefined;
  let cancelTimer: (() => void) | undefined;
  const notAskedAgain = new Set<string>();

  function due(): boolean {
    if (lastCheckedAt === undefined) return true;
    const since = clock.now() - lastCheckedAt;
    // A clock set back by more than a day would otherwise stop the checks until it caught up.
    return since >= CHECK_EVERY_MS || since < -CHECK_EVERY_MS;
  }

  async function offer(version: string): Promise<void> {
    if (notAskedAgain.has(version)) return;
    const answer = await ask(version);
    if (answer === 'restart') {
      client.install();
    } else {
      notAskedAgain.add(version);
      log(`update ${version} installs when the app quits`);
    }
  }

  async function checkOnce(): Promise<void> {
    let version: string | undefined;
    try {
      version = await client.checkAndDownload();
      lastCheckedAt = clock.now();
    } catch (error) {
      log('update check failed; trying again within the hour', error);
      return;
    }
    if (version !== undefined) await offer(version);
  }

  function wake(): void {
    // One check (and its download and question) at a time.
    if (running || !due()) return;
    running = checkOnce()
      .catch((error: unknown) => log('asking about the update failed', error))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (cancelTimer) return;
      cancelTimer = timer.every(WAKE_EVERY_MS, wake);
      wake();
    },
    stop() {
      cancelTimer?.();
      cancelTimer = undefined;
    },
    idle: () => running ?? Promise.resolve(),
  };
}
