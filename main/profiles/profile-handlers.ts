import type { HandlerTable, ProfileChange, ProfileList } from '../../common/bridge-contract.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { ProfileService } from './profile-service.ts';

export type ProfileHandlers = Pick<HandlerTable, 'listProfiles' | 'switchProfile' | 'saveProfile' | 'removeProfile'>;

/** The profiles a tester switches between and edits; what a change means for the profile's session. */
export function profileHandlers(options: {
  profiles: ProfileService;
  sessions: SessionService;
  /** The vendor allows adding and editing profiles. */
  canEdit: boolean;
  /** A profile was saved or removed: the bank sites a link may open changed. */
  onSaved?: () => void;
  /** A profile was removed (or a shipped one reset): what was kept of it goes (its calls to the bank). */
  onRemoved?: (id: string) => void;
}): ProfileHandlers {
  const { profiles, sessions } = options;
  const list = (): ProfileList => ({ profiles: profiles.summaries(), canEdit: options.canEdit });
  const changed = (): ProfileChange => ({ ...list(), session: sessions.status(profiles.active().id) });
  return {
    listProfiles: list,
    switchProfile: async ({ id }) => {
      await sessions.cancelSignIn();
      profiles.switchTo(id);
      return changed();
    },
    saveProfile: (input) => {
      profiles.save(input);
      // Repointed at another bank, client or sign-in settings: its session ends now, before a call could use it.
      sessions.profileChanged(input.id);
      options.onSaved?.();
      return list();
    },
    removeProfile: ({ id }) => {
      profiles.remove(id);
      // A removed profile's tokens and known customer go with it; a reset shipped profile starts signed out.
      sessions.forget(id);
      options.onRemoved?.(id);
      options.onSaved?.();
      return changed();
    },
  };
}
