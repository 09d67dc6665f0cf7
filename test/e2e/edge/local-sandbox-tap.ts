/**
 * Stands in for the built `out/main/local-sandbox.js` (see electron-hooks.ts): the same launcher, whose started
 * sandbox is also handed to the host, so the test can ask the very bank the app paid what it holds. The sandbox
 * itself is the app's, unchanged.
 */
import type { Sandbox } from '../../../sandbox/index.ts';
import { hostState } from './host-state.ts';

interface Launcher {
  ensureStarted(): Promise<Sandbox>;
}

type LaunchSandbox = (...args: unknown[]) => Launcher;

function launcherOf(chunk: { localSandboxLauncher?: LaunchSandbox }): LaunchSandbox {
  if (typeof chunk.localSandboxLauncher !== 'function') {
    throw new Error(`${hostState.sandboxChunk} exports no localSandboxLauncher`);
  }
  return chunk.localSandboxLauncher;
}

const launch = launcherOf((await import(hostState.sandboxChunk)) as { localSandboxLauncher?: LaunchSandbox });

export function localSandboxLauncher(...args: unknown[]): Launcher {
  const launcher = launch(...args);
  return {
    ...launcher,
    async ensureStarted() {
      const sandbox = await launcher.ensureStarted();
      if (!hostState.sandboxes.includes(sandbox)) hostState.sandboxes.push(sandbox);
      return sandbox;
    },
  };
}
