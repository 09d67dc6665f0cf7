import { defaultClient, startSandbox, type Sandbox } from '../../sandbox/index.ts';

/**
 * The local sandbox profile's bank, started inside the main process the first time it is needed: loopback only,
 * on a free port, with a clock that follows the machine's. It lives until the app quits.
 */
export interface LocalSandboxApp {
  clientId: string;
  clientSecret: string;
  apiKey: string;
}

/** The app registration the embedded sandbox knows, which the Local sandbox profile signs in with. */
export const LOCAL_SANDBOX_APP: LocalSandboxApp = {
  clientId: defaultClient.clientId,
  clientSecret: defaultClient.clientSecret,
  apiKey: defaultClient.apiKey,
};

export interface LocalSandboxLauncher {
  /** The app registration to sign in with. */
  app: LocalSandboxApp;
  ensureStarted(): Promise<Sandbox>;
  stop(): Promise<void>;
}

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
