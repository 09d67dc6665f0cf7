import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../main/log/app-log.ts';
import { STORE_STOPPED, StoreHost } from '../../../../main/payments/store/store-host.ts';
import { WalletError } from '../../../../main/wallet-error.ts';
import { testFolder } from '../../../support/temp-folder.ts';

/**
 * Issue 39, item 3: a payment store worker that fails to start or dies. Its error reaches the app log with its code and
 * message (it was discarded), every request fails as STORE_STOPPED (its own words in the window), and the worker is
 * started again with growing waits, and no more after four quick deaths, rather than on every request.
 */
function dyingWorker(): string {
  const file = join(testFolder('a2a-worker'), 'dies.mjs');
  writeFileSync(
    file,
    "throw Object.assign(new Error('SQLITE_CANTOPEN: unable to open database file'), { code: 'ERR_SQLITE_ERROR' });\n",
  );
  return file;
}

const codeOf = (error: unknown) => (error instanceof WalletError ? error.code : String(error));

describe('a payment store whose worker keeps dying', () => {
  it('logs each death with its code and message, backs off, and stops after four quick deaths', async () => {
    let now = 0;
    const logged: LogEntry[] = [];
    const host = new StoreHost({ thread: dyingWorker() }, { now: () => now });
    host.log = { error: (entry) => void logged.push(entry), warn: (entry) => void logged.push(entry) };
    const ask = () => host.ask({ op: 'integrity', handle: 1 }).then(() => 'answered', codeOf);

    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(1);
    expect(logged).toEqual([
      {
        event: 'store.workerError',
        code: 'ERR_SQLITE_ERROR',
        message: 'SQLITE_CANTOPEN: unable to open database file',
      },
      { event: 'store.workerExit', code: 'EXIT_1' },
    ]);
    // Asked again at once: a new worker; then it waits 1 s before the next one, then 5 s.
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(2);
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(2);
    now += 1_000;
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(3);
    now += 4_000;
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(3);
    now += 1_000;
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(4);
    // Four quick deaths: no new worker, whatever is asked, until a minute after the last.
    const last = now;
    for (const later of [5_000, 30_000, 59_000]) {
      now = last + later;
      expect(await ask()).toBe(STORE_STOPPED);
      expect(host.deaths).toBe(4);
    }
    now = last + 60_000;
    expect(await ask()).toBe(STORE_STOPPED);
    expect(host.deaths).toBe(5);
    await host.stop();
  });
});
