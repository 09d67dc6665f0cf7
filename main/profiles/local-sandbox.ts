import { defaultClient, startSandbox, type Sandbox } from '../../sandbox/index.ts';
import type { LocalSandboxLauncher } from '../platform/host-ports.ts';

/** The launcher's shape is the host port's (platform/host-ports.ts), named here too for this module's importers. */
export type { LocalSandboxLauncher };

/** The app registration a launcher signs in with. */
export type LocalSandboxApp = LocalSandboxLauncher['app'];

/** The app registration the embedded sandbox knows, which the Local sandbox profile signs in with. */
export const LOCAL_SANDBOX_APP: LocalSandboxApp = {
  clientId: defaultClient.clientId,
  clientSecret: defaultClient.clientSecret,
  apiKey: defaultClient.apiKey,
};

/**
 * The local sandbox profile's bank, started inside the main process the first time it is needed: loopback only,
 * on a free port, with a clock that follows the machine's. It lives until the app quits.
 */
export function localSandboxLauncher(start: typeof startSandbox = startSandbox): LocalSandboxLauncher {
  let running: Promise<Sandbox> | undefined;
  return {
    app: LOCAL_SANDBOX_APP,
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
