import { startSandbox, type Sandbox } from '../../sandbox/index.ts';

/**
 * The local sandbox profile's bank, started inside the main process the first time it is needed: loopback only,
 * on a free port, with a clock that follows the machine's. It lives until the app quits.
 */
export interface LocalSandboxLauncher {
  ensureStarted(): Promise<Sandbox>;
  stop(): Promise<void>;
}

export function localSandboxLauncher(start: typeof startSandbox = startSandbox): LocalSandboxLauncher {
  let running: Promise<Sandbox> | undefined;
  return {
    ensureStarted() {
      running ??= start({ host: '127.0.0.1', port: 0 }).catch((error: unknown) => {
        running = undefined;
        throw error;
      });
      return running;
    },
    async stop() {
      const sandbox = running;
      running = undefined;
      await (await sandbox)?.stop();
    },
  };
}
