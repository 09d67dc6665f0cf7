import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { GrantReminders } from './grant-reminders.ts';
import type { SessionService } from './session-service.ts';

export type SessionHandlers = Pick<HandlerTable, 'sessionStatus' | 'signIn' | 'cancelSignIn' | 'signOut'>;

/** The active profile's session: sign-in with the bank, its 90-day grant, and the reminders before it ends. */
export function sessionHandlers(options: {
  sessions: SessionService;
  reminders: GrantReminders;
  activeProfile(): string;
}): SessionHandlers {
  const { sessions, reminders, activeProfile } = options;
  return {
    sessionStatus: () => {
      reminders.check(activeProfile());
      return sessions.status(activeProfile());
    },
    signIn: () => sessions.signIn(activeProfile()),
    cancelSignIn: async () => {
      await sessions.cancelSignIn();
      return sessions.status(activeProfile());
    },
    signOut: () => sessions.signOut(activeProfile()),
  };
}
