import { afterEach, beforeEach } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';
import type { Sandbox, SandboxOptions } from '../../sandbox/index.ts';
import { signIn } from './oauth-dance.ts';
import type { DanceOptions } from './oauth-dance.ts';

/** Noon GMT: far from both ends of the limit's day unless a test moves there on purpose. */
export const NOON = '2026-11-22T12:00:00.000Z';

/** A fresh sandbox for every test of the file, frozen at `NOON` unless `options.now` says otherwise. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeEach(async () => {
    sandbox = await startSandbox({ now: NOON, ...options });
  });
  afterEach(async () => {
    await sandbox?.stop();
    sandbox = undefined;
  });
  return () => {
    if (!sandbox) throw new Error('no sandbox outside a test');
    return sandbox;
  };
}

/** An access token for `username` (full scope unless told otherwise). */
export async function tokenFor(sandbox: Sandbox, username: string, options: DanceOptions = {}): Promise<string> {
  return (await signIn(sandbox.url, { ...options, username })).access_token;
}
