import type { LocalSandboxLauncher } from './local-sandbox.ts';
import type { ProfileService } from './profile-service.ts';

/**
 * Starts the embedded sandbox, where the platform has one, and points the Local sandbox profile at it. A sandbox that
 * does not start leaves the other profiles working: the Local sandbox one reads as incomplete and says so on sign-in.
 * The sandbox is a chunk of its own that vendors may leave out: this file imports it by type only.
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
