import { defaultClient, startSandbox, type Sandbox } from '../../sandbox/index.ts';
import type { ProfileService } from './profile-service.ts';

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

/**
 * Starts the embedded sandbox, where the platform has one, and points the Local sandbox profile at it. A sandbox that
 * does not start leaves the other profiles working: the Local sandbox one reads as incomplete and says so on sign-in.
 */
export async function connectLocalSandbox(
  launcher: LocalSandboxLauncher | undefined,
  profiles: Pick<ProfileService, 'setLocalSandbox'>,
): Promise<void> {
  if (!launcher) return;
  try {
    const sandbox = await launcher.ensureStarted();
    profiles.setLocalSandbox({ url: sandbox.url, ...launcher.app });
  } catch (error) {
    console.error(`The local sandbox did not start: ${(error as Error).message}`);
  }
}
