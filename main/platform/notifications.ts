import type { LogEntry } from '../log/app-log.ts';
import type { Notice } from './host-ports.ts';
import { warnOnConsole } from './quit-guard.ts';

/**
 * Desktop notifications that can still be clicked minutes later (issue 39, item 5). Electron reaches a notification's
 * `click` only through its JS object; once V8 has collected an object nobody kept, Electron drops its delegate and a
 * click from the Action Center or Notification Center (the normal case: the customer was away) does nothing
 * (electron/electron#12690, #16922). So every notification shown is kept here until its `click`, `close` or
 * `failed`, and let go then (nothing piles up).
 *
 * Windows keeps toasts in the Action Center after Electron's `close`, and can start the app from one: Electron 45's
 * `Notification.handleActivation` is called for every click there, whether or not the object still exists (also at a
 * cold start). Its details do not say which toast (Electron's own tag hash), so an activation opens what the newest
 * notification of this run names, once: a click both paths report (the object still alive) opens it once, not twice.
 * At a cold start there is none, and the activation only brings the app forward (which starts it anyway).
 *
 * Plain TypeScript over the few members of Electron's Notification it uses (platform.electron.ts gives the real
 * class), so it is tested under Node.
 */
export interface ShownNotification {
  on(event: 'click' | 'close', listener: () => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  show(): void;
}

export interface NotificationOptions {
  isSupported(): boolean;
  create(notice: Notice): ShownNotification;
  /** Brings the app's window to the front (a click always does, whatever the notification names). */
  focusApp(): void;
  /** Where a notification the system refused is told: the app's log (`log.warn`); console.warn by default. */
  warn?: (entry: LogEntry) => void;
}

export interface Notifications {
  /** Shows `notice`; its click brings the app forward and calls `onClick` (what it names), once. */
  notify(notice: Notice, onClick?: () => void): void;
  /** Windows's activation of one of this app's notifications (`Notification.handleActivation`). */
  activated(): void;
  /** How many are kept now: shown and not yet clicked, closed or failed. */
  kept(): number;
}

export function keptNotifications(options: NotificationOptions): Notifications {
  const warn = options.warn ?? warnOnConsole;
  const kept = new Set<ShownNotification>();
  /** What the newest notification names, until it has been opened. */
  let newest: { opened: boolean; open(): void } | undefined;

  return {
    notify(notice, onClick) {
      if (!options.isSupported()) return;
      const shown = options.create(notice);
      const target = opener(onClick);
      newest = target;
      kept.add(shown);
      shown.on('click', () => {
        kept.delete(shown);
        options.focusApp();
        target.open();
      });
      shown.on('close', () => kept.delete(shown));
      // macOS refuses an unsigned app's notifications: the customer sees nothing, so support must be able to.
      shown.on('failed', (_event, error) => {
        kept.delete(shown);
        warn({ event: 'notification.failed', message: error });
      });
      shown.show();
    },
    activated() {
      options.focusApp();
      newest?.open();
    },
    kept: () => kept.size,
  };
}

/**
 * What a notification names, opened at most once. Made outside `notify`: closures made in one function share its
 * scope in V8, so one made there would keep the notification's object alive through `newest` after its `close`.
 */
function opener(onClick: (() => void) | undefined): { opened: boolean; open(): void } {
  const target = {
    opened: false,
    open() {
      if (target.opened) return;
      target.opened = true;
      onClick?.();
    },
  };
  return target;
}
