import type { EventPayload } from '../../common/bridge-contract.ts';
import type { SessionService } from './session-service.ts';

/**
 * Tells the renderer once when a grant reminder falls due (days before the 90-day grant ends): the core checks on
 * its tick, and every status read checks too, so the same reminder would otherwise be announced again and again.
 * Each check also brings the renderer the session itself where what it shows of the grant moved on with the clock
 * (a day fewer, the grant over: see SessionService.recheck), so the banner and the prompt need no click.
 */
export class GrantReminders {
  readonly #sessions: SessionService;
  readonly #announce: (reminder: EventPayload<'grantReminder'>) => void;
  readonly #announced = new Set<string>();

  constructor(sessions: SessionService, announce: (reminder: EventPayload<'grantReminder'>) => void) {
    this.#sessions = sessions;
    this.#announce = announce;
  }

  check(profileId: string): void {
    const session = this.#sessions.recheck(profileId);
    if (!session.signedIn || !session.reminder || session.grantEnd === undefined) return;
    const key = `${session.profileId}|${session.grantEnd}|${session.reminder}`;
    if (this.#announced.has(key)) return;
    this.#announced.add(key);
    this.#announce({
      profileId: session.profileId,
      reminder: session.reminder,
      daysLeft: session.daysLeft ?? 0,
      grantEnd: session.grantEnd,
    });
  }
}
