import { controlOf } from './control.ts';
import type { SandboxControl } from './control.ts';
import { buildServer } from './server.ts';
import { createState } from './state.ts';
import type { SandboxMode, SandboxOptions } from './state.ts';

export type { SandboxOptions, SandboxMode } from './state.ts';
export type { SandboxControl } from './control.ts';
export type { SandboxClock } from './clock.ts';
export type { ClientRegistration } from './clients.ts';
export type { Fault, FaultInput, FaultKind, FaultRoute, Faults } from './faults.ts';
export type { Initiation, InitiationRecord } from './initiations.ts';
export type { RequestLogEntry } from './request-log.ts';
export type { SandboxAccount, SandboxUser } from './users.ts';
export { clientsFromFile, defaultClient } from './clients.ts';
export { INITIATIONS_PATH } from './initiations.ts';
export { SAMPLE_INITIATION_ID } from './payments-api.ts';
export { SANDBOX_PASSWORD, sandboxUsers } from './users.ts';

export interface Sandbox extends SandboxControl {
  /** The one origin serving `{auth_url}` and `{base_url}`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  mode: SandboxMode;
  stop(): Promise<void>;
}

function origin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Starts a sandbox bank in this process. Importing this module starts nothing. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = await createState(options);
  const control = controlOf(state);
  const app = await buildServer(state, control, options.control ?? false);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the sandbox did not get a TCP port');
  const url = origin(host, address.port);
  state.tokens.issuer = url;
  let stopped: Promise<void> | undefined;
  return {
    ...control,
    url,
    mode: state.mode,
    // Requests a delay still holds are dropped first, as at a reset: the server does not wait out their delays.
    stop: () => (stopped ??= (state.faults.drop(), app.close())),
  };
}
