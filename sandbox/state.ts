import { ClientRegistry, defaultClient } from './clients.ts';
import type { ClientRegistration } from './clients.ts';
import { frozenClock, runningClock } from './clock.ts';
import type { SandboxClock } from './clock.ts';
import { Faults } from './faults.ts';
import { GrantStore } from './grants.ts';
import { InitiationStore } from './initiations.ts';
import { Ledger } from './ledger.ts';
import { RequestLog } from './request-log.ts';
import { TokenService } from './tokens.ts';

export type SandboxMode = 'stateful' | 'faithful';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback only unless told otherwise. */
  host?: string;
  mode?: SandboxMode;
  /** Serve the `/__sandbox/*` control endpoints over HTTP. The programmatic API has them regardless. */
  control?: boolean;
  accessTokenTtlSeconds?: number;
  /** The default application's one registered redirect URI, matched exactly, instead of any loopback URI. */
  strictRedirect?: string;
  /** Further registered applications, besides `wallet-local`. */
  clients?: readonly ClientRegistration[];
  /** Freeze the clock at this moment; without it the clock follows the machine's (and can still be set or advanced). */
  now?: Date | string | number;
}

/** One sandbox's memory. Nothing here is module-level, so many sandboxes can live in one process. */
export interface SandboxState {
  mode: SandboxMode;
  accessTokenTtlSeconds: number;
  clock: SandboxClock;
  clients: ClientRegistry;
  grants: GrantStore;
  tokens: TokenService;
  ledger: Ledger;
  initiations: InitiationStore;
  faults: Faults;
  log: RequestLog;
  /** The user the login page is filled in for (a tester picked one in the app's panel); none to type one in. */
  picked?: string | undefined;
}

export async function createState(options: SandboxOptions): Promise<SandboxState> {
  const ttl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl < 1)
    throw new RangeError(`accessTokenTtlSeconds must be a whole number >= 1: ${ttl}`);
  const mode = options.mode ?? 'stateful';
  if (mode !== 'stateful' && mode !== 'faithful')
    throw new RangeError(`mode must be stateful or faithful: ${String(mode)}`);
  const localApp = options.strictRedirect
    ? { ...defaultClient, redirectUris: [options.strictRedirect] }
    : defaultClient;
  return {
    mode,
    accessTokenTtlSeconds: ttl,
    clock: options.now === undefined ? runningClock() : frozenClock(options.now),
    clients: new ClientRegistry([localApp, ...(options.clients ?? [])]),
    grants: new GrantStore(),
    tokens: await TokenService.create(),
    ledger: new Ledger(),
    initiations: new InitiationStore(),
    faults: new Faults(),
    log: new RequestLog(),
  };
}

/**
 * Back to the start: balances, initiations, request ids, grants, codes, faults and the log. The clock and keys stay.
 * Requests a delay holds are let go and dropped, as a network failure would: none is done in the new start.
 */
export function resetState(state: SandboxState): void {
  state.faults.drop();
  state.grants.clear();
  state.tokens.forgetVerified();
  state.ledger.reset();
  state.initiations.clear();
  state.faults.clear();
  state.log.clear();
  state.picked = undefined;
}
