import type { SandboxClock } from './clock.ts';
import type { Faults } from './faults.ts';
import type { InitiationRecord } from './initiations.ts';
import type { RequestLogEntry } from './request-log.ts';
import { resetState } from './state.ts';
import type { SandboxState } from './state.ts';
import { sandboxUsers } from './users.ts';
import type { SandboxUser } from './users.ts';

/** What tests and the app may do to a running sandbox; `/__sandbox/*` is the same over HTTP. */
export interface SandboxControl {
  clock: SandboxClock;
  faults: Faults;
  users: readonly SandboxUser[];
  /** The customer revoked the application(s) in online banking. Returns how many grants ended. */
  revoke(username: string): number;
  reset(): void;
  initiations(): InitiationRecord[];
  requests(): RequestLogEntry[];
  /** Current balance of a sandbox account (12 digits), or undefined for an account outside the sandbox. */
  balance(accountId: string): number | undefined;
  /** Fills the login page in for one of the users (undefined: the tester types one); false for an unknown user. */
  pickUser(username: string | undefined): boolean;
  pickedUser(): string | undefined;
}

export function controlOf(state: SandboxState): SandboxControl {
  return {
    clock: state.clock,
    faults: state.faults,
    users: sandboxUsers,
    revoke: (username) => state.grants.revokeUser(username),
    reset: () => resetState(state),
    initiations: () => state.initiations.all().map((record) => structuredClone(record)),
    requests: () => state.log.entries(),
    balance: (accountId) => state.ledger.balance(accountId),
    pickUser: (username) => {
      if (username !== undefined && !sandboxUsers.some((user) => user.username === username)) return false;
      state.picked = username;
      return true;
    },
    pickedUser: () => state.picked,
  };
}
