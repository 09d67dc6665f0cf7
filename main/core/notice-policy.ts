import type { DueItem } from '../../common/due-payment.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { DueNews } from '../due/due-handlers.ts';
import { dueNotice } from '../due/due-notice.ts';
import type { DuePayments } from '../due/due-payments.ts';
import { reminderDate, reminderNotice } from '../due/due-reminder.ts';
import type { LockService } from '../lock/lock-service.ts';
import { outcomeNotice } from '../payments/outcome-notice.ts';
import type { Notice } from '../platform/host-ports.ts';
import type { Platform } from '../platform/platform.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { EventBus } from './event-bus.ts';
import { signedInCustomer } from './payment-views.ts';

export interface NoticePolicyOptions {
  settings: SettingsService;
  lock: LockService;
  sessions: SessionService;
  due: DuePayments;
  bus: EventBus;
  activeProfile(): string;
  /** The host's notifications, where it has them (read as each notice shows). */
  host: Pick<Platform, 'notify' | 'appInfo'>;
}

/**
 * When the customer is told by a desktop notification, and what it may name (the words are the notices' own:
 * payments/outcome-notice.ts and due/due-notice.ts). A notice names a payee and an amount only while the customer
 * allowed it and the window shows that payment's customer, unlocked, at the moment it shows: a follow-up round can
 * end after the app locked, or after another customer signed in.
 */
export class NoticePolicy {
  readonly #options: NoticePolicyOptions;
  /** Overdue payments are told once a run, per customer. */
  readonly #toldOverdue = new Set<string>();
  /**
   * Main's first day seen in this run, per customer: a due date before it passed while the app was closed; one on or
   * after it passed while the app was running, and the notice does not say it was closed (issue 42).
   */
  readonly #runFrom = new Map<string, string>();

  constructor(options: NoticePolicyOptions) {
    this.#options = options;
  }

  /** The app learned a payment's outcome by itself (the follow-up): told, named only as above. */
  outcome(after: PaymentIntent): void {
    const { settings, host } = this.#options;
    const details = settings.notificationDetails() && this.#shownTo(after.profileId, after.order.debtorKennitala);
    const notice = outcomeNotice(after, settings.locale(), host.appInfo().name, details);
    if (notice) host.notify?.(notice);
  }

  /**
   * Payments that come due, told once: those waiting today by one notification a day (kept with the customer's due
   * payments, so a restart the same day does not tell again), those overdue once a run, and reminders ahead of a
   * date (due/due-reminder.ts) once a date, kept the same way. A click opens the Due list. Nothing is paid. `list`
   * is asked for only when there is someone to tell and a way to tell them.
   */
  async due(list: () => Promise<DueNews | undefined>): Promise<void> {
    const { settings, host } = this.#options;
    const profileId = this.#options.activeProfile();
    const kennitala = signedInCustomer(this.#options.sessions, profileId);
    if (!kennitala || !host.notify) return;
    const due = await list();
    if (!due) return;
    const open = due.items.filter((item) => !item.underWay);
    const today = open.filter((item) => item.dueToday);
    const overdue = open.filter((item) => !item.dueToday && item.overdue.length > 0);
    const details = () => settings.notificationDetails() && this.#shownTo(profileId, kennitala);
    const tell = (notice: Notice | undefined) => {
      if (notice) host.notify?.(notice, () => this.#options.bus.emit('dueOpened', {}));
    };
    const show = (kind: 'today' | 'overdue' | 'missed', items: DueItem[]) =>
      tell(dueNotice(kind, items, settings.locale(), host.appInfo().name, details()));
    if (today.length > 0 && this.#options.due.tellOnce(profileId, kennitala, due.today)) show('today', today);
    const runKey = `${profileId}|${kennitala}`;
    const runFrom = this.#runFrom.get(runKey) ?? due.today;
    this.#runFrom.set(runKey, runFrom);
    if (overdue.length > 0 && !this.#toldOverdue.has(runKey)) {
      this.#toldOverdue.add(runKey);
      const whileClosed = overdue.every((item) => item.overdue.every((date) => date < runFrom));
      show(whileClosed ? 'missed' : 'overdue', overdue);
    }
    this.#remind(profileId, kennitala, due, details, tell);
  }

  /** The reminders ahead that fall due today and were not told yet: one notification for them all. */
  #remind(
    profileId: string,
    kennitala: string,
    due: DueNews,
    details: () => boolean,
    tell: (notice: Notice | undefined) => void,
  ): void {
    const ahead = due.items.flatMap((item) => {
      const date = reminderDate(item, due.today);
      return date ? [{ item, date }] : [];
    });
    if (ahead.length === 0) return;
    const fresh = new Set(
      this.#options.due
        .remindOnce(
          profileId,
          kennitala,
          ahead.map(({ item, date }) => ({ id: item.id, date })),
        )
        .map(({ id }) => id),
    );
    const told = ahead.filter(({ item }) => fresh.has(item.id));
    const { settings, host } = this.#options;
    if (told.length > 0) tell(reminderNotice(told, due.today, settings.locale(), host.appInfo().name, details()));
  }

  /** The window shows this customer of this profile now, unlocked (a notification may name their payee). */
  #shownTo(profileId: string, kennitala: string): boolean {
    const { lock } = this.#options;
    // An idle lock that fell due since the last tick falls now, before anything is named.
    lock.checkIdle();
    return (
      !lock.locked &&
      profileId === this.#options.activeProfile() &&
      signedInCustomer(this.#options.sessions, profileId) === kennitala
    );
  }
}
