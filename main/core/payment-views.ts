import type { DailyLimitView, PaymentChange, PaymentView } from '../../common/bridge-contract.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Clock } from '../../common/time.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { FollowUp } from '../payments/follow-up.ts';
import { paymentView, type PaymentViews } from '../payments/payment-view.ts';
import type { Late } from './late.ts';

/** The kennitala of the customer signed in at `profileId`, whom the follow-up follows; undefined when nobody is. */
export function signedInCustomer(sessions: Pick<SessionService, 'customer'>, profileId: string): string | undefined {
  try {
    return sessions.customer(profileId).kennitala;
  } catch {
    // Nobody signed in: nothing is followed up.
    return undefined;
  }
}

export interface CorePaymentViews {
  /** One payment as the window sees it now. */
  view: PaymentViews;
  /** A page of them: who is signed in is read once, not once a row. */
  views(intents: readonly PaymentIntent[]): PaymentView[];
  /** A payment's news goes to the window only while it shows that payment's customer (never to the next one). */
  forTheWindow(intent: PaymentIntent): boolean;
}

/**
 * A payment as the window sees it now: with what main's clock says of it, and when the app asks about it next by
 * itself (only while its customer is the one signed in, whom the follow-up follows). The follow-up, built after the
 * views (its news is told with them), is reached through a Late.
 */
export function paymentViews(options: {
  clock: Clock;
  sessions: SessionService;
  activeProfile: () => string;
  followUp: Late<Pick<FollowUp, 'nextAt'>>;
}): CorePaymentViews {
  const { clock, sessions, followUp } = options;
  const viewFor = (intent: PaymentIntent, followed: string | undefined) =>
    paymentView(intent, {
      now: clock.now(),
      nextCheckAt: followed === intent.order.debtorKennitala ? followUp.value.nextAt(intent) : undefined,
    });
  return {
    view: (intent) => viewFor(intent, signedInCustomer(sessions, intent.profileId)),
    views: (intents) => {
      const followed = intents[0] ? signedInCustomer(sessions, intents[0].profileId) : undefined;
      return intents.map((intent) => viewFor(intent, followed));
    },
    forTheWindow: (intent) =>
      intent.profileId === options.activeProfile() &&
      sessions.knownCustomer(intent.profileId)?.kennitala === intent.order.debtorKennitala,
  };
}

/**
 * A payment's change as the window hears it (`paymentChanged`): its view as the change left it, and today's limit of
 * its customer read after it, so the window shows both without asking again (issue 41). Told in the order the changes
 * came, each once its limit is read; without the limit where it cannot be read (nobody signed in to read it for).
 */
export function paymentNews(options: {
  views: CorePaymentViews;
  limitOf(intent: PaymentIntent): Promise<DailyLimitView>;
  tell(change: PaymentChange): void;
}): { changed(intent: PaymentIntent): void } {
  let told: Promise<void> = Promise.resolve();
  return {
    changed(intent) {
      if (!options.views.forTheWindow(intent)) return;
      const view = options.views.view(intent);
      const limit = options.limitOf(intent).catch(() => undefined);
      told = told.then(async () => {
        const read = await limit;
        options.tell(read ? { ...view, limit: read } : view);
      });
    },
  };
}
